// Colour targets in formats other than A8R8G8B8/X8R8G8B8 (textures bound with
// set_render_target): R5G6B5, A1R5G5B5, A16B16G16R16F, R32F and A32B32G32R32F, stored in
// the format's D3D9 memory layout in ColorSurface::native, so the surface becomes the
// texture's level 0 byte for byte and samples back through func/texture's decoders.
//
// Writes round as D3D does: a unorm channel of n bits stores round(clamp(v, 0, 1) *
// (2^n - 1)) (to nearest, NaN as 0); A1R5G5B5's alpha bit is round(a) likewise; a half
// channel is the float rounded to nearest even (overflow to infinity, NaN kept); 32-bit
// floats are stored as they are, unclamped. Channels the format lacks are dropped, and the
// colour write mask keeps the masked channels' old bits. Clear converts the D3DCOLOR to the
// format the same way.
// Leaves out: blending into these formats (a located error), and their memory traffic in
// the timing model (the ROP's colour traffic is the back buffer's).
#pragma once

#include <cstddef>
#include <cstdint>

#include "api/enums.h"
#include "func/math.h"
#include "func/rop/render_target.h"

namespace gfx::func {

// Whether a surface of format `f` keeps its pixels in ColorSurface::native.
bool native_target(api::Format f);

// Stores `c` into pixel `index` of `s` (whose format is native) under `write_mask`
// (D3DCOLORWRITEENABLE bits). Throws gfx::Error when blending is on.
void write_native(ColorSurface& s, size_t index, const Vec4& c, uint8_t write_mask, bool blend);

// D3D9 Clear of pixels [x0, x1) x [y0, y1) (already cut to the surface) to `argb`.
void clear_native(ColorSurface& s, int x0, int y0, int x1, int y1, uint32_t argb);

// IEEE float to half, round to nearest even.
uint16_t float_to_half(float f);

}  // namespace gfx::func
