#include "func/rop/rop.h"

#include <algorithm>

#include "func/rop/blend.h"
#include "func/rop/target_format.h"

namespace gfx::func {

bool depth_test(api::CmpFunc f, uint32_t fresh, uint32_t stored) {
  using api::CmpFunc;
  switch (f) {
    case CmpFunc::Never: return false;
    case CmpFunc::Less: return fresh < stored;
    case CmpFunc::Equal: return fresh == stored;
    case CmpFunc::LessEqual: return fresh <= stored;
    case CmpFunc::Greater: return fresh > stored;
    case CmpFunc::NotEqual: return fresh != stored;
    case CmpFunc::GreaterEqual: return fresh >= stored;
    case CmpFunc::Always: return true;
  }
  return false;
}

uint8_t alpha_test_mask(const api::RenderStates& rs, const Vec4* color0, uint8_t mask) {
  if (!rs.alpha_test_enable) return mask;
  uint8_t pass = 0;
  for (uint32_t m = mask & 0xFu; m; m &= m - 1) {
    const int i = __builtin_ctz(m);
    // oC0's alpha quantised to 8 bits, as the unorm target would store it (no oC0: 0).
    const uint32_t a8 = color0 ? pack_argb(color0[i]) >> 24 : 0;
    if (depth_test(rs.alpha_func, a8, rs.alpha_ref)) pass |= uint8_t(1u << i);
  }
  return pass;
}

uint8_t rop_quad(const RopState& s, RenderTarget& rt, const Quad& q, uint8_t live_mask,
                 const float z[4], const Vec4 color[4]) {
  const Vec4* const colors[kMaxRenderTargets] = {color, nullptr, nullptr, nullptr};
  return rop_quad_mrt(s, rt, q, live_mask, z, colors);
}

namespace {

// Blend and masked write of one pixel's colour into a target word.
inline void write_color(const api::RenderStates& rs, const BlendMode& mode, uint8_t write_mask,
                        const Vec4& color, uint32_t& c) {
  uint32_t fresh = pack_argb(color);  // a unorm target stores 8 bits: quantise first
  if (rs.blend_enable) fresh = blend_argb(mode, fresh, c);
  c = apply_write_mask(write_mask, fresh, c);
}

}  // namespace

uint8_t rop_quad_mrt(const RopState& s, RenderTarget& rt, const Quad& q, uint8_t live_mask,
                     const float z[4], const Vec4* const colors[kMaxRenderTargets]) {
  const api::RenderStates& rs = s.rs;
  const BlendMode mode{rs.src_blend, rs.dest_blend, rs.blend_op};
  const float zmin = s.viewport.min_z;
  const float zmax = api::effective_max_z(s.viewport);
  const uint8_t write_mask = rs.color_write_mask & 0xF;
  uint8_t written = 0;
  // A pixel failing the alpha test writes nothing at all (colour, depth).
  for (uint32_t m = alpha_test_mask(rs, colors[0], live_mask & q.mask & 0xF); m; m &= m - 1) {
    const int i = __builtin_ctz(m);
    const int64_t px = int64_t(q.x) + (i & 1), py = int64_t(q.y) + (i >> 1);
    if (px < 0 || py < 0 || px >= rt.width || py >= rt.height) continue;
    const size_t at = size_t(py) * rt.width + size_t(px);

    if (rs.z_enable) {
      // std::clamp would pass NaN through; depth_to_unorm24 maps NaN to 0.
      const float zc = z[i] < zmin ? zmin : (z[i] > zmax ? zmax : z[i]);
      const uint32_t z24 = depth_to_unorm24(zc);
      uint32_t& d = rt.depth[at];
      if (!depth_test(rs.z_func, z24, d >> 8)) continue;
      if (rs.z_write) d = (z24 << 8) | (d & 0xFFu);
    }
    written |= uint8_t(1u << i);
    if (write_mask == 0) continue;
    if (!s.targets[0] && colors[0]) write_color(rs, mode, write_mask, colors[0][i], rt.color[at]);
    for (int t = 0; t < kMaxRenderTargets; ++t) {
      ColorSurface* surf = s.targets[t];
      if (!surf || !colors[t] || px >= surf->width || py >= surf->height) continue;
      if (!surf->native.empty()) {  // a target in another format: target_format.h
        write_native(*surf, size_t(py) * surf->width + size_t(px), colors[t][i], write_mask,
                     rs.blend_enable);
        continue;
      }
      write_color(rs, mode, write_mask, colors[t][i],
                  surf->color[size_t(py) * surf->width + size_t(px)]);
    }
  }
  return written;
}

}  // namespace gfx::func
