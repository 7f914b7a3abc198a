// The exact core of isotropic sampling, shared by sample() and the anisotropic filter
// (anisotropic.cpp), so a probe is bit-for-bit the sample that sample() would return, and
// by the comparison filter (compare.cpp), which runs the same filters with a comparison at
// every tap. Internal to func/texture.
#pragma once

#include <cstdint>

#include "func/texture/sampler.h"

namespace gfx::func::detail {

constexpr unsigned kBlendBits = 8;  // trilinear LOD fraction bits

// The comparison applied to every tap (compare.h): the tap's red becomes `pass` when
// `reference FUNC red` holds and 0 otherwise, so the filter weighs 1s and 0s.
struct CompareTap {
  api::CmpFunc func = api::CmpFunc::Never;
  double reference = 0.0;  // in the codec's units of red (compare_reference())
  double pass = 1.0;       // the codec's unit of red: a passing tap reads as 1.0
};

// One isotropic sample with a final LOD (bias already added); `minified` picks the min
// filter and mip selection over the mag filter (sample() decides it from LOD > 0, the
// anisotropic filter from the whole footprint). Writes each channel in units of
// 1 / (unit * s.weight_scale) (the codec's unit) when it returns 0, or 256 times finer when
// it returns kBlendBits (a trilinear blend of two levels). Whole numbers for integer formats.
// With `cmp`, every tap is compared first.
unsigned sample_fixed(const PreparedSampler& s, const TexPoint& p, float lod, bool minified,
                      TexelBatch* batch, double acc[4], const CompareTap* cmp = nullptr);

// acc / (unit * s.weight_scale * 2^bits) per channel, rounded once to float.
Vec4 finish(const PreparedSampler& s, const double acc[4], unsigned bits);

// The bodies of sample() and sample_grad(), with an optional comparison at every tap.
Vec4 sample_taps(const PreparedSampler& s, const TexPoint& p, float lod, TexelBatch* batch,
                 const CompareTap* cmp);
Vec4 sample_grad_taps(const PreparedSampler& s, const TexPoint& p, const Derivatives& d,
                      float extra_bias, TexelBatch* batch, const CompareTap* cmp);

}  // namespace gfx::func::detail
