#include "rop/surface_tiles.h"

#include <algorithm>

namespace gfx::rop {

namespace {

// Calls pixel(index, slot) for each in-surface pixel of the tile, row-major.
template <class F> void walk_tile(const func::RenderTarget& rt, uint32_t tiles_per_row,
                                  uint64_t tile, TilePixels& out, F pixel) {
  const uint32_t x0 = uint32_t(tile % tiles_per_row) * 4, y0 = uint32_t(tile / tiles_per_row) * 4;
  out.w = int(std::min<uint32_t>(4, rt.width - x0));
  out.h = int(std::min<uint32_t>(4, rt.height - y0));
  for (int y = 0; y < out.h; ++y)
    for (int x = 0; x < out.w; ++x)
      pixel(rt.index(x0 + uint32_t(x), y0 + uint32_t(y)), y * out.w + x);
}

}  // namespace

Compressor::TileReader color_tile_reader(const func::RenderTarget& rt, uint32_t tiles_per_row) {
  return [&rt, tiles_per_row](uint64_t tile, TilePixels& out) {
    walk_tile(rt, tiles_per_row, tile, out, [&](uint32_t i, int k) {
      out.value[k] = rt.color[i];
      out.aux[k] = 0;
    });
  };
}

Compressor::TileReader depth_tile_reader(const func::RenderTarget& rt, uint32_t tiles_per_row) {
  return [&rt, tiles_per_row](uint64_t tile, TilePixels& out) {
    walk_tile(rt, tiles_per_row, tile, out, [&](uint32_t i, int k) {
      out.value[k] = rt.depth[i] >> 8;  // depth << 8 | stencil8
      out.aux[k] = rt.depth[i] & 0xFFu;
    });
  };
}

}  // namespace gfx::rop
