// CopyOp: one surface-to-surface copy (the trace's `copy_rect`: D3D9 StretchRect and
// UpdateSurface, GL glCopyTexImage2D), resolved by the driver into surfaces and pixel
// rectangles. Like a clear it travels to the ROP as a marker behind the draws before it,
// so it lives here with copy_rect(), which carries it out.
//
// Models: point sampling (the source pixel under each destination pixel's centre) and
// linear filtering (bilinear between the four source pixels around it, clamped to the
// source rectangle, in 8-bit fixed point: weights in 1/256, rounded once), formats as
// D3D9 converts them: between the 0xAARRGGBB formats (the back buffer, A8R8G8B8,
// X8R8G8B8; an X8R8G8B8 source gives an opaque alpha) and, for every other format, the
// texels' bytes unchanged into a surface of the same format (point only).
// flip_y mirrors the source rectangle vertically (GL's bottom-up window rows).
// Leaves out: gamma-correct filtering, filtering of formats other than 0xAARRGGBB ones,
// horizontal mirroring.
#pragma once

#include <memory>

#include "func/rop/render_target.h"

namespace gfx::func {

struct CopyOp {
  std::shared_ptr<const ColorSurface> source;  // null: the back buffer, resolved as at Present
  std::shared_ptr<ColorSurface> dest;
  int sx0 = 0, sy0 = 0, sx1 = 0, sy1 = 0;  // source pixels, x1/y1 exclusive
  int dx0 = 0, dy0 = 0, dx1 = 0, dy1 = 0;  // destination pixels, x1/y1 exclusive
  bool linear = false;                     // filter when the sizes differ
  bool opaque_alpha = false;               // the source has no alpha (X8R8G8B8): alpha becomes 0xFF
  bool flip_y = false;                     // the source rectangle's rows read bottom row first
};

// Writes op.dest's rectangle from the source's (the driver checked the rectangles, the
// formats and that the surfaces differ).
void copy_rect(const RenderTarget& rt, const CopyOp& op);

}  // namespace gfx::func
