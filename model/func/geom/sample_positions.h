// The standard D3D10.1 multisample patterns (D3D11_STANDARD_MULTISAMPLE_PATTERN) for 1, 2,
// 4, 8 and 16 samples, in 1/16 px from the pixel centre, x right and y down (reference
// d3d-semantics.md §5.3; the same points as the Vulkan spec's standard sample locations).
// Offsets in 1/16 px are exact in the rasterizer's 16.8 fixed point: one step is 16
// subpixels.
#pragma once

#include <cstdint>

namespace gfx::func {

constexpr int kMaxSamples = 16;

struct SampleOffset {
  int8_t x, y;  // 1/16 px from the pixel centre
};

// Whether `count` is a modelled sample count (1, 2, 4, 8 or 16).
constexpr bool valid_sample_count(uint32_t count) {
  return count == 1 || count == 2 || count == 4 || count == 8 || count == 16;
}

// The offsets of samples 0 .. count - 1 (count: a valid_sample_count).
inline const SampleOffset* sample_offsets(uint32_t count) {
  static constexpr SampleOffset k1[] = {{0, 0}};
  static constexpr SampleOffset k2[] = {{4, 4}, {-4, -4}};
  static constexpr SampleOffset k4[] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
  static constexpr SampleOffset k8[] = {{1, -3}, {-1, 3}, {5, 1},  {-3, -5},
                                        {-5, 5}, {-7, -1}, {3, 7}, {7, -7}};
  static constexpr SampleOffset k16[] = {{1, 1},   {-1, -3}, {-3, 2}, {4, -1},
                                         {-5, -2}, {2, 5},   {5, 3},  {3, -5},
                                         {-2, 6},  {0, -7},  {-4, -6}, {-6, 4},
                                         {-8, 0},  {7, -4},  {6, 7},  {-7, -8}};
  switch (count) {
    case 2: return k2;
    case 4: return k4;
    case 8: return k8;
    case 16: return k16;
    default: return k1;
  }
}

// Sample coverage of a 2x2 quad: bit kMaxSamples * pixel + sample (pixel i = (x + (i & 1),
// y + (i >> 1)), as in Quad::mask).
constexpr uint64_t kPixelSampleBits = (uint64_t(1) << kMaxSamples) - 1;
inline uint64_t pixel_sample_bits(uint64_t samples, int pixel) {
  return samples >> (kMaxSamples * pixel) & kPixelSampleBits;
}
// The pixels (Quad::mask form) with at least one sample of `samples`.
inline uint8_t pixels_of(uint64_t samples) {
  uint8_t m = 0;
  for (int i = 0; i < 4; ++i)
    if (pixel_sample_bits(samples, i)) m |= uint8_t(1u << i);
  return m;
}
// Every sample 0 .. count - 1 of the pixels in `mask`.
inline uint64_t samples_of(uint8_t mask, uint32_t count) {
  const uint64_t all = count >= kMaxSamples ? kPixelSampleBits : (uint64_t(1) << count) - 1;
  uint64_t s = 0;
  for (int i = 0; i < 4; ++i)
    if (mask >> i & 1) s |= all << (kMaxSamples * i);
  return s;
}

}  // namespace gfx::func
