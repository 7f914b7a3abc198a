// D3D10's rules for the samplers a draw's shaders use (the debug layer's sampler checks),
// applied when the draw is built, so a broken pairing is an error naming the draw instead of
// an undefined result: a texture instruction that compares (sample_c, sample_c_lz) needs a
// comparison sampler in its slot (a D3D10_FILTER_COMPARISON_* filter), every other sample
// needs a sampler that does not compare, and a compared texture must be in a format D3D10
// compares (func/texture/compare.h). ld and resinfo take no sampler and are not checked;
// an unbound texture reads 0 whatever the sampler.
#pragma once

#include <array>
#include <string>

#include "api/state.h"
#include "func/shader/isa.h"
#include "func/texture/sampler.h"

namespace gfx::driver {

using SamplerIds = std::array<api::ResourceId, api::kMaxSamplers>;

// Throws gfx::Error "<at>: ..." for the first texture instruction of `p` that breaks a rule.
// `samplers` are the draw's bindings by device slot; `sampler_ids` and `texture_ids` name
// what set_samplers and set_shader_resources bound there (0: a D3D9 sampler state, D3D10's
// default sampler, or nothing).
void check_sampler_uses(const func::Program& p,
                        const std::array<func::SamplerBinding, api::kMaxSamplers>& samplers,
                        const SamplerIds& sampler_ids, const SamplerIds& texture_ids,
                        const std::string& at);

}  // namespace gfx::driver
