// Procedural A8R8G8B8 textures for the bundled traces, and box-filtered mip chains.
// The patterns are made of flat areas and sharp edges so that they compress well in a
// gzip stream (the traces are committed to the repository).
#pragma once

#include <cstdint>
#include <vector>

#include "api/state.h"

namespace gfx::tracegen {

// One level as 0xAARRGGBB words, row by row.
struct Image {
  uint32_t width = 0, height = 0;
  std::vector<uint32_t> texels;
};

Image checker(uint32_t size, uint32_t cell, uint32_t c0, uint32_t c1);
Image bricks(uint32_t size, uint64_t seed);       // brick colours vary per brick
Image rings(uint32_t size, uint32_t ring_width);  // concentric bands around the centre
Image tiles(uint32_t size, uint32_t tile);        // tinted tiles with 1-texel grout

// Half-size image, each texel the rounded mean of a 2x2 block (per channel).
Image box_downsample(const Image& img);

// A texture from level 0, with the full mip chain down to 1x1 when `mips` is set.
api::Texture make_texture(const Image& level0, bool mips);

}  // namespace gfx::tracegen
