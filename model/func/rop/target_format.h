// Colour targets in formats other than A8R8G8B8/X8R8G8B8 (textures bound with
// set_render_target): R5G6B5, X1R5G5B5, A1R5G5B5, A4R4G4B4, G16R16, A16B16G16R16, R16F,
// A16B16G16R16F, R32F and A32B32G32R32F, and D3D10's R8G8B8A8_UNORM(_SRGB), B8G8R8A8_UNORM,
// R10G10B10A2_UNORM, R16G16B16A16_FLOAT, R32G32B32A32_FLOAT, R32_FLOAT, R16_UNORM and
// R8_UNORM, stored in the format's memory layout in
// ColorSurface::native, so the surface becomes the texture's level 0 byte for byte and
// samples back through func/texture's decoders.
//
// Writes round as D3D does: a unorm channel of n bits stores round(clamp(v, 0, 1) *
// (2^n - 1)) (to nearest, NaN as 0); A1R5G5B5's alpha bit is round(a) likewise; a half
// channel is the float rounded to nearest even (overflow to infinity, NaN kept); 32-bit
// floats are stored as they are, unclamped. Channels the format lacks are dropped (X1R5G5B5
// keeps its X bit), and the colour write mask keeps the masked channels' old bits. Clear
// converts the D3DCOLOR to the format the same way.
// Blending reads the destination as a sampler decodes it (a channel the format lacks reads
// 1 for alpha, as D3D9's DESTALPHA does on an alpha-less target), blends in float with the
// source clamped to [0, 1] for unorm formats and unclamped for float ones (the rule of
// D3D9 hardware with post-pixel-shader blending of float targets), then stores as above.
// An _SRGB target blends in linear space: the destination decodes through the sRGB curve,
// and the result is encoded, l <= 0.0031308 ? 12.92 l : 1.055 l^(1/2.4) - 0.055, before the
// 8-bit rounding (D3D10's rule).
#pragma once

#include <cstddef>
#include <cstdint>

#include "api/enums.h"
#include "func/math.h"
#include "func/rop/blend.h"
#include "func/rop/render_target.h"

namespace gfx::func {

// Whether a surface of format `f` keeps its pixels in ColorSurface::native.
bool native_target(api::Format f);

// Stores `c` into pixel `index` of `s` (whose format is native) under `write_mask`
// (D3DCOLORWRITEENABLE bits), blended over the pixel by `blend` when it is not null.
void write_native(ColorSurface& s, size_t index, const Vec4& c, uint8_t write_mask,
                  const BlendMode* blend);

// Pixel `index` of `s` (native) as a sampler reads it.
Vec4 read_native(const ColorSurface& s, size_t index);

// D3D9 Clear of pixels [x0, x1) x [y0, y1) (already cut to the surface) to `argb`.
void clear_native(ColorSurface& s, int x0, int y0, int x1, int y1, uint32_t argb);

// IEEE float to half, round to nearest even.
uint16_t float_to_half(float f);

}  // namespace gfx::func
