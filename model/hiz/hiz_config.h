// Configuration of Hi-Z, the per-tile depth bounds (func/rop/hiz.h) the early-Z stage
// consults before it looks up a quad's depth line (docs/units/hiz.md).
#pragma once

#include "config/schema.h"

namespace gfx::hiz {

struct HizConfig {
  bool enable = false;             // reject quads on the tile bounds (needs early_z.enable)
  uint32_t tile_pixels = 8;        // tile edge in pixels
  uint64_t capacity_tiles = 8192;  // tiles the on-chip memory holds (640x480 in 8x8: 4800)
  uint32_t quads_per_cycle = 16;   // quads checked per cycle (a whole 8x8 tile)

  static void describe(cfg::Schema<HizConfig>& s) {
    s.field("enable", &HizConfig::enable, "",
            "Reject whole quads whose pixels cannot pass against their tile's depth bound, "
            "before their depth line is read (needs early_z.enable)");
    s.field("tile_pixels", &HizConfig::tile_pixels, "pixels", "Edge of a Hi-Z tile")
        .range(2, 256)
        .check([](const uint32_t& v) { return (v & (v - 1)) == 0 ? "" : "must be a power of two"; },
               "a power of two");
    s.field("capacity_tiles", &HizConfig::capacity_tiles, "tiles",
            "Tiles whose bounds the on-chip memory holds (the first ones in row-major order); "
            "quads in tiles past them are never rejected (0: none, Hi-Z rejects nothing)")
        .range(0, 1ull << 32);
    s.field("quads_per_cycle", &HizConfig::quads_per_cycle, "quads/cycle",
            "Quads checked against their tile's bound per cycle")
        .range(1, 1024);
  }
};

}  // namespace gfx::hiz
