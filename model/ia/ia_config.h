// Configuration of the input assembler: index fetch, vertex reuse, attribute fetch.
#pragma once

#include <string>

#include "config/schema.h"
#include "sim/cache_config.h"
#include "sim/queue_config.h"

namespace gfx::ia {

struct IaConfig {
  uint32_t indices_per_cycle = 4;        // indices fetched and looked up per cycle
  uint32_t vertices_per_cycle = 4;       // new (missed) vertices fetched and batched per cycle
  uint32_t post_transform_entries = 32;  // post-transform vertex cache entries; 0 = no reuse
  std::string post_transform_policy = "fifo";  // replacement: a sim::replacement_names() name
  // clang-format off
  uint32_t vertex_store_entries = 1024; // shaded vertices held for primitive assembly
  sim::CacheConfig index_cache =
      sim::CacheConfig().with_size_kib(4).with_ways(4).with_line_bytes(64)
          .with_mshrs(4).with_ports(1).with_hit_latency(1);
  sim::CacheConfig vertex_cache =
      sim::CacheConfig().with_size_kib(8).with_ways(4).with_line_bytes(64)
          .with_mshrs(8).with_ports(2).with_hit_latency(1);
  // clang-format on
  sim::QueueConfig primitive_queue =  // assembled primitives towards setup
      sim::QueueConfig().with_capacity(64).with_width(2).with_latency(1);

  static void describe(cfg::Schema<IaConfig>& s) {
    s.field("indices_per_cycle", &IaConfig::indices_per_cycle, "indices/cycle",
            "Indices fetched and looked up in the post-transform cache per cycle")
        .range(1, 64);
    s.field(
         "vertices_per_cycle", &IaConfig::vertices_per_cycle, "vertices/cycle",
         "New vertices (post-transform misses) whose attributes are fetched and batched per cycle")
        .range(1, 64);
    s.field("post_transform_entries", &IaConfig::post_transform_entries, "vertices",
            "Post-transform vertex cache entries; 0 disables reuse")
        .range(0, 65536);
    s.field("post_transform_policy", &IaConfig::post_transform_policy, "",
            "Post-transform cache replacement policy (fifo: a hit does not refresh the entry)")
        .choices(sim::replacement_names());
    s.field("vertex_store_entries", &IaConfig::vertex_store_entries, "vertices",
            "Shaded vertices buffered between the shader cores and primitive assembly")
        .range(64, 1 << 20);
    s.section("index_cache", &IaConfig::index_cache, "Index fetch cache");
    s.section("vertex_cache", &IaConfig::vertex_cache, "Vertex attribute fetch cache");
    s.section("primitive_queue", &IaConfig::primitive_queue, "Assembled primitives towards setup");
    s.check([](const IaConfig& c) -> std::string {
      if (c.vertex_store_entries < 2 * c.post_transform_entries + 64)
        return "vertex_store_entries must be at least 2 * post_transform_entries + 64";
      return "";
    });
  }
};

}  // namespace gfx::ia
