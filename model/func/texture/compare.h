// D3D10's comparison filter (sample_c, sample_c_lz): at every texel the sampler's filter
// reads (after addressing; a border texel's red is the border colour's), the reference value
// is compared with the texel's red channel, `reference FUNC red` with the sampler's
// comparison function, giving 1 (pass) or 0 (fail); the filter then weighs those results as
// it weighs colours (point: one result; linear: bilinear weights, "percentage-closer
// filtering"; mip and anisotropic filters blend the filtered results of their levels and
// probes). The one filtered value is returned in all four channels.
//
// The reference meets the texel in the texture's format (D3D10 quantises it as the output
// merger quantises depth): a UNORM channel of n bits takes the reference clamped to [0, 1]
// and rounded to the nearest multiple of 1 / (2^n - 1) (NaN reads 0); a float channel
// compares it as a float, by IEEE rules (NaN fails every function but not_equal and
// always). Results are exact: the weights are the sampler's 8-bit fixed-point ones, summed
// over whole numbers (sampler.h).
//
// D3D10 compares only the formats of compare_format(); the driver refuses a draw that
// compares another (or uses a comparison sampler for a plain sample).
#pragma once

#include <string>

#include "api/enums.h"
#include "func/texture/sampler.h"

namespace gfx::func {

// How a format's red channel is compared: UNORM of `bits` bits, or float.
struct CompareFormat {
  bool unorm = false;
  unsigned bits = 0;  // UNORM only
};

// The comparison format of `f`, or null for a format D3D10 does not filter by comparison.
// The table in compare.cpp holds one line per format.
const CompareFormat* compare_format(api::Format f);
// The names of those formats, for messages ("r32_float, r16_unorm").
std::string compare_format_names();

// `reference FUNC texel` (D3D10's operand order).
bool compare_passes(api::CmpFunc func, double reference, double texel);

// The reference in the units `codec` decodes red to (texel_decode.h), quantised as `format`
// says, so it compares exactly with decoded texels.
double compare_reference(const CompareFormat& format, const TexelCodec& codec, float reference);

// sample_c in a pixel shader: the LOD (and anisotropic probes) from the footprint's
// derivatives plus the sampler's bias, exactly as sample_grad() filters, every tap compared.
// Throws gfx::Error when `s` is not a comparison sampler or its format does not compare.
float sample_compare(const PreparedSampler& s, const TexPoint& p, const Derivatives& d,
                     float reference, TexelBatch* batch);

// sample_c_lz: LOD 0, so the mag filter on the most detailed level the sampler allows
// (min_lod); no derivatives, no bias. Valid in every shader stage.
float sample_compare_level0(const PreparedSampler& s, const TexPoint& p, float reference,
                            TexelBatch* batch);

}  // namespace gfx::func
