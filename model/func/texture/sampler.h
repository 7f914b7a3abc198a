// Texture sampling of 2D A8R8G8B8 / X8R8G8B8 mipmapped textures: level-of-detail from
// screen-space derivatives, mip selection (none, point, linear), point and bilinear filters,
// and the D3D9 address modes (address.h).
//
// Conventions (D3D): u = 0 is the left edge of texel 0, texel centres sit at (i + 0.5) / size;
// point sampling reads floor(u * size); bilinear taps floor(u * size - 0.5) and the next
// texel. Filter weights are fixed point with 8 fractional bits, as in hardware, and the LOD
// is quantised to 8 fractional bits, so results are exact integers until the final scale to
// [0, 1] and identical on every host.
//
// Left out for now: anisotropic filtering (treated as linear), LOD bias and min/max LOD
// clamps, sRGB, cube/volume textures and formats other than the two 32-bit ones.
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

constexpr unsigned kMaxMipLevels = 16;  // textures up to 32768 texels per side

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
  api::Filter mip = api::Filter::None;   // None, Point or Linear
  api::Address address_u = api::Address::Wrap;
  api::Address address_v = api::Address::Wrap;
  uint32_t border = 0;      // 0xAARRGGBB
  uint32_t alpha_or = 0;    // 0xFF000000 for X8R8G8B8: its alpha reads as 1
};

// Checks the texture (format, level count and sizes) and the sampler state; throws
// gfx::Error naming the problem when either is malformed.
PreparedSampler prepare_sampler(const SamplerBinding& binding);

// LOD of a quad from its texture-coordinate derivatives in normalised units (du/dx, ...),
// scaled by the level-0 size: log2 of the longer of the two screen-axis footprints (the
// isotropic D3D/GL formula). -inf when the coordinates do not change across the quad.
float lod_from_derivatives(float dudx, float dvdx, float dudy, float dvdy,
                           const PreparedSampler& s);

// One filtered sample at (u, v) with the given LOD; returns (r, g, b, a) in [0, 1]. When
// `batch` is not null every texel read from memory is added to it.
Vec4 sample(const PreparedSampler& s, float u, float v, float lod, TexelBatch* batch);

}  // namespace gfx::func
