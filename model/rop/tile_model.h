// Which 4x4-pixel tiles compress: a tile model looks at a tile's pixels as the functional
// surface holds them when the tile is written back, so whether a tile compresses is
// deterministic and the same in every run.
//   uniform: every pixel of the tile has the same bits (a colour tile of one colour).
//   plane:   the depths are one plane up to rounding (depth plane-equation compression):
//            every second difference along x and along y, and every mixed difference, lies
//            in [-1, 1] (rounding a plane to integers leaves no more), and the stencil (the
//            aux value) is the same for the whole tile.
//   minmax:  max - min of the depths is below 2^delta_bits (base plus delta per pixel), and
//            the stencil is the same for the whole tile.
// Leaves out: several ratio classes per model (a tile compresses at the one ratio or not).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gfx::rop {

// The in-surface pixels of one tile (w x h, fewer than 4 at the surface's right and bottom
// edges), row-major: `value` is the colour's bits or the depth as an ordered number,
// `aux` the stencil (0 for colour).
struct TilePixels {
  int w = 4, h = 4;
  uint64_t value[16] = {};
  uint32_t aux[16] = {};
  uint64_t at(int x, int y) const { return value[y * w + x]; }
};

class TileModel {
 public:
  virtual ~TileModel() = default;
  virtual bool compressible(const TilePixels& t) const = 0;
};

// The model `name` (tile_model_names()); delta_bits is minmax's bound. Throws on an
// unknown name (the config's choices catch it first).
std::unique_ptr<TileModel> make_tile_model(const std::string& name, uint32_t delta_bits);
std::vector<std::string> tile_model_names();

}  // namespace gfx::rop
