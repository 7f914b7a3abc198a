// The whole GPU configuration: one section per unit, resolved from YAML presets plus
// command-line overrides (see docs/config-reference.md, generated from these schemas).
#pragma once

#include "config/schema.h"
#include "cp/cp_config.h"
#include "early_z/early_z_config.h"
#include "hiz/hiz_config.h"
#include "ia/ia_config.h"
#include "memory/memory_config.h"
#include "raster/raster_config.h"
#include "rop/rop_config.h"
#include "setup/setup_config.h"
#include "shader/shader_config.h"
#include "tess/tess_config.h"
#include "trace/limits.h"

namespace gfx::gpu {

struct ClockConfig {
  double core_mhz = 1000.0;  // clock of every unit but DRAM
  // Far above the longest wait without progress of real work (docs/units/timing-primitives.md).
  uint64_t watchdog_cycles = 10000000;
  static void describe(cfg::Schema<ClockConfig>& s) {
    s.field("core_mhz", &ClockConfig::core_mhz, "MHz", "Core clock of the pipeline units")
        .range(1.0, 100000.0);
    s.field("watchdog_cycles", &ClockConfig::watchdog_cycles, "cycles",
            "Cycles without progress (no unit busy, no queue move, no memory reply) after which "
            "a timing run fails, naming the stuck units, the queues and the draws in flight")
        .range(1000, 1000000000000000);
  }
};

struct GpuConfig {
  std::string name = "unnamed";
  ClockConfig clock;
  cp::CpConfig cp;
  tess::TessConfig tess;
  ia::IaConfig ia;
  shader::ShaderConfig shader;
  setup::SetupConfig setup;
  raster::RasterConfig raster;
  early_z::EarlyZConfig early_z;
  hiz::HizConfig hiz;
  rop::RopConfig rop;
  memory::MemoryConfig memory;
  trace::Limits limits;

  static void describe(cfg::Schema<GpuConfig>& s) {
    s.field("name", &GpuConfig::name, "", "Name of the configuration, copied into results");
    s.section("clock", &GpuConfig::clock, "Clock domains");
    s.section("cp", &GpuConfig::cp, "Command processor");
    s.section("tessellator", &GpuConfig::tess,
              "Tessellator: capabilities (enforced in both modes) and timing");
    s.section("ia", &GpuConfig::ia, "Input assembler");
    s.section("shader", &GpuConfig::shader, "Unified shader cores and texture units");
    s.section("setup", &GpuConfig::setup, "Primitive assembly, clipping, culling, triangle setup");
    s.section("raster", &GpuConfig::raster, "Rasterizer");
    s.section("early_z", &GpuConfig::early_z,
              "Early Z: depth and stencil tested before shading where legal");
    s.section("hiz", &GpuConfig::hiz, "Hi-Z: per-tile depth bounds checked by the early-Z stage");
    s.check([](const GpuConfig& c) {
      return c.hiz.enable && !c.early_z.enable ? "hiz.enable needs early_z.enable" : "";
    }, "hiz.enable needs early_z.enable (Hi-Z is checked inside the early-Z stage)");
    s.section("rop", &GpuConfig::rop, "Render output: depth test, blending, colour write");
    s.section("memory", &GpuConfig::memory, "L2 cache and DRAM");
    s.section(cfg::kLimitsSection, &GpuConfig::limits,
              "Bounded resources: what one trace may declare (sizes, per-draw counts, YAML "
              "documents); a trace over a limit fails naming the command and the key");
  }
};

}  // namespace gfx::gpu
