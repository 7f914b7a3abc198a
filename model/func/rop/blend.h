// D3D9 alpha blending (SRCBLEND, DESTBLEND, BLENDOP) on an 8-bit unorm render target, and
// the colour write mask. The blender works on 8-bit unorm colours: the shader's colour is
// clamped and rounded to 8 bits first (as a unorm target stores it), then blended in
// float and rounded to nearest. Leaves out: separate alpha blend (D3DRS_SEPARATEALPHA-
// BLENDENABLE), BLENDFACTOR, and the D3D9Ex-only / BOTH* blend modes.
#pragma once

#include <cstdint>

#include "api/enums.h"
#include "func/math.h"

namespace gfx::func {

struct BlendMode {
  api::Blend src = api::Blend::One;
  api::Blend dst = api::Blend::Zero;
  api::BlendOp op = api::BlendOp::Add;
};

// Blend source colour `src` (0xAARRGGBB, already 8-bit) over `dst`; returns 0xAARRGGBB.
uint32_t blend_argb(const BlendMode& m, uint32_t src, uint32_t dst);

// Keep the channels of `old` whose bit in write_mask (D3DCOLORWRITEENABLE: bit 0 red,
// 1 green, 2 blue, 3 alpha) is clear.
inline uint32_t apply_write_mask(uint8_t write_mask, uint32_t fresh, uint32_t old) {
  uint32_t keep = 0;  // byte lanes of `fresh` that are written
  if (write_mask & 1) keep |= 0x00FF0000u;
  if (write_mask & 2) keep |= 0x0000FF00u;
  if (write_mask & 4) keep |= 0x000000FFu;
  if (write_mask & 8) keep |= 0xFF000000u;
  return (fresh & keep) | (old & ~keep);
}

}  // namespace gfx::func
