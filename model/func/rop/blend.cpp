#include "func/rop/blend.h"

#include <algorithm>

namespace gfx::func {

namespace {

// Per-channel blend factor: x, y, z for the colour channels, w for alpha.
inline Vec4 factor(api::Blend f, const Vec4& s, const Vec4& d) {
  using api::Blend;
  switch (f) {
    case Blend::Zero: return {0, 0, 0, 0};
    case Blend::One: return {1, 1, 1, 1};
    case Blend::SrcColor: return s;
    case Blend::InvSrcColor: return {1 - s.x, 1 - s.y, 1 - s.z, 1 - s.w};
    case Blend::SrcAlpha: return {s.w, s.w, s.w, s.w};
    case Blend::InvSrcAlpha: return {1 - s.w, 1 - s.w, 1 - s.w, 1 - s.w};
    case Blend::DestAlpha: return {d.w, d.w, d.w, d.w};
    case Blend::InvDestAlpha: return {1 - d.w, 1 - d.w, 1 - d.w, 1 - d.w};
    case Blend::DestColor: return d;
    case Blend::InvDestColor: return {1 - d.x, 1 - d.y, 1 - d.z, 1 - d.w};
    case Blend::SrcAlphaSat: {
      // D3D9: (f, f, f, 1) with f = min(As, 1 - Ad).
      const float k = std::min(s.w, 1 - d.w);
      return {k, k, k, 1};
    }
  }
  return {0, 0, 0, 0};
}

}  // namespace

uint32_t blend_argb(const BlendMode& m, uint32_t src_argb, uint32_t dst_argb) {
  const Vec4 s = unpack_argb(src_argb), d = unpack_argb(dst_argb);
  Vec4 r;
  using api::BlendOp;
  if (m.op == BlendOp::Min || m.op == BlendOp::Max) {
    // D3D9 ignores the blend factors for MIN and MAX.
    for (int c = 0; c < 4; ++c)
      r[c] = m.op == BlendOp::Min ? std::min(s[c], d[c]) : std::max(s[c], d[c]);
  } else {
    const Vec4 fs = factor(m.src, s, d), fd = factor(m.dst, s, d);
    for (int c = 0; c < 4; ++c) {
      const float a = s[c] * fs[c], b = d[c] * fd[c];
      r[c] = m.op == BlendOp::Add ? a + b : m.op == BlendOp::Subtract ? a - b : b - a;
    }
  }
  return pack_argb(r);  // clamps to [0, 1] and rounds to nearest
}

}  // namespace gfx::func
