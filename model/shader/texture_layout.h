// Where a texture's texels live in memory: the byte offset of texel (x, y) of image `image`
// (a cube face or a volume slice) of mip level `level`, for the layout the texture uses. The
// texture path turns these offsets into cache lines; pixels never depend on them.
//
// Both layouts place the levels one after another, each level's images one after another:
//   tiled   4x4-texel tiles, tiles row-major in the image. A tile is 16 texels of the
//           format's size (64 bytes at 32 bpp: one texture-cache line), or one DXT block
//           (8 bytes for DXT1, 16 for DXT2..5). Rows of tiles are padded to whole tiles.
//           offset = ((y/4) * tiles_per_row + x/4) * tile_bytes + ((y%4)*4 + x%4) * texel_bytes
//   linear  texel rows one after another, tightly packed (the pitch is the row's bytes):
//           offset = y * width * texel_bytes + x * texel_bytes. DXT formats have no texel
//           rows: their linear layout is rows of 4x4 blocks, the same bytes as tiled.
// Leaves out: pitch alignment of linear rows, tiles of tiles (Morton or macro-tile order
// for DRAM pages) and mip tails packed into one tile.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "api/state.h"

namespace gfx::shader {

class TextureLayoutMap {
 public:
  TextureLayoutMap(const api::Texture& tex, api::TextureLayout layout);

  // Bytes from the texture's base; x, y inside the level, image inside the level's images.
  uint64_t offset(unsigned level, unsigned image, uint32_t x, uint32_t y) const;
  uint64_t total_bytes() const { return total_bytes_; }
  unsigned levels() const { return unsigned(level_offset_.size()); }
  api::TextureLayout layout() const { return layout_; }

 private:
  api::TextureLayout layout_;
  uint32_t tile_texels_ = 4;  // texels per tile side (1: linear texel rows)
  uint32_t tile_bytes_ = 64;  // bytes of a tile
  uint32_t texel_bytes_ = 4;  // bytes of a texel in its tile; 0 when a tile is one DXT block
  std::vector<uint64_t> level_offset_;   // bytes from base
  std::vector<uint64_t> image_bytes_;    // per level: one face or slice
  std::vector<uint32_t> tiles_per_row_;  // per level
  uint64_t total_bytes_ = 0;
};

// shader.texture_layout: "trace" -> none (each texture's own), "linear" / "tiled" -> that one.
std::optional<api::TextureLayout> forced_texture_layout(const std::string& config_value);

}  // namespace gfx::shader
