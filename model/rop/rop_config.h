// Configuration of the render output unit (depth test, blend, colour write).
#pragma once

#include "config/schema.h"
#include "rop/compression_config.h"
#include "sim/cache_config.h"
#include "sim/queue_config.h"

namespace gfx::rop {

struct RopConfig {
  uint32_t quads_per_cycle = 4;        // quads tested and blended per cycle (S slots at S samples)
  uint32_t latency = 2;                // cycles from data ready to quad retired
  uint32_t inflight_quads = 64;        // quads waiting for their Z/colour lines
  uint32_t clear_lines_per_cycle = 4;  // cache lines a clear writes per cycle
  uint32_t reorder_warps = 64;         // shaded pixel warps held to restore API order
  sim::QueueConfig input_queue =       // shaded pixel warps from the shader cores
      sim::QueueConfig().with_capacity(16).with_width(2).with_latency(2);
  sim::CacheConfig z_cache = default_cache();
  sim::CacheConfig color_cache = default_cache();
  FastClearConfig fast_clear;
  DepthCompressionConfig depth_compression;
  ColorCompressionConfig color_compression;
  static sim::CacheConfig default_cache() {  // the Z and colour caches start alike
    // clang-format off
    return sim::CacheConfig().with_size_kib(16).with_ways(4).with_line_bytes(64)
        .with_mshrs(16).with_ports(4).with_hit_latency(1);
    // clang-format on
  }

  static void describe(cfg::Schema<RopConfig>& s) {
    s.field("quads_per_cycle", &RopConfig::quads_per_cycle, "quads/cycle",
            "Quads depth-tested, blended and written per cycle; under MSAA a quad of S samples "
            "takes S of these slots")
        .range(1, 256);
    s.field("latency", &RopConfig::latency, "cycles", "Depth/blend pipeline latency")
        .range(1, 1000);
    s.field("inflight_quads", &RopConfig::inflight_quads, "quads",
            "Quads whose Z and colour lines may be outstanding at once")
        .range(1, 65536);
    s.field("clear_lines_per_cycle", &RopConfig::clear_lines_per_cycle, "lines/cycle",
            "Cache lines a Clear writes per cycle")
        .range(1, 1024);
    s.field("reorder_warps", &RopConfig::reorder_warps, "warps",
            "Shaded pixel warps buffered to restore API order")
        .range(1, 65536);
    s.section("input_queue", &RopConfig::input_queue, "Shaded pixel warps from the shader cores");
    s.section("z_cache", &RopConfig::z_cache, "Depth/stencil cache");
    s.section("color_cache", &RopConfig::color_cache, "Colour cache");
    s.section("fast_clear", &RopConfig::fast_clear, "Fast clear of back-buffer tiles");
    s.section("depth_compression", &RopConfig::depth_compression,
              "Depth compression of back-buffer depth tiles");
    s.section("color_compression", &RopConfig::color_compression,
              "Colour compression of back-buffer colour tiles");
  }
};

}  // namespace gfx::rop
