// The back buffer the functional ROP renders into: one A8R8G8B8 colour surface and one
// depth/stencil surface of the same size (D24S8, D24X8 or D16: the trace header's
// depth_format), linear row-major, plus D3D9 Clear.
// A ColorSurface is an extra A8R8G8B8 colour target (a texture bound with
// set_render_target); ColorTargets holds the four MRT slots, where a null slot 0 stands for
// the back buffer's colour and a null slot 1..3 is unbound.
// MSAA: with `samples` > 1 both surfaces hold every sample, sample s of pixel (x, y) at
// index(x, y) * samples + s; with 1 the layout is the plain per-pixel one. resolve() gives
// the image a Present shows.
// Leaves out: MSAA textures (colour targets and depth views are single-sample), other
// back-buffer formats, and any memory layout (tiling, compression) — the timing model's
// caches decide addresses themselves.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "api/enums.h"

namespace gfx::func {

struct RenderTarget {
  uint32_t width = 0, height = 0;
  uint32_t samples = 1;         // samples per pixel: 1, 2, 4, 8 or 16
  std::vector<uint32_t> color;  // 0xAARRGGBB per sample
  // depth << 8 | stencil8 per sample: depth is 24-bit unorm, or 16-bit for D16; the
  // stencil byte stays 0 on formats without stencil.
  std::vector<uint32_t> depth;
  api::Format depth_format = api::Format::D24S8;
  // New size; contents become colour 0 and depth 1.0 with stencil 0 (D3D leaves them
  // undefined; a fixed value keeps runs deterministic).
  void resize(uint32_t w, uint32_t h);
  // A new depth format; the depth surface becomes depth 1.0, stencil 0.
  void set_depth_format(api::Format f);
  // A new sample count (1, 2, 4, 8 or 16); contents as after resize.
  void set_samples(uint32_t n);
  bool has_stencil() const { return depth_format == api::Format::D24S8; }
  uint32_t index(uint32_t x, uint32_t y) const { return y * width + x; }
  // Where sample s of pixel (x, y) lies in color and depth.
  size_t sample_index(uint32_t x, uint32_t y, uint32_t s) const {
    return size_t(index(x, y)) * samples + s;
  }
  // The resolved colour image, one word per pixel: each channel is the exact mean of the
  // pixel's samples' 8-bit values rounded to nearest, ties up (pack_argb's rule for the
  // UNORM conversion of D3D10's averaging resolve), so half red over black at 4x gives
  // 510 / 4 = 127.5 -> 0x80. With one sample it is `color` itself.
  const std::vector<uint32_t>& resolve() const;

 private:
  mutable std::vector<uint32_t> resolved_;  // resolve()'s image (MSAA only)
};

// Colour targets bound at once: D3D10's eight (D3D10_SIMULTANEOUS_RENDER_TARGET_COUNT).
// D3D9 traces may bind all eight too; the modelled D3D9 device's COLORWRITEENABLE1..3
// states reach targets 1..3 only, and targets 4..7 keep a full write mask there.
constexpr int kMaxRenderTargets = 8;

struct ColorSurface {
  uint32_t width = 0, height = 0;
  std::vector<uint32_t> color;  // 0xAARRGGBB per pixel, row-major
  // Other formats (target_format.h) keep their pixels in the format's memory layout here
  // instead, and `color` stays empty.
  api::Format format = api::Format::A8R8G8B8;
  std::vector<uint8_t> native;
};
using ColorTargets = std::array<std::shared_ptr<ColorSurface>, kMaxRenderTargets>;

// A D3D10 depth-stencil view's surface: one image of a DXGI depth texture, its pixels in
// the format's memory layout (so it becomes the texture's image byte for byte, as colour
// targets do in ColorSurface::native): D16_UNORM 2 bytes, D24_UNORM_S8_UINT 4 (depth in
// the low 24 bits, stencil in the high 8), D32_FLOAT the IEEE float.
struct DepthSurface {
  uint32_t width = 0, height = 0;
  api::Format format = api::Format::D24_UNORM_S8_UINT;
  std::vector<uint8_t> native;
  bool has_stencil() const { return format == api::Format::D24_UNORM_S8_UINT; }
  // Pixel `index`'s depth bits (depth_to_unorm's form) and stencil (0 without stencil).
  uint32_t depth(size_t index) const;
  uint8_t stencil(size_t index) const;
  void store(size_t index, uint32_t depth_bits, uint8_t stencil);
};

// Depth in [0, 1] (clamped; NaN -> 0) to 24-bit unorm, round to nearest.
uint32_t depth_to_unorm24(float z);
// Depth z in the bits format f stores: a UNORM format of n bits (D16 and D16_UNORM 16, D24S8,
// D24X8 and D24_UNORM_S8_UINT 24) round(clamp(z, 0, 1) * (2^n - 1)), NaN as 0; D32_FLOAT
// the float itself (unclamped, -0 as +0 and NaN as 0).
uint32_t depth_to_unorm(api::Format f, float z);
// Stored depth bits of format f as a number whose unsigned order is the depth order: the
// bits themselves for UNORM formats; for D32_FLOAT an order-preserving map of the float.
uint32_t depth_order_key(api::Format f, uint32_t bits);

struct ClearOp;  // func/rop/clear_op.h

// Clears what `op` names: D3D9's Clear (rectangle, the bound colour targets, the back
// buffer's depth/stencil) or a D3D10 ClearRenderTargetView / ClearDepthStencilView (a float
// colour into one view's surface, depth/stencil into a DepthSurface).
void clear(RenderTarget& rt, const ClearOp& op);

// D3D9 Clear of the pixel rect [x0, x1) x [y0, y1) (cut to the surface): flags are
// api::ClearTarget / ClearZBuffer / ClearStencil; each surface part is touched only when
// its flag is set (clearing z keeps stencil and vice versa).
void clear(RenderTarget& rt, int x0, int y0, int x1, int y1, uint32_t flags, uint32_t color,
           float depth, uint32_t stencil);
// The same with bound targets: D3D9 clears every bound colour target (the back buffer's
// colour only when slot 0 is null) and the back buffer's depth/stencil.
void clear(RenderTarget& rt, const ColorTargets& targets, int x0, int y0, int x1, int y1,
           uint32_t flags, uint32_t color, float depth, uint32_t stencil);

}  // namespace gfx::func
