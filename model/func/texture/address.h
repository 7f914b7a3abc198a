// Texture addressing: maps an integer texel index that may lie outside a mip level onto the
// texel that is read, per axis, with the D3D9 D3DTEXTUREADDRESS semantics. Addressing works
// on texel indices after the filter has chosen its taps (as hardware does), so a bilinear
// footprint straddling an edge wraps, mirrors or clamps each tap on its own.
//   wrap        index mod size
//   mirror      period 2*size, the second half reversed
//   clamp       clamp to [0, size-1]
//   border      outside [0, size-1] -> the border colour (returned as kBorderTexel)
//   mirror_once mirrored once about 0 (|u|), then clamped
#pragma once

#include <cstdint>

#include "api/enums.h"

namespace gfx::func {

constexpr int32_t kBorderTexel = -1;

namespace detail {
// Non-negative remainder; power-of-two sizes (the common case) avoid the division.
inline int32_t positive_mod(int32_t i, int32_t n) {
  if ((n & (n - 1)) == 0) return i & (n - 1);  // two's complement: correct for i < 0 too
  const int32_t r = i % n;
  return r < 0 ? r + n : r;
}
}  // namespace detail

// `size` >= 1; `i` is any index the sampler produced (its range is bounded by the caller).
inline int32_t address_texel(api::Address mode, int32_t i, int32_t size) {
  switch (mode) {
    case api::Address::Wrap: return detail::positive_mod(i, size);
    case api::Address::Mirror: {
      const int32_t m = detail::positive_mod(i, 2 * size);
      return m < size ? m : 2 * size - 1 - m;
    }
    case api::Address::Border: return (i < 0 || i >= size) ? kBorderTexel : i;
    case api::Address::MirrorOnce: {
      const int32_t m = i < 0 ? -i - 1 : i;
      return m < size ? m : size - 1;
    }
    case api::Address::Clamp:
    default:  // prepare_sampler rejects other values; clamp keeps any leftover in bounds
      return i < 0 ? 0 : (i >= size ? size - 1 : i);
  }
}

}  // namespace gfx::func
