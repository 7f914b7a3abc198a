// The integer core of isotropic sampling, shared by sample() and the anisotropic filter
// (anisotropic.cpp), so a probe is bit-for-bit the sample that sample() would return.
// Internal to func/texture.
#pragma once

#include <cstdint>

#include "func/texture/sampler.h"

namespace gfx::func::detail {

constexpr double kLevelScale = 255.0 * 65536.0;  // a level filter's full-scale value
constexpr unsigned kBlendBits = 8;               // trilinear LOD fraction bits

// One isotropic sample at (u, v) with a final LOD (bias already added); `minified` picks the
// min filter and mip selection over the mag filter (sample() decides it from LOD > 0, the
// anisotropic filter from the whole footprint). Writes each channel as an integer in units
// of 1 / kLevelScale when it returns 0, or 1 / (kLevelScale * 256) when it returns
// kBlendBits (a trilinear blend of two levels).
unsigned sample_fixed(const PreparedSampler& s, float u, float v, float lod, bool minified,
                      TexelBatch* batch, uint64_t acc[4]);

}  // namespace gfx::func::detail
