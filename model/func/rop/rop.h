// The functional ROP of one quad: depth test and write, then blend and colour write mask,
// on the RenderTarget. D3D9 semantics: ZENABLE off means neither test nor write; z is
// clamped to the viewport's [MinZ, MaxZ] and converted to 24-bit unorm with round-to-
// nearest before the compare (D3D10 rules, which D3D9 hardware shares).
// Multiple render targets: the depth test runs once per pixel, then every bound target
// takes its own colour (oC#) with the same blend state and write mask (D3D9 without the
// independent-blend caps).
// Alpha test (ALPHATESTENABLE/FUNC/REF) runs first on oC0's 8-bit alpha; a failing pixel
// writes neither colour nor depth.
// Leaves out: stencil, fog, dithering, sRGB, MSAA, COLORWRITEENABLE1..3; the
// ordering of early vs late Z (the caller decides when to call).
#pragma once

#include <cstdint>

#include "api/state.h"
#include "func/geom/rasterize.h"
#include "func/math.h"
#include "func/rop/render_target.h"

namespace gfx::func {

struct RopState {
  api::RenderStates rs;
  api::Viewport viewport;
  // Colour targets (RenderTarget comment): null slot 0 is the back buffer's colour.
  std::array<ColorSurface*, kMaxRenderTargets> targets{};
};

// Depth (and alpha) compare of a new 24-bit depth against the stored one.
bool depth_test(api::CmpFunc f, uint32_t fresh, uint32_t stored);

// The pixels of mask whose oC0 alpha (8-bit) passes the alpha test (all when it is off).
uint8_t alpha_test_mask(const api::RenderStates& rs, const Vec4* color0, uint8_t mask);

// Process the pixels of q in live_mask (ANDed with q.mask); pixels outside the render
// target are ignored. color[i] is the shader's colour of pixel i. Returns the mask of
// pixels that passed depth and so had their colour written (even when the write mask is 0).
uint8_t rop_quad(const RopState& s, RenderTarget& rt, const Quad& q, uint8_t live_mask,
                 const float z[4], const Vec4 color[4]);
// The MRT form: colors[t] holds the 4 pixel colours for target t (null: nothing for t).
uint8_t rop_quad_mrt(const RopState& s, RenderTarget& rt, const Quad& q, uint8_t live_mask,
                     const float z[4], const Vec4* const colors[kMaxRenderTargets]);

}  // namespace gfx::func
