// The exact core of isotropic sampling, shared by sample() and the anisotropic filter
// (anisotropic.cpp), so a probe is bit-for-bit the sample that sample() would return.
// Internal to func/texture.
#pragma once

#include <cstdint>

#include "func/texture/sampler.h"

namespace gfx::func::detail {

constexpr unsigned kBlendBits = 8;  // trilinear LOD fraction bits

// One isotropic sample with a final LOD (bias already added); `minified` picks the min
// filter and mip selection over the mag filter (sample() decides it from LOD > 0, the
// anisotropic filter from the whole footprint). Writes each channel in units of
// 1 / (unit * s.weight_scale) (the codec's unit) when it returns 0, or 256 times finer when
// it returns kBlendBits (a trilinear blend of two levels). Whole numbers for integer formats.
unsigned sample_fixed(const PreparedSampler& s, const TexPoint& p, float lod, bool minified,
                      TexelBatch* batch, double acc[4]);

// acc / (unit * s.weight_scale * 2^bits) per channel, rounded once to float.
Vec4 finish(const PreparedSampler& s, const double acc[4], unsigned bits);

}  // namespace gfx::func::detail
