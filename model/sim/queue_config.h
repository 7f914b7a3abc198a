// Configuration of one Queue: depth, per-cycle width and latency.
#pragma once

#include <cstdint>

#include "config/schema.h"

namespace gfx::sim {

struct QueueConfig {
  uint32_t capacity = 16;  // items
  uint32_t width = 1;      // pushes per cycle and pops per cycle
  uint32_t latency = 1;    // cycles from push until the item can be popped

  // Named setters, so a default is written by field name (C++17 has no designated
  // initializers): QueueConfig().with_capacity(4).with_latency(2).
  // clang-format off
  QueueConfig& with_capacity(uint32_t v) { capacity = v; return *this; }
  QueueConfig& with_width(uint32_t v) { width = v; return *this; }
  QueueConfig& with_latency(uint32_t v) { latency = v; return *this; }
  // clang-format on

  static void describe(cfg::Schema<QueueConfig>& s) {
    s.field("capacity", &QueueConfig::capacity, "items", "Entries the queue holds")
        .range(1, 1 << 20);
    s.field("width", &QueueConfig::width, "items/cycle", "Pushes and pops per cycle")
        .range(1, 1024);
    s.field("latency", &QueueConfig::latency, "cycles", "Cycles from push to earliest pop")
        .range(1, 100000);
  }
};

}  // namespace gfx::sim
