// Which tiles compress, and into how many bytes: a tile model looks at a tile's samples as
// the functional surface holds them when the tile is written back, so whether a tile
// compresses is deterministic and the same in every run. A tile is 4x4 pixels of S samples
// (S = 1 without MSAA); T is its memory bytes (16 x S x the sample's bytes) and T1 = T / S
// the bytes of one sample a pixel.
//   uniform: every sample of the tile has the same bits (a colour tile of one colour):
//            ceil(T1 / ratio) bytes whatever S (one colour stands for every sample).
//   samples: (colour, MSAA) a tile of one colour as `uniform`; otherwise each pixel whose
//            samples are all equal stores one colour, any other pixel all S, plus
//            `flag_bits` per pixel of the tile (the per-pixel flag, FMASK-like): ceil((colours
//            x sample bytes x 8 + 16 x flag_bits) / 8) bytes when that is less than T
//            (at S = 1 only one-colour tiles compress, as with `uniform`).
//   plane:   (depth) the depths are one plane up to rounding, and the stencil (the aux value)
//            is one value for the whole tile: for each sample index s the 4x4 grid of sample
//            s is a plane (every second difference along x and y, and every mixed
//            difference, in [-1, 1]: rounding a plane to integers leaves no more), and for
//            s > 0 the difference to sample 0, z_s - z_0, takes at most two adjacent values
//            over the tile's pixels (a plane shifted by a fixed offset, rounded). One plane
//            equation stands for every sample: ceil(T1 / ratio) bytes whatever S, so a
//            fully covered 4x tile costs the bytes of a 1x one. A tile two primitives cover
//            (an edge tile) is not one plane and stays plain.
//   minmax:  max - min of the depths is below 2^delta_bits (base plus a delta per sample),
//            and the stencil is one value: ceil(T / ratio) bytes.
// Leaves out: several ratio classes per model, tiles of several planes (one plane or plain).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gfx::rop {

// The in-surface pixels of one tile (w x h, fewer than 4 at the surface's right and bottom
// edges), row-major, each with its `samples` samples adjacent: `value` is the colour's bits
// or the depth as an ordered number, `aux` the stencil (0 for colour).
struct TilePixels {
  static constexpr int kMaxSamples = 16;
  int w = 4, h = 4;
  int samples = 1;
  uint64_t value[16 * kMaxSamples] = {};
  uint32_t aux[16 * kMaxSamples] = {};
  int count() const { return w * h * samples; }
  uint64_t at(int x, int y, int s = 0) const { return value[(y * w + x) * samples + s]; }
};

// What a model needs besides the samples: the ratio and the bounds of its section
// (compression_config.h).
struct TileModelParams {
  uint32_t ratio = 4;
  uint32_t delta_bits = 8;  // minmax
  uint32_t flag_bits = 1;   // samples
};

class TileModel {
 public:
  virtual ~TileModel() = default;
  // The bytes the tile takes compressed, or 0 when it is stored plain; `tile_bytes` is its
  // memory bytes T (all samples, including the pixels past the surface's edge).
  virtual uint32_t packed_bytes(const TilePixels& t, uint32_t tile_bytes) const = 0;
};

// The model `name` (tile_model_names()). Throws on an unknown name (the config's choices
// catch it first).
std::unique_ptr<TileModel> make_tile_model(const std::string& name, const TileModelParams& p);
std::vector<std::string> tile_model_names();

}  // namespace gfx::rop
