// D3D10 sampler state objects onto the device's per-slot D3D9 sampler state
// (api::SamplerState), which the texture units read.
//
// Models: the filter's min / mag / mip choice (point or linear; anisotropic as D3D9's
// anisotropic min and mag with a linear mip filter), the comparison filters (the same choice
// with comparison_func, for sample_c and sample_c_lz), the three address modes (the same
// numbers in both APIs), mip_lod_bias, max_anisotropy, a border colour whose components
// are whole multiples of 1/255 in [0, 1] (the sampler keeps an 8-bit D3DCOLOR), and a
// whole-number min_lod >= 0 as D3D9's MAXMIPLEVEL (the most detailed level used).
// Leaves out (a gfx::Error naming the field): a fractional min_lod, and a max_lod below 15,
// the levels of the largest texture (D3D9 has no least-detailed clamp).
#pragma once

#include <string>

#include "api/d3d10_states.h"
#include "api/state.h"

namespace gfx::driver {

// Throws gfx::Error "<what>: <problem>"; `what` names the object, e.g. "sampler state 3".
api::SamplerState d3d10_sampler(const api::SamplerDesc& desc, const std::string& what);

}  // namespace gfx::driver
