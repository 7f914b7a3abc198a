// D3D9 alpha blending, and the colour write mask. On an 8-bit unorm render target the
// blender works on 8-bit unorm colours: the shader's colour is clamped and rounded to 8
// bits first (as a unorm target stores it), then blended in float and rounded to nearest.
// Targets in other formats (target_format.h) blend in float with blend_colors.
// Colour channels use SRCBLEND, DESTBLEND and BLENDOP; alpha uses them too, or with
// SEPARATEALPHABLENDENABLE its own SRCBLENDALPHA, DESTBLENDALPHA and BLENDOPALPHA. MIN and
// MAX ignore the factors. BLENDFACTOR/INVBLENDFACTOR take D3DRS_BLENDFACTOR; BOTHSRCALPHA
// and BOTHINVSRCALPHA (source blend only) set the destination factor as well.
// Leaves out: D3D9Ex's dual-source SRCCOLOR2/INVSRCCOLOR2 (the trace rejects them), and
// BOTH* as a destination or alpha factor (the driver rejects them).
#pragma once

#include <cstdint>

#include "api/enums.h"
#include "api/state.h"
#include "func/math.h"

namespace gfx::func {

struct BlendMode {
  api::Blend src = api::Blend::One;
  api::Blend dst = api::Blend::Zero;
  api::BlendOp op = api::BlendOp::Add;
  // The alpha channel's, used when `separate` (else alpha takes src, dst and op).
  bool separate = false;
  api::Blend src_alpha = api::Blend::One;
  api::Blend dst_alpha = api::Blend::Zero;
  api::BlendOp op_alpha = api::BlendOp::Add;
  uint32_t factor = 0xFFFFFFFF;  // D3DRS_BLENDFACTOR, 0xAARRGGBB
};

// The blend mode the render states select.
BlendMode blend_mode(const api::RenderStates& rs);

// Blend source colour `src` (0xAARRGGBB, already 8-bit) over `dst`; returns 0xAARRGGBB.
uint32_t blend_argb(const BlendMode& m, uint32_t src, uint32_t dst);

// The same in float, before the target stores the result: `s` and `d` as the target holds
// them (a unorm target's source clamped to [0, 1] by the caller, a float target's not).
Vec4 blend_colors(const BlendMode& m, const Vec4& s, const Vec4& d);

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
