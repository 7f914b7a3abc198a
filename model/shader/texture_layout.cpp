#include "shader/texture_layout.h"

#include <algorithm>

#include "api/texture_format.h"

namespace gfx::shader {

TextureLayoutMap::TextureLayoutMap(const api::Texture& tex, api::TextureLayout layout)
    : layout_(layout) {
  constexpr uint32_t kTile = 4;
  const api::TextureFormatInfo* info = api::texture_format_info(tex.format);
  // A format without texture info (a typeless one) counts as 32-bit texels read by tile.
  const bool compressed = info && info->block == kTile;
  const uint32_t texel = !info ? 4u : info->block_bytes;
  if (!info && layout == api::TextureLayout::Tiled) {
    tile_texels_ = kTile;
    tile_bytes_ = kTile * kTile * texel;
    texel_bytes_ = 0;
  } else if (compressed) {
    // A DXT block is the smallest unit in either layout: read whole, rows of blocks.
    tile_texels_ = kTile;
    tile_bytes_ = texel;
    texel_bytes_ = 0;
  } else if (layout == api::TextureLayout::Linear) {
    tile_texels_ = 1;
    tile_bytes_ = texel;
    texel_bytes_ = 0;  // a "tile" is the texel itself
  } else {
    tile_texels_ = kTile;
    tile_bytes_ = kTile * kTile * texel;
    texel_bytes_ = texel;
  }
  for (size_t i = 0; i < tex.levels.size(); ++i) {
    const uint32_t w = std::max(1u, tex.width >> i), h = std::max(1u, tex.height >> i);
    const uint32_t tw = (w + tile_texels_ - 1) / tile_texels_;
    const uint32_t th = (h + tile_texels_ - 1) / tile_texels_;
    level_offset_.push_back(total_bytes_);
    tiles_per_row_.push_back(tw);
    image_bytes_.push_back(uint64_t(tw) * th * tile_bytes_);
    total_bytes_ += image_bytes_.back() * api::texture_images(tex.kind, tex.depth, unsigned(i));
  }
}

uint64_t TextureLayoutMap::offset(unsigned level, unsigned image, uint32_t x, uint32_t y) const {
  const uint32_t t = tile_texels_;
  return level_offset_[level] + image * image_bytes_[level] +
         (uint64_t(y / t) * tiles_per_row_[level] + x / t) * tile_bytes_ +
         ((y % t) * t + x % t) * texel_bytes_;
}

std::optional<api::TextureLayout> forced_texture_layout(const std::string& config_value) {
  // The schema allows only trace and the layouts' names, so from_name finds the others.
  if (config_value == "trace") return std::nullopt;
  return api::from_name<api::TextureLayout>(config_value);
}

}  // namespace gfx::shader
