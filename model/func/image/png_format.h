// Internal to func/image: the pieces of the PNG format the encoder and decoder share.
#pragma once

#include <cstdint>
#include <cstdlib>

namespace gfx::func::png {

constexpr uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
constexpr uint32_t kMaxPixels = 1u << 28;  // refuse larger images (1 GiB of RGBA)

enum Filter : uint8_t { kNone = 0, kSub = 1, kUp = 2, kAverage = 3, kPaeth = 4 };

// The Paeth predictor of the PNG specification (section 9.4).
inline uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
  const int p = int(a) + int(b) - int(c);
  const int pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

// Predictor of byte i of a row: a = left (bpp bytes back), b = above, c = above-left.
inline uint8_t predict(Filter f, const uint8_t* row, const uint8_t* prev, size_t i, size_t bpp) {
  const uint8_t a = i >= bpp ? row[i - bpp] : 0;
  const uint8_t b = prev ? prev[i] : 0;
  const uint8_t c = (prev && i >= bpp) ? prev[i - bpp] : 0;
  switch (f) {
    case kSub: return a;
    case kUp: return b;
    case kAverage: return uint8_t((int(a) + int(b)) / 2);
    case kPaeth: return paeth(a, b, c);
    default: return 0;
  }
}

inline uint32_t be32(const uint8_t* p) {
  return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | p[3];
}
inline void put_be32(uint8_t* p, uint32_t v) {
  p[0] = uint8_t(v >> 24);
  p[1] = uint8_t(v >> 16);
  p[2] = uint8_t(v >> 8);
  p[3] = uint8_t(v);
}

}  // namespace gfx::func::png
