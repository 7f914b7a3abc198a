// Configuration of the command processor.
#pragma once

#include "config/schema.h"
#include "sim/queue_config.h"

namespace gfx::cp {

struct CpConfig {
  uint32_t commands_per_cycle = 1;  // trace commands decoded per cycle
  uint32_t draw_setup_cycles = 20;  // state validation and draw packet build per draw
  sim::QueueConfig draw_queue =     // draws waiting for the input assembler
      sim::QueueConfig().with_capacity(4).with_width(1).with_latency(2);

  static void describe(cfg::Schema<CpConfig>& s) {
    s.field("commands_per_cycle", &CpConfig::commands_per_cycle, "commands/cycle",
            "Trace commands decoded per cycle")
        .range(1, 64);
    s.field("draw_setup_cycles", &CpConfig::draw_setup_cycles, "cycles",
            "Cycles to validate state and build the packet of one draw")
        .range(0, 100000);
    s.section("draw_queue", &CpConfig::draw_queue, "Draws handed to the input assembler");
  }
};

}  // namespace gfx::cp
