// The back buffer the functional ROP renders into: one A8R8G8B8 colour surface and one
// D24S8 depth/stencil surface of the same size, linear row-major, plus D3D9 Clear.
// Leaves out: multiple render targets, MSAA surfaces, other formats, and any memory
// layout (tiling, compression) — the timing model's caches decide addresses themselves.
#pragma once

#include <cstdint>
#include <vector>

namespace gfx::func {

struct RenderTarget {
  uint32_t width = 0, height = 0;
  std::vector<uint32_t> color;  // 0xAARRGGBB per pixel
  std::vector<uint32_t> depth;  // depth24 << 8 | stencil8 per pixel
  // New size; contents become colour 0 and depth 1.0 with stencil 0 (D3D leaves them
  // undefined; a fixed value keeps runs deterministic).
  void resize(uint32_t w, uint32_t h);
  uint32_t index(uint32_t x, uint32_t y) const { return y * width + x; }
};

// Depth in [0, 1] (clamped; NaN -> 0) to 24-bit unorm, round to nearest.
uint32_t depth_to_unorm24(float z);

// D3D9 Clear of the pixel rect [x0, x1) x [y0, y1) (cut to the surface): flags are
// api::ClearTarget / ClearZBuffer / ClearStencil; each surface part is touched only when
// its flag is set (clearing z keeps stencil and vice versa).
void clear(RenderTarget& rt, int x0, int y0, int x1, int y1, uint32_t flags, uint32_t color,
           float depth, uint32_t stencil);

}  // namespace gfx::func
