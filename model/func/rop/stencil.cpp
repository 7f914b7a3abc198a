#include "func/rop/stencil.h"

#include "func/rop/rop.h"

namespace gfx::func {

StencilFace stencil_face(const api::RenderStates& rs, bool ccw) {
  if (rs.two_sided_stencil && ccw)
    return {rs.ccw_stencil_func, rs.ccw_stencil_fail, rs.ccw_stencil_zfail, rs.ccw_stencil_pass};
  return {rs.stencil_func, rs.stencil_fail, rs.stencil_zfail, rs.stencil_pass};
}

bool stencil_test(api::CmpFunc f, uint32_t ref, uint32_t mask, uint8_t stored) {
  // An 8-bit stencil buffer: only the low 8 bits of ref and mask take part.
  return depth_test(f, ref & mask & 0xFFu, stored & mask & 0xFFu);
}

uint8_t stencil_apply(api::StencilOp op, uint8_t stored, uint32_t ref, uint32_t write_mask) {
  using api::StencilOp;
  uint8_t v = stored;
  switch (op) {
    case StencilOp::Keep: return stored;
    case StencilOp::Zero: v = 0; break;
    case StencilOp::Replace: v = uint8_t(ref); break;
    case StencilOp::IncrSat: v = stored == 0xFF ? 0xFF : uint8_t(stored + 1); break;
    case StencilOp::DecrSat: v = stored == 0 ? 0 : uint8_t(stored - 1); break;
    case StencilOp::Invert: v = uint8_t(~stored); break;
    case StencilOp::Incr: v = uint8_t(stored + 1); break;  // wraps 255 -> 0
    case StencilOp::Decr: v = uint8_t(stored - 1); break;  // wraps 0 -> 255
  }
  const uint8_t wm = uint8_t(write_mask);
  return uint8_t((stored & ~wm) | (v & wm));
}

bool stencil_may_write(const api::RenderStates& rs) {
  if (!rs.stencil_enable || (rs.stencil_write_mask & 0xFFu) == 0) return false;
  using api::StencilOp;
  const auto writes = [](StencilOp a, StencilOp b, StencilOp c) {
    return a != StencilOp::Keep || b != StencilOp::Keep || c != StencilOp::Keep;
  };
  return writes(rs.stencil_fail, rs.stencil_zfail, rs.stencil_pass) ||
         (rs.two_sided_stencil &&
          writes(rs.ccw_stencil_fail, rs.ccw_stencil_zfail, rs.ccw_stencil_pass));
}

}  // namespace gfx::func
