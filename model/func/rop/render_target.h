// The back buffer the functional ROP renders into: one A8R8G8B8 colour surface and one
// depth/stencil surface of the same size (D24S8, D24X8 or D16: the trace header's
// depth_format), linear row-major, plus D3D9 Clear.
// A ColorSurface is an extra A8R8G8B8 colour target (a texture bound with
// set_render_target); ColorTargets holds the four MRT slots, where a null slot 0 stands for
// the back buffer's colour and a null slot 1..3 is unbound.
// Leaves out: MSAA surfaces, other formats, and any memory layout (tiling, compression)
// — the timing model's caches decide addresses themselves.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "api/enums.h"

namespace gfx::func {

struct RenderTarget {
  uint32_t width = 0, height = 0;
  std::vector<uint32_t> color;  // 0xAARRGGBB per pixel
  // depth << 8 | stencil8 per pixel: depth is 24-bit unorm, or 16-bit for D16; the
  // stencil byte stays 0 on formats without stencil.
  std::vector<uint32_t> depth;
  api::Format depth_format = api::Format::D24S8;
  // New size; contents become colour 0 and depth 1.0 with stencil 0 (D3D leaves them
  // undefined; a fixed value keeps runs deterministic).
  void resize(uint32_t w, uint32_t h);
  // A new depth format; the depth surface becomes depth 1.0, stencil 0.
  void set_depth_format(api::Format f);
  bool has_stencil() const { return depth_format == api::Format::D24S8; }
  uint32_t index(uint32_t x, uint32_t y) const { return y * width + x; }
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

// Depth in [0, 1] (clamped; NaN -> 0) to 24-bit unorm, round to nearest.
uint32_t depth_to_unorm24(float z);
// The same in the depth format's bits (16 for D16, else 24).
uint32_t depth_to_unorm(api::Format f, float z);

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
