#include "func/rop/blend.h"

#include <algorithm>

namespace gfx::func {

namespace {

// Per-channel blend factor: x, y, z for the colour channels, w for alpha. `k` is the
// blend factor constant.
inline Vec4 factor(api::Blend f, const Vec4& s, const Vec4& d, const Vec4& k) {
  using api::Blend;
  switch (f) {
    case Blend::Zero: return {0, 0, 0, 0};
    case Blend::One: return {1, 1, 1, 1};
    case Blend::SrcColor: return s;
    case Blend::InvSrcColor: return {1 - s.x, 1 - s.y, 1 - s.z, 1 - s.w};
    case Blend::BothSrcAlpha:  // as a source factor; the destination's is set apart
    case Blend::SrcAlpha: return {s.w, s.w, s.w, s.w};
    case Blend::BothInvSrcAlpha:
    case Blend::InvSrcAlpha: return {1 - s.w, 1 - s.w, 1 - s.w, 1 - s.w};
    case Blend::DestAlpha: return {d.w, d.w, d.w, d.w};
    case Blend::InvDestAlpha: return {1 - d.w, 1 - d.w, 1 - d.w, 1 - d.w};
    case Blend::DestColor: return d;
    case Blend::InvDestColor: return {1 - d.x, 1 - d.y, 1 - d.z, 1 - d.w};
    case Blend::SrcAlphaSat: {
      // D3D9: (f, f, f, 1) with f = min(As, 1 - Ad).
      const float m = std::min(s.w, 1 - d.w);
      return {m, m, m, 1};
    }
    case Blend::BlendFactor: return k;
    case Blend::InvBlendFactor: return {1 - k.x, 1 - k.y, 1 - k.z, 1 - k.w};
  }
  return {0, 0, 0, 0};
}

// BOTHSRCALPHA / BOTHINVSRCALPHA as the source blend override the destination blend.
inline api::Blend effective_dst(api::Blend src, api::Blend dst) {
  if (src == api::Blend::BothSrcAlpha) return api::Blend::InvSrcAlpha;
  if (src == api::Blend::BothInvSrcAlpha) return api::Blend::SrcAlpha;
  return dst;
}

inline float combine(api::BlendOp op, float s, float d, float fs, float fd) {
  using api::BlendOp;
  switch (op) {
    case BlendOp::Add: return s * fs + d * fd;
    case BlendOp::Subtract: return s * fs - d * fd;
    case BlendOp::RevSubtract: return d * fd - s * fs;
    case BlendOp::Min: return std::min(s, d);  // D3D9 ignores the factors for MIN and MAX
    case BlendOp::Max: return std::max(s, d);
  }
  return 0;
}

}  // namespace

BlendMode blend_mode(const api::RenderStates& rs) {
  return {rs.src_blend,       rs.dest_blend,       rs.blend_op,       rs.separate_alpha_blend,
          rs.src_blend_alpha, rs.dest_blend_alpha, rs.blend_op_alpha, rs.blend_factor};
}

uint32_t blend_argb(const BlendMode& m, uint32_t src_argb, uint32_t dst_argb) {
  // pack_argb clamps to [0, 1] and rounds to nearest.
  return pack_argb(blend_colors(m, unpack_argb(src_argb), unpack_argb(dst_argb)));
}

Vec4 blend_colors(const BlendMode& m, const Vec4& s, const Vec4& d) {
  const Vec4 k = unpack_argb(m.factor);
  const Vec4 fs = factor(m.src, s, d, k), fd = factor(effective_dst(m.src, m.dst), s, d, k);
  Vec4 r;
  for (int c = 0; c < 3; ++c) r[c] = combine(m.op, s[c], d[c], fs[c], fd[c]);
  if (m.separate) {
    const Vec4 fsa = factor(m.src_alpha, s, d, k);
    const Vec4 fda = factor(effective_dst(m.src_alpha, m.dst_alpha), s, d, k);
    r.w = combine(m.op_alpha, s.w, d.w, fsa.w, fda.w);
  } else {
    r.w = combine(m.op, s.w, d.w, fs.w, fd.w);
  }
  return r;
}

}  // namespace gfx::func
