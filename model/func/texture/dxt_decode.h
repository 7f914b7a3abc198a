// DXT (S3TC / BC1-3) block decoding, the rules of texel_decode.h. Each function reads one
// texel (x, y) of an image `width` texels wide stored as 4x4 blocks, block rows top to
// bottom, and writes its 8-bit channels (r, g, b, a) as 0..255.
#pragma once

#include <cstdint>

namespace gfx::func {

void dxt1_texel(const uint8_t* image, int32_t width, int32_t x, int32_t y, double out[4]);
void dxt3_texel(const uint8_t* image, int32_t width, int32_t x, int32_t y,
                double out[4]);  // DXT2/3
void dxt5_texel(const uint8_t* image, int32_t width, int32_t x, int32_t y,
                double out[4]);  // DXT4/5

// The colour half of a block (8 bytes) at texel index i = 4 * row + column; `three_colour`
// allows DXT1's mode where c0 <= c1. Writes r, g, b, a as 0..255.
void dxt_color(const uint8_t* block, unsigned i, bool three_colour, uint32_t rgba[4]);
// DXT4/5's interpolated alpha (8 bytes) at texel index i.
uint32_t dxt_alpha(const uint8_t* block, unsigned i);

}  // namespace gfx::func
