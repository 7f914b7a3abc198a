// D3D9 stencil test and stencil operations on an 8-bit stencil value. The compare is
// (ref & mask) FUNC (stored & mask), the reference on the left as D3D9 defines it; an op's
// result is written through the write mask. Two-sided stencil (TWOSIDEDSTENCILMODE) gives
// counter-clockwise triangles their own func and ops; ref and masks are shared.
#pragma once

#include <cstdint>

#include "api/state.h"

namespace gfx::func {

struct StencilFace {
  api::CmpFunc func = api::CmpFunc::Always;
  api::StencilOp fail = api::StencilOp::Keep;   // stencil test failed
  api::StencilOp zfail = api::StencilOp::Keep;  // stencil passed, depth failed
  api::StencilOp pass = api::StencilOp::Keep;   // both passed
};

// The func and ops that serve a triangle of the given winding on screen (`ccw`:
// counter-clockwise, i.e. not TriangleSetup::front_facing).
StencilFace stencil_face(const api::RenderStates& rs, bool ccw);

bool stencil_test(api::CmpFunc f, uint32_t ref, uint32_t mask, uint8_t stored);

// The stencil value after `op` on `stored`, written through write_mask.
uint8_t stencil_apply(api::StencilOp op, uint8_t stored, uint32_t ref, uint32_t write_mask);

// Whether any op of the state can change a stencil value (the ROP then writes the line).
bool stencil_may_write(const api::RenderStates& rs);

}  // namespace gfx::func
