// ClearOp: what one Clear does, resolved by the driver against the current viewport,
// scissor and targets. It travels from the driver through the timing model to the ROP as
// a marker, so it lives here with func::clear, which carries it out.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "func/rop/copy_rect.h"
#include "func/rop/render_target.h"

namespace gfx::func {

struct ClearOp {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // pixel rectangle, x1/y1 exclusive
  ColorTargets color_targets{};        // bound colour targets (func::clear with targets)
  uint32_t flags = 0;
  uint32_t color = 0;
  float depth = 1.0f;
  uint32_t stencil = 0;
  // D3D10 ClearRenderTargetView: the colour as float RGBA, converted by the target's format
  // (`color` unused).
  bool float_color = false;
  std::array<float, 4> rgba{};
  // D3D10 ClearDepthStencilView of a texture's view: depth and stencil go to this surface
  // instead of the back buffer's.
  std::shared_ptr<DepthSurface> depth_surface;
  // A resolve (trace command `resolve`), not a clear: the back buffer's colour, its samples
  // averaged as at Present, is copied into this surface (the back buffer's size, 0xAARRGGBB
  // words; `flags` is 0). It travels as a clear does so that it follows every earlier draw.
  std::shared_ptr<ColorSurface> resolve_into;
  // A copy (trace command `copy_rect`), not a clear: carried out by func::copy_rect when
  // the marker reaches the ROP, after every earlier draw (`flags` is 0).
  std::shared_ptr<const CopyOp> copy;
};

}  // namespace gfx::func
