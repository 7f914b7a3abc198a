// Configuration of primitive assembly, clipping, culling and triangle setup.
#pragma once

#include "config/schema.h"
#include "sim/queue_config.h"

namespace gfx::setup {

struct SetupConfig {
  uint32_t triangles_per_cycle = 1;  // primitives clipped, culled and set up per cycle
  // The clipper's user-plane tests: a primitive drawn with n user clip planes enabled
  // holds setup for n * cycles_per_user_plane more cycles.
  uint32_t cycles_per_user_plane = 1;
  sim::QueueConfig triangle_queue =  // set-up triangles towards the rasterizer
      sim::QueueConfig().with_capacity(32).with_width(1).with_latency(10);

  static void describe(cfg::Schema<SetupConfig>& s) {
    s.field("triangles_per_cycle", &SetupConfig::triangles_per_cycle, "triangles/cycle",
            "Primitives clipped, culled and set up per cycle")
        .range(1, 64);
    s.field("cycles_per_user_plane", &SetupConfig::cycles_per_user_plane, "cycles/plane",
            "Extra setup cycles a primitive takes per enabled user clip plane")
        .range(0, 64);
    s.section("triangle_queue", &SetupConfig::triangle_queue,
              "Set-up triangles towards the rasterizer (latency = setup latency)");
  }
};

}  // namespace gfx::setup
