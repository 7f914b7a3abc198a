// The anisotropic filter: a footprint stretched along one screen axis is covered by several
// isotropic probes along its major axis instead of one blurry sample at the major axis's LOD.
// The shape follows the usual hardware recipe (and the EXT_texture_filter_anisotropic
// outline): the two derivative vectors stand in for the ellipse axes, the probe count is the
// axis ratio rounded up and capped by MAXANISOTROPY, and the LOD comes from the major axis
// divided by the probe count, so each probe's own footprint is about one minor axis wide.
// Probes are equally weighted; their fixed-point results are summed as integers and divided
// once, so the average is exact and host-neutral.
//
// Left out: true elliptical (EWA) weights, per-vendor probe-count rounding, and the angle
// dependence real hardware shows for diagonal footprints.
#include <cmath>

#include "func/texture/sample_fixed.h"
#include "func/texture/sampler.h"

namespace gfx::func {

AnisoPlan plan_anisotropic(const PreparedSampler& s, const Derivatives& d, float extra_bias) {
  const float w = float(s.levels[0].width), h = float(s.levels[0].height);
  const float ux = d.dudx * w, vx = d.dvdx * h, uy = d.dudy * w, vy = d.dvdy * h;
  const float len2_x = ux * ux + vx * vx, len2_y = uy * uy + vy * vy;
  const bool x_major = len2_x > len2_y;  // the same tie rule as lod_from_derivatives
  const float major2 = x_major ? len2_x : len2_y, minor2 = x_major ? len2_y : len2_x;
  AnisoPlan plan;
  if (s.kind == api::TextureKind::Volume) {
    plan.lod = lod_from_derivatives(d, s);
    return plan;
  }
  plan.lod = 0.5f * std::log2(major2);  // bit-identical to lod_from_derivatives()
  // Only a footprint minified along its major axis is worth more probes: a magnified one is
  // one mag-filtered sample, as in the isotropic case.
  if (s.max_anisotropy <= 1 || !(plan.lod + extra_bias + s.lod_bias > 0.0f)) return plan;
  // minor2 == 0 gives an infinite ratio and NaN (from infinite lengths) fails the compare:
  // both take the cap, so the count is always in 1..max_anisotropy.
  const float ratio = std::sqrt(major2) / std::sqrt(minor2);
  const unsigned cap = s.max_anisotropy;
  const unsigned n = ratio < float(cap) ? unsigned(std::ceil(ratio)) : cap;
  if (n <= 1) return plan;
  plan.probes = n;
  plan.lod -= std::log2(float(n));
  plan.step_u = (x_major ? d.dudx : d.dudy) / float(n);
  plan.step_v = (x_major ? d.dvdx : d.dvdy) / float(n);
  return plan;
}

namespace detail {

Vec4 sample_grad_taps(const PreparedSampler& s, const TexPoint& p, const Derivatives& d,
                      float extra_bias, TexelBatch* batch, const CompareTap* cmp) {
  const AnisoPlan plan = plan_anisotropic(s, d, extra_bias);
  if (plan.probes == 1) return sample_taps(s, p, plan.lod + extra_bias, batch, cmp);
  const float lod = plan.lod + extra_bias + s.lod_bias;
  // Probe offsets (i + 0.5 - n/2) are multiples of 0.5, exact in float, so probe positions
  // are symmetric about (u, v) to the last bit.
  const float first = 0.5f - 0.5f * float(plan.probes);
  double sum[4] = {0, 0, 0, 0};
  for (unsigned i = 0; i < plan.probes; ++i) {
    const float k = first + float(i);
    TexPoint probe = p;
    probe.u = p.u + k * plan.step_u;
    probe.v = p.v + k * plan.step_v;
    double acc[4];
    const unsigned bits = sample_fixed(s, probe, lod, true, batch, acc, cmp);
    // Bring single-level probes to the trilinear scale so every probe weighs the same
    // (a power of two: exact).
    for (int c = 0; c < 4; ++c) sum[c] += acc[c] * double(1u << (detail::kBlendBits - bits));
  }
  // At most 16 probes of 2^44 for integer formats: the sum is exact in a double, the
  // division rounds once.
  Vec4 r;
  for (int c = 0; c < 4; ++c) {
    const double scale =
        s.codec->unit[c] * s.weight_scale * double(1u << detail::kBlendBits) * plan.probes;
    r[c] = float(sum[c] / scale);
  }
  return r;
}

}  // namespace detail

Vec4 sample_grad(const PreparedSampler& s, const TexPoint& p, const Derivatives& d,
                 float extra_bias, TexelBatch* batch) {
  return detail::sample_grad_taps(s, p, d, extra_bias, batch, nullptr);
}

}  // namespace gfx::func
