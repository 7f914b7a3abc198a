// Configuration of the rasterizer.
#pragma once

#include "config/schema.h"
#include "sim/queue_config.h"

namespace gfx::raster {

struct RasterConfig {
  uint32_t quads_per_cycle = 4;        // 2x2 quads generated per cycle
  uint32_t triangle_setup_cycles = 1;  // per-triangle traversal start-up
  sim::QueueConfig pixel_warp_queue =  // pixel warps towards the shader cores
      sim::QueueConfig().with_capacity(16).with_width(1).with_latency(1);

  static void describe(cfg::Schema<RasterConfig>& s) {
    s.field("quads_per_cycle", &RasterConfig::quads_per_cycle, "quads/cycle",
            "2x2 quads generated per cycle")
        .range(1, 256);
    s.field("triangle_setup_cycles", &RasterConfig::triangle_setup_cycles, "cycles",
            "Cycles to start traversing a triangle")
        .range(0, 1000);
    s.section("pixel_warp_queue", &RasterConfig::pixel_warp_queue,
              "Pixel warps waiting for a shader core");
  }
};

}  // namespace gfx::raster
