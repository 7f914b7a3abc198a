// The ROP's side of fast clear and compression: which surfaces the compressor tracks and
// which tiles of a Clear are fast-cleared (rop/compressor.h has the tile states).
#include "api/enums.h"
#include "rop/rop.h"
#include "rop/surface_tiles.h"

namespace gfx::rop {

namespace {
constexpr int kTilePixels = 4;
}  // namespace

void Rop::track_surfaces() {
  const uint32_t rows = (target_.height + kTilePixels - 1) / kTilePixels;
  const uint64_t tiles = uint64_t(tiles_per_row_) * rows;
  constexpr uint32_t kTileArea = kTilePixels * kTilePixels;
  // A block is what one access below the L2 moves: the L2's line, or the unit cache's
  // line when there is no L2 (a tile at most; under MSAA a tile spans several lines).
  const memory::L2& l2 = memory_.l2();
  auto block = [&](const sim::Cache& unit) {
    return l2.enabled() ? l2.line_bytes() : unit.config().line_bytes;
  };
  compressor_.track(color_base_, Compressor::Kind::Color, tiles, kTileArea * 4 * samples_,
                    block(color_cache_), color_tile_reader(target_, tiles_per_row_));
  compressor_.track(depth_base_, Compressor::Kind::Depth, tiles,
                    kTileArea * depth_bytes_ * samples_, block(z_cache_),
                    depth_tile_reader(target_, tiles_per_row_));
}

bool Rop::fast_clear_tile(const func::ClearOp& op, bool depth, int surface, int tx, int ty) {
  if (!cfg_.fast_clear.enable) return false;
  // Only the back buffer's surfaces are tracked.
  if (depth ? op.depth_surface != nullptr : surface != 0 || op.color_targets[0] != nullptr)
    return false;
  // The tile's in-surface pixels must all lie inside the rectangle.
  const int w = int(target_.width), h = int(target_.height);
  const int x_end = std::min(tx + kTilePixels, w), y_end = std::min(ty + kTilePixels, h);
  if (tx < op.x0 || ty < op.y0 || x_end > op.x1 || y_end > op.y1) return false;
  const uint64_t tile = uint64_t(ty / kTilePixels) * tiles_per_row_ + uint64_t(tx / kTilePixels);
  // A cleared tile stands for one value in every bit of its pixels (the tile state holds
  // it). A colour clear writes whole pixels; a depth-only or stencil-only clear of D24S8
  // keeps the other part, so the tile qualifies when the kept part is one value too, as
  // it is wherever stencil (or depth) is unused. The functional surface is already
  // cleared, so its tile holds the result.
  if (depth) {
    TilePixels px;
    depth_tile_reader(target_, tiles_per_row_)(tile, px);
    for (int i = 1; i < px.count(); ++i)
      if (px.aux[i] != px.aux[0] || px.value[i] != px.value[0]) return false;
  }
  compressor_.clear_tile(depth ? depth_base_ : color_base_, tile);
  ++fast_clear_left_;
  ++fast_cleared_tiles_;
  return true;
}

}  // namespace gfx::rop
