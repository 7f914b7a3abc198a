// Configuration of the unified shader cores and their texture units. Timing is given per
// opcode class (ALU, transcendental, integer, texture) with optional per-opcode overrides as three
// parallel lists (the config layer has lists of scalars, not of structs); op_timing.h
// resolves them into a table indexed by func::Op.
#pragma once

#include <string>
#include <vector>

#include "config/schema.h"
#include "shader/issue/issue_policy.h"
#include "sim/cache_config.h"
#include "sim/queue_config.h"

namespace gfx::shader {

struct ShaderConfig;
// "" when the per-opcode override lists are consistent, else the problem (op_timing.cpp).
std::string op_override_problem(const ShaderConfig& c);

struct ShaderConfig {
  uint32_t cores = 4;
  uint32_t warp_width = 16;       // threads per warp (pixel warps hold warp_width / 4 quads)
  uint32_t lanes = 4;             // threads one instruction advances per cycle
  uint32_t warp_slots = 16;       // resident warps per core
  uint32_t register_file = 2048;  // float4 registers per core, shared by resident warps' threads
  std::string issue_policy = "round_robin";
  uint32_t alu_latency = 3;
  uint32_t transcendental_latency = 5;
  uint32_t transcendental_rate = 4;        // issue cycles of a transcendental relative to an ALU op
  uint32_t integer_latency = 3;            // SM4 integer and bit ops
  uint32_t integer_rate = 1;               // issue cycles of an integer op relative to an ALU op
  uint32_t texture_latency = 8;            // filtering pipeline after the texels arrive
  uint32_t texture_lookups_per_cycle = 4;  // texture cache lines looked up per cycle per core
  uint32_t interpolants_per_cycle = 4;     // pixel attributes (float4 per quad) set up per cycle
  uint32_t dispatch_cycles = 1;            // dispatch to first issue (before interpolation)
  // The memory layout of every texture: "trace" (each texture's own, tiled when the trace
  // names none), or "linear" / "tiled" for all of them (layout sweeps). Timing only.
  std::string texture_layout = "trace";
  // Per-opcode overrides, element i of each list for the op named op_names[i].
  std::vector<std::string> op_names;
  std::vector<uint32_t> op_latencies;     // result latency, cycles
  std::vector<uint32_t> op_issue_cycles;  // issue cycles per pass (as transcendental_rate)
  // clang-format off
  sim::CacheConfig texture_cache =
      sim::CacheConfig().with_size_kib(16).with_ways(8).with_line_bytes(64)
          .with_mshrs(16).with_ports(4).with_hit_latency(2);
  // A small read-only cache of D3D10 constant-buffer lines per core, as GPUs of the class
  // have (8 KiB, one lookup per cycle; a hit takes about as long as an ALU result). With
  // size_kib 0 every constant line is read from the L2.
  sim::CacheConfig constant_cache =
      sim::CacheConfig().with_size_kib(8).with_ways(4).with_line_bytes(64)
          .with_mshrs(8).with_ports(1).with_hit_latency(3);
  // clang-format on
  sim::QueueConfig vertex_warp_queue =  // vertex warps from the input assembler
      sim::QueueConfig().with_capacity(8).with_width(1).with_latency(1);

  static void describe(cfg::Schema<ShaderConfig>& s) {
    s.field("cores", &ShaderConfig::cores, "", "Unified shader cores").range(1, 256);
    s.field("warp_width", &ShaderConfig::warp_width, "threads",
            "Threads per warp (a multiple of 4)")
        .range(4, 64);
    s.field("lanes", &ShaderConfig::lanes, "threads/cycle",
            "Threads one instruction advances per cycle")
        .range(1, 64);
    s.field("warp_slots", &ShaderConfig::warp_slots, "warps", "Resident warps per core")
        .range(1, 1024);
    s.field("register_file", &ShaderConfig::register_file, "float4 registers",
            "Register file per core; each resident thread needs its program's temporaries")
        .range(16, 1 << 20);
    s.field("issue_policy", &ShaderConfig::issue_policy, "", "Warp issue policy")
        .choices(issue_policy_names());
    s.field("alu_latency", &ShaderConfig::alu_latency, "cycles", "ALU result latency")
        .range(1, 1000);
    s.field("transcendental_latency", &ShaderConfig::transcendental_latency, "cycles",
            "RCP/RSQ/EXP/LOG result latency")
        .range(1, 1000);
    s.field("transcendental_rate", &ShaderConfig::transcendental_rate, "",
            "Issue cycles of a transcendental op relative to an ALU op")
        .range(1, 64);
    s.field("integer_latency", &ShaderConfig::integer_latency, "cycles",
            "Result latency of the SM4 integer and bit ops (iadd, imul, udiv, shifts, logic, "
            "integer min/max and comparisons)")
        .range(1, 1000);
    s.field("integer_rate", &ShaderConfig::integer_rate, "",
            "Issue cycles of an SM4 integer op relative to an ALU op")
        .range(1, 64);
    s.field("texture_latency", &ShaderConfig::texture_latency, "cycles",
            "Filtering latency after the texels arrive")
        .range(1, 1000);
    s.field("texture_lookups_per_cycle", &ShaderConfig::texture_lookups_per_cycle, "lines/cycle",
            "Texture cache lines looked up per cycle per core")
        .range(1, 64);
    s.field("interpolants_per_cycle", &ShaderConfig::interpolants_per_cycle, "attributes/cycle",
            "Pixel attributes interpolated per cycle per core (one float4 for one quad)")
        .range(1, 256);
    s.field("dispatch_cycles", &ShaderConfig::dispatch_cycles, "cycles",
            "Cycles from a warp's dispatch to a core until it may issue its first instruction; "
            "a pixel warp's attribute interpolation starts after them")
        .range(1, 1000);
    s.field("texture_layout", &ShaderConfig::texture_layout, "",
            "Memory layout of the textures: trace (each texture's create_texture layout, "
            "tiled when it names none), or linear / tiled for every texture. Changes texture "
            "addresses, so cache hits and DRAM traffic, never pixels")
        .choices({"trace", "linear", "tiled"});
    s.field("op_names", &ShaderConfig::op_names, "",
            "Opcodes whose timing overrides their class defaults (ALU, transcendental and "
            "integer ops, by their asm names, e.g. mad, rcp, udiv)");
    s.field("op_latencies", &ShaderConfig::op_latencies, "cycles",
            "Result latency of each op in op_names")
        .range(1, 1000);
    s.field("op_issue_cycles", &ShaderConfig::op_issue_cycles, "",
            "Issue cycles per pass of each op in op_names (1 = an ALU op)")
        .range(1, 64);
    s.section("texture_cache", &ShaderConfig::texture_cache, "Per-core texture L1 cache");
    s.section("constant_cache", &ShaderConfig::constant_cache,
              "Per-core constant cache: the lines of D3D10 constant buffers that instructions "
              "read (D3D9 constants are free)");
    s.section("vertex_warp_queue", &ShaderConfig::vertex_warp_queue,
              "Vertex warps waiting for a shader core");
    s.check([](const ShaderConfig& c) -> std::string {
      return c.warp_width % 4 ? "warp_width must be a multiple of 4 (pixel warps hold whole quads)"
                              : "";
    });
    s.check(
        [](const ShaderConfig& c) -> std::string {
          if (c.register_file >= c.warp_width) return "";
          return "register_file (" + std::to_string(c.register_file) +
                 ") must be at least warp_width (" + std::to_string(c.warp_width) +
                 "): a warp of the smallest program needs one float4 "
                 "register per thread, so no warp could ever be admitted";
        },
        "register_file >= warp_width (one warp of a one-register program fits a core)");
    s.check(
        [](const ShaderConfig& c) -> std::string {
          if (c.constant_cache.line_bytes <= 256) return "";
          return "constant_cache.line_bytes (" + std::to_string(c.constant_cache.line_bytes) +
                 ") must be at most 256: constant-buffer versions start 256 bytes apart, and "
                 "a line must not hold two of them";
        },
        "constant_cache.line_bytes <= 256 (the distance between constant-buffer versions)");
    s.check([](const ShaderConfig& c) { return op_override_problem(c); },
            "op_names, op_latencies and op_issue_cycles have equal lengths; each name is a known "
            "ALU, transcendental or integer op, named once");
  }
};

}  // namespace gfx::shader
