// Configuration of the early-Z stage (between the rasterizer and the shader cores).
#pragma once

#include "config/schema.h"
#include "sim/queue_config.h"

namespace gfx::early_z {

struct EarlyZConfig {
  bool enable = false;           // wire the stage (and test early in functional runs)
  uint32_t quads_per_cycle = 4;  // depth lookups issued (and quads tested) per cycle
  uint32_t latency = 2;          // cycles from a warp's last test to leaving the stage
  uint32_t inflight_quads = 256;  // quads held (taken, not yet passed on) before taking more
  sim::QueueConfig output_queue =  // tested pixel warps towards the shader cores
      sim::QueueConfig().with_capacity(16).with_width(1).with_latency(1);

  static void describe(cfg::Schema<EarlyZConfig>& s) {
    s.field("enable", &EarlyZConfig::enable, "",
            "Test depth and stencil before shading where func::depth_path allows it "
            "(docs/units/early-z.md); the pixels are the same either way");
    s.field("quads_per_cycle", &EarlyZConfig::quads_per_cycle, "quads/cycle",
            "Quads whose depth line is looked up, and which are tested, per cycle")
        .range(1, 256);
    s.field("latency", &EarlyZConfig::latency, "cycles",
            "Cycles from a warp's last depth test to the warp leaving the stage")
        .range(0, 1000);
    s.field("inflight_quads", &EarlyZConfig::inflight_quads, "quads",
            "Quads the stage holds (taken and not yet passed on, their depth lookups "
            "outstanding or done); a warp is taken only while fewer are held")
        .range(1, 65536);
    s.section("output_queue", &EarlyZConfig::output_queue,
              "Tested pixel warps waiting for a shader core (early_z_queue)");
  }
};

}  // namespace gfx::early_z
