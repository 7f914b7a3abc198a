#include "rop/surface_tiles.h"

#include <algorithm>

namespace gfx::rop {

namespace {

// Calls sample(index, slot) for each sample of each in-surface pixel of the tile,
// row-major, a pixel's samples adjacent.
template <class F> void walk_tile(const func::RenderTarget& rt, uint32_t tiles_per_row,
                                  uint64_t tile, TilePixels& out, F sample) {
  const uint32_t x0 = uint32_t(tile % tiles_per_row) * 4, y0 = uint32_t(tile / tiles_per_row) * 4;
  out.w = int(std::min<uint32_t>(4, rt.width - x0));
  out.h = int(std::min<uint32_t>(4, rt.height - y0));
  out.samples = int(rt.samples);
  for (int y = 0; y < out.h; ++y)
    for (int x = 0; x < out.w; ++x)
      for (uint32_t s = 0; s < rt.samples; ++s)
        sample(rt.sample_index(x0 + uint32_t(x), y0 + uint32_t(y), s),
               (y * out.w + x) * out.samples + int(s));
}

}  // namespace

Compressor::TileReader color_tile_reader(const func::RenderTarget& rt, uint32_t tiles_per_row) {
  return [&rt, tiles_per_row](uint64_t tile, TilePixels& out) {
    walk_tile(rt, tiles_per_row, tile, out, [&](size_t i, int k) {
      out.value[k] = rt.color[i];
      out.aux[k] = 0;
    });
  };
}

Compressor::TileReader depth_tile_reader(const func::RenderTarget& rt, uint32_t tiles_per_row) {
  return [&rt, tiles_per_row](uint64_t tile, TilePixels& out) {
    walk_tile(rt, tiles_per_row, tile, out, [&](size_t i, int k) {
      out.value[k] = rt.depth[i] >> 8;  // depth << 8 | stencil8
      out.aux[k] = rt.depth[i] & 0xFFu;
    });
  };
}

}  // namespace gfx::rop
