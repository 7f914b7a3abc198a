// Texture sampling of 2D A8R8G8B8 / X8R8G8B8 mipmapped textures: level-of-detail from
// screen-space derivatives, the D3D9 LOD controls (MIPMAPLODBIAS, MAXMIPLEVEL), mip selection
// (none, point, linear), point, bilinear and anisotropic filters, and the D3D9 address modes
// (address.h).
//
// Conventions (D3D): u = 0 is the left edge of texel 0, texel centres sit at (i + 0.5) / size;
// point sampling reads floor(u * size); bilinear taps floor(u * size - 0.5) and the next
// texel. Filter weights are fixed point with 8 fractional bits, as in hardware, and the LOD
// is quantised to 8 fractional bits, so results are exact integers until the final scale to
// [0, 1] and identical on every host. Anisotropic probes are summed as integers too.
//
// Two entry points: sample() takes a finished LOD (texldl, vertex texture fetch, or a LOD the
// caller derived) and is isotropic; sample_grad() takes the footprint's derivatives and is
// the only path that can filter anisotropically (a lone vertex has no footprint).
//
// Left out for now: sRGB, cube/volume textures, formats other than the two 32-bit ones, and
// D3D10's min/max LOD floats (D3D9 has only MAXMIPLEVEL).
#pragma once

#include <cstdint>

#include "api/state.h"
#include "func/math.h"

namespace gfx::func {

class TexelBatch;

// What a sampler slot holds for one draw.
struct SamplerBinding {
  const api::Texture* texture = nullptr;
  api::SamplerState state;
};

constexpr unsigned kMaxMipLevels = 16;   // textures up to 32768 texels per side
constexpr unsigned kMaxAnisotropy = 16;  // D3D9-class hardware's largest MAXANISOTROPY

// A binding checked and unpacked once per texture instruction, so the per-lane path reads
// plain pointers and sizes. Build with prepare_sampler().
struct PreparedSampler {
  struct Level {
    const uint8_t* texels = nullptr;  // row-major little-endian 0xAARRGGBB words
    int32_t width = 0;
    int32_t height = 0;
  };
  const api::Texture* texture = nullptr;
  Level levels[kMaxMipLevels];
  unsigned num_levels = 0;
  api::Filter mag = api::Filter::Point;  // only Point or Linear after preparation
  api::Filter min = api::Filter::Point;
  api::Filter mip = api::Filter::None;  // None, Point or Linear
  api::Address address_u = api::Address::Wrap;
  api::Address address_v = api::Address::Wrap;
  uint32_t border = 0;          // 0xAARRGGBB
  uint32_t alpha_or = 0;        // 0xFF000000 for X8R8G8B8: its alpha reads as 1
  float lod_bias = 0.0f;        // D3DSAMP_MIPMAPLODBIAS, finite
  unsigned base_level = 0;      // D3DSAMP_MAXMIPLEVEL clamped to the last level
  unsigned max_anisotropy = 1;  // probe cap, 1..16; 1 when the min filter is not anisotropic
};

// Screen-space derivatives of the normalised texture coordinates at one sample.
struct Derivatives {
  float dudx = 0, dvdx = 0, dudy = 0, dvdy = 0;
};

// How the anisotropic filter covers a footprint: `probes` samples spaced evenly along the
// major axis, probe i at (u, v) + (i + 0.5 - probes / 2) * (step_u, step_v), each an
// isotropic sample at `lod` (before the sampler's bias). The major and minor axes are the
// longer and shorter of the two screen-axis derivative vectors; probes =
// min(ceil(major / minor), max_anisotropy) and lod = log2(major / probes), all in texels of
// the full-size level. With one probe this is exactly lod_from_derivatives().
struct AnisoPlan {
  unsigned probes = 1;
  float lod = 0.0f;
  float step_u = 0.0f, step_v = 0.0f;  // major axis / probes, normalised units
};

// Checks the texture (format, level count and sizes) and the sampler state; throws
// gfx::Error naming the problem when either is malformed.
PreparedSampler prepare_sampler(const SamplerBinding& binding);

// LOD of a quad from its texture-coordinate derivatives in normalised units (du/dx, ...),
// scaled by the level-0 size: log2 of the longer of the two screen-axis footprints (the
// isotropic D3D/GL formula). -inf when the coordinates do not change across the quad.
float lod_from_derivatives(float dudx, float dvdx, float dudy, float dvdy,
                           const PreparedSampler& s);

// One filtered, isotropic sample at (u, v) with the given LOD (the sampler's LOD bias is
// added, MAXMIPLEVEL bounds the level); returns (r, g, b, a) in [0, 1]. An anisotropic min
// filter acts as its bilinear/trilinear base here. When `batch` is not null every texel read
// from memory is added to it.
Vec4 sample(const PreparedSampler& s, float u, float v, float lod, TexelBatch* batch);

// The probe plan for a footprint; one probe unless the min filter is anisotropic with
// max_anisotropy > 1 and the footprint is minified along its major axis (its LOD plus
// `extra_bias` plus the sampler's bias is above 0). Probes never magnify: a probe LOD <= 0
// reads the base level with the min filter.
AnisoPlan plan_anisotropic(const PreparedSampler& s, const Derivatives& d, float extra_bias = 0.0f);

// One sample from a footprint: the LOD from the derivatives plus `extra_bias` (texldb's
// src0.w) plus the sampler's bias; anisotropic when the plan has more than one probe, each
// probe filtered as sample() would and the probes averaged with equal integer weights.
Vec4 sample_grad(const PreparedSampler& s, float u, float v, const Derivatives& d, float extra_bias,
                 TexelBatch* batch);

}  // namespace gfx::func
