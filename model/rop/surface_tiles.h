// Tile readers over the back buffer's functional surfaces, for the compressor's tile models
// (rop/compressor.h): the colour tile's A8R8G8B8 words, and the depth tile's depth bits
// (24- or 16-bit unorm, an ordered number) with the stencil byte as the aux value; every
// sample of each pixel under MSAA.
#pragma once

#include "func/rop/render_target.h"
#include "rop/compressor.h"

namespace gfx::rop {

// `rt` must outlive the reader; the depth reader reads rt's depth format at each call.
Compressor::TileReader color_tile_reader(const func::RenderTarget& rt, uint32_t tiles_per_row);
Compressor::TileReader depth_tile_reader(const func::RenderTarget& rt, uint32_t tiles_per_row);

}  // namespace gfx::rop
