// Configuration of the tessellator: its capabilities (what the device reports to the
// application, enforced by the driver in both run modes) and its timing (control-point
// fetch, coefficient setup, patch cache, evaluation rate, output queue).
#pragma once

#include <string>

#include "api/patch_caps.h"
#include "config/schema.h"
#include "sim/queue_config.h"
#include "sim/replacement/replacement_policy.h"

namespace gfx::tess {

struct TessConfig {
  // Capabilities (D3DCAPS9 bits; see api/patch_caps.h).
  bool npatches = true;
  bool rt_patches = true;
  bool quintic_rt_patches = true;
  bool rt_patch_handle_zero = true;
  bool adaptive_tessellation = true;
  double max_tessellation_level = 64.0;
  // Timing.
  uint32_t fetch_lines_per_cycle = 1;           // control-point lines requested per cycle
  uint32_t line_bytes = 64;                     // bytes per control-point fetch request
  uint32_t setup_cycles_per_control_point = 2;  // coefficient setup (forward differences, PN)
  uint32_t patch_cache_entries = 64;            // set-up patches kept, by capture; 0 = none
  std::string patch_cache_replacement = "lru";  // a sim::replacement_names() name
  uint32_t vertices_per_cycle = 2;              // domain points evaluated per cycle
  sim::QueueConfig output_queue =               // tessellated draws towards the input assembler
      sim::QueueConfig().with_capacity(4).with_width(1).with_latency(1);

  api::PatchCaps caps() const {
    api::PatchCaps c;
    c.npatches = npatches;
    c.rt_patches = rt_patches;
    c.quintic_rt_patches = quintic_rt_patches;
    c.rt_patch_handle_zero = rt_patch_handle_zero;
    c.adaptive_tessellation = adaptive_tessellation;
    c.max_tessellation_level = float(max_tessellation_level);
    return c;
  }

  static void describe(cfg::Schema<TessConfig>& s) {
    s.field("npatches", &TessConfig::npatches, "",
            "Capability: N-patches (D3DDEVCAPS_NPATCHES); off makes N-patch draws fail");
    s.field("rt_patches", &TessConfig::rt_patches, "",
            "Capability: rect and tri patches (D3DDEVCAPS_RTPATCHES); off makes them fail");
    s.field("quintic_rt_patches", &TessConfig::quintic_rt_patches, "",
            "Capability: quintic RT patches (D3DDEVCAPS_QUINTICRTPATCHES)");
    s.field("rt_patch_handle_zero", &TessConfig::rt_patch_handle_zero, "",
            "Capability: handle-0 patches as fast as cached ones (D3DDEVCAPS_RTPATCHHANDLEZERO): "
            "their coefficient setup costs no cycles");
    s.field("adaptive_tessellation", &TessConfig::adaptive_tessellation, "",
            "Capability: adaptive tessellation (D3DDEVCAPS2_ADAPTIVETESS*)");
    s.field("max_tessellation_level", &TessConfig::max_tessellation_level, "segments",
            "Segment counts above this are clamped (MaxNpatchTessellationLevel-like)")
        .range(1.0, 1024.0);
    s.field("fetch_lines_per_cycle", &TessConfig::fetch_lines_per_cycle, "requests/cycle",
            "Control-point fetch requests issued per cycle")
        .range(1, 64);
    s.field("line_bytes", &TessConfig::line_bytes, "bytes",
            "Bytes per control-point fetch request (aligned)")
        .range(16, 4096);
    s.field("setup_cycles_per_control_point", &TessConfig::setup_cycles_per_control_point, "cycles",
            "Coefficient setup per control point, skipped on a patch-cache hit")
        .range(0, 10000);
    s.field("patch_cache_entries", &TessConfig::patch_cache_entries, "patches",
            "Set-up patches kept on chip (by captured handle); 0 disables the cache")
        .range(0, 65536);
    s.field("patch_cache_replacement", &TessConfig::patch_cache_replacement, "",
            "Patch cache replacement policy")
        .choices(sim::replacement_names());
    s.field("vertices_per_cycle", &TessConfig::vertices_per_cycle, "vertices/cycle",
            "Generated vertices evaluated per cycle")
        .range(1, 256);
    s.section("output_queue", &TessConfig::output_queue,
              "Tessellated draws towards the input assembler");
    s.check([](const TessConfig& c) -> std::string {
      if (c.line_bytes & (c.line_bytes - 1)) return "line_bytes must be a power of two";
      return "";
    });
  }
};

}  // namespace gfx::tess
