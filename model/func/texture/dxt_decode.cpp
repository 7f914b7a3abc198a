#include "func/texture/dxt_decode.h"

#include <cstddef>

namespace gfx::func {
namespace {

inline uint32_t load16(const uint8_t* p) { return uint32_t(p[0]) | uint32_t(p[1]) << 8; }

// The block holding texel (x, y) and the texel's index in it.
inline const uint8_t* block_of(const uint8_t* image, int32_t width, int32_t x, int32_t y,
                               unsigned block_bytes, unsigned* index) {
  const size_t blocks_per_row = (size_t(width) + 3) / 4;
  *index = unsigned(y & 3) * 4 + unsigned(x & 3);
  return image + (size_t(y >> 2) * blocks_per_row + size_t(x >> 2)) * block_bytes;
}

// R5G6B5 to 8 bits per channel by bit replication (0 -> 0, 31 -> 255).
inline void widen565(uint32_t c, uint32_t out[3]) {
  const uint32_t r = c >> 11, g = (c >> 5) & 63, b = c & 31;
  out[0] = r << 3 | r >> 2;
  out[1] = g << 2 | g >> 4;
  out[2] = b << 3 | b >> 2;
}

inline void put(const uint32_t rgba[4], double out[4]) {
  for (int c = 0; c < 4; ++c) out[c] = double(rgba[c]);
}

}  // namespace

void dxt_color(const uint8_t* block, unsigned i, bool three_colour, uint32_t rgba[4]) {
  const uint32_t c0 = load16(block), c1 = load16(block + 2);
  const unsigned sel = (block[4 + i / 4] >> (2 * (i % 4))) & 3u;
  uint32_t e0[3], e1[3];
  widen565(c0, e0);
  widen565(c1, e1);
  rgba[3] = 255;
  const bool four = !three_colour || c0 > c1;
  for (int c = 0; c < 3; ++c) {
    switch (sel) {
      case 0: rgba[c] = e0[c]; break;
      case 1: rgba[c] = e1[c]; break;
      case 2: rgba[c] = four ? (2 * e0[c] + e1[c] + 1) / 3 : (e0[c] + e1[c] + 1) / 2; break;
      default: rgba[c] = four ? (e0[c] + 2 * e1[c] + 1) / 3 : 0; break;
    }
  }
  if (!four && sel == 3) rgba[3] = 0;  // transparent black
}

uint32_t dxt_alpha(const uint8_t* block, unsigned i) {
  const uint32_t a0 = block[0], a1 = block[1];
  uint64_t bits = 0;  // 16 indices of 3 bits, little-endian
  for (int b = 0; b < 6; ++b) bits |= uint64_t(block[2 + b]) << (8 * b);
  const uint32_t k = uint32_t(bits >> (3 * i)) & 7u;
  if (k == 0) return a0;
  if (k == 1) return a1;
  if (a0 > a1) return ((8 - k) * a0 + (k - 1) * a1 + 3) / 7;  // weights 6/1 .. 1/6
  if (k == 6) return 0;
  if (k == 7) return 255;
  return ((6 - k) * a0 + (k - 1) * a1 + 2) / 5;  // weights 4/1 .. 1/4
}

void dxt1_texel(const uint8_t* image, int32_t width, int32_t x, int32_t y, double out[4]) {
  unsigned i;
  const uint8_t* b = block_of(image, width, x, y, 8, &i);
  uint32_t rgba[4];
  dxt_color(b, i, true, rgba);
  put(rgba, out);
}

void dxt3_texel(const uint8_t* image, int32_t width, int32_t x, int32_t y, double out[4]) {
  unsigned i;
  const uint8_t* b = block_of(image, width, x, y, 16, &i);
  uint32_t rgba[4];
  dxt_color(b + 8, i, false, rgba);
  rgba[3] = ((b[i / 2] >> (4 * (i % 2))) & 15u) * 17;
  put(rgba, out);
}

void dxt5_texel(const uint8_t* image, int32_t width, int32_t x, int32_t y, double out[4]) {
  unsigned i;
  const uint8_t* b = block_of(image, width, x, y, 16, &i);
  uint32_t rgba[4];
  dxt_color(b + 8, i, false, rgba);
  rgba[3] = dxt_alpha(b, i);
  put(rgba, out);
}

}  // namespace gfx::func
