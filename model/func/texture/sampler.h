// Texture sampling of mipmapped textures in every format of texel_decode.h: level-of-detail
// from screen-space derivatives, the D3D9 LOD controls (MIPMAPLODBIAS, MAXMIPLEVEL), mip
// selection (none, point, linear), point, bilinear and anisotropic filters, and the D3D9
// address modes (address.h).
//
// Conventions (D3D): u = 0 is the left edge of texel 0, texel centres sit at (i + 0.5) / size;
// point sampling reads floor(u * size); bilinear taps floor(u * size - 0.5) and the next
// texel. Filter weights are fixed point with 8 fractional bits, as in hardware, and the LOD
// is quantised to 8 fractional bits. Texels decode to whole numbers in a per-channel unit
// (texel_decode.h) for every integer format, so their weighted sums are exact in doubles and
// the one division at the end rounds once: results are identical on every host. Float
// formats are filtered in doubles with the same weights. Anisotropic probes are summed the
// same way.
//
// Two entry points: sample() takes a finished LOD (texldl, vertex texture fetch, or a LOD the
// caller derived) and is isotropic; sample_grad() takes the footprint's derivatives and is
// the only path that can filter anisotropically (a lone vertex has no footprint).
//
// Cubes and volumes: TexPoint carries a cube face (cube.h picks it from a direction) or a
// volume's w; a volume's level filter weighs two slices as well, and its LOD counts the
// depth axis (volumes are always isotropic).
//
// Comparison filtering (sample_c) runs these same filters with a comparison at every tap:
// compare.h.
//
// Left out for now: sRGB, seamless cube filtering (taps stay on the chosen face, addressed
// as on a 2D texture), and D3D10's min/max LOD floats (D3D9 has only MAXMIPLEVEL).
#pragma once

#include <cstdint>

#include "api/state.h"
#include "func/math.h"
#include "func/texture/texel_decode.h"

namespace gfx::func {

class TexelBatch;
struct CompareFormat;

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
    const uint8_t* texels = nullptr;  // the level's first image, in the format's layout
    int32_t width = 0;
    int32_t height = 0;
    int32_t images = 1;      // cube faces or volume slices in this level
    size_t image_bytes = 0;  // bytes from one image to the next
  };
  const api::Texture* texture = nullptr;
  const TexelCodec* codec = nullptr;
  double border_value[4] = {0, 0, 0, 0};  // the border colour in the codec's units
  // A level filter's weights sum to this: 2^16 for 2D images (two 8-bit weights), 2^24 for
  // volumes (a third weight across slices).
  double weight_scale = 65536.0;
  api::TextureKind kind = api::TextureKind::Texture2D;
  Level levels[kMaxMipLevels];
  unsigned num_levels = 0;
  api::Filter mag = api::Filter::Point;  // only Point or Linear after preparation
  api::Filter min = api::Filter::Point;
  api::Filter mip = api::Filter::None;  // None, Point or Linear
  api::Address address_u = api::Address::Wrap;
  api::Address address_v = api::Address::Wrap;
  api::Address address_w = api::Address::Wrap;  // volumes only
  float lod_bias = 0.0f;                        // D3DSAMP_MIPMAPLODBIAS, finite
  unsigned base_level = 0;                      // D3DSAMP_MAXMIPLEVEL clamped to the last level
  unsigned max_anisotropy = 1;  // probe cap, 1..16; 1 when the min filter is not anisotropic
  // SM4 immediate texel offsets (sample_aoffimmi): added to the integer texel address of
  // every tap, in texels of the level being filtered, before the address mode applies.
  int32_t offset[3] = {0, 0, 0};
  // D3D10 comparison filtering (compare.h): set for a comparison sampler, with its function
  // and how the texture's format compares (null: D3D10 does not compare that format).
  bool comparison = false;
  api::CmpFunc compare_func = api::CmpFunc::Never;
  const CompareFormat* compare_format = nullptr;
};

// Screen-space derivatives of the normalised texture coordinates at one sample.
// For a cube they are taken on the face the sample reads (cube.h); dw is a volume's third
// coordinate (ignored for other kinds).
struct Derivatives {
  float dudx = 0, dvdx = 0, dudy = 0, dvdy = 0;
  float dwdx = 0, dwdy = 0;
};

// Where a sample reads: (u, v) of a 2D texture, (u, v, w) of a volume, or (u, v) on cube
// face `face` (D3DCUBEMAP_FACES: 0 +X, 1 -X, 2 +Y, 3 -Y, 4 +Z, 5 -Z; cube.h maps a
// direction to it).
struct TexPoint {
  float u = 0, v = 0, w = 0;
  unsigned face = 0;
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
// A volume adds its w axis to both footprints.
float lod_from_derivatives(const Derivatives& d, const PreparedSampler& s);
inline float lod_from_derivatives(float dudx, float dvdx, float dudy, float dvdy,
                                  const PreparedSampler& s) {
  return lod_from_derivatives(Derivatives{dudx, dvdx, dudy, dvdy}, s);
}

// One filtered, isotropic sample at (u, v) with the given LOD (the sampler's LOD bias is
// added, MAXMIPLEVEL bounds the level); returns (r, g, b, a) in [0, 1]. An anisotropic min
// filter acts as its bilinear/trilinear base here. When `batch` is not null every texel read
// from memory is added to it.
Vec4 sample(const PreparedSampler& s, const TexPoint& p, float lod, TexelBatch* batch);
inline Vec4 sample(const PreparedSampler& s, float u, float v, float lod, TexelBatch* batch) {
  return sample(s, TexPoint{u, v, 0.0f, 0}, lod, batch);
}

// The probe plan for a footprint; one probe unless the min filter is anisotropic with
// max_anisotropy > 1 and the footprint is minified along its major axis (its LOD plus
// `extra_bias` plus the sampler's bias is above 0). Probes never magnify: a probe LOD <= 0
// reads the base level with the min filter. Volumes are always isotropic (one probe at the
// LOD of their 3D footprint).
AnisoPlan plan_anisotropic(const PreparedSampler& s, const Derivatives& d, float extra_bias = 0.0f);

// One sample from a footprint: the LOD from the derivatives plus `extra_bias` (texldb's
// src0.w) plus the sampler's bias; anisotropic when the plan has more than one probe, each
// probe filtered as sample() would and the probes averaged with equal integer weights.
Vec4 sample_grad(const PreparedSampler& s, const TexPoint& p, const Derivatives& d,
                 float extra_bias, TexelBatch* batch);
inline Vec4 sample_grad(const PreparedSampler& s, float u, float v, const Derivatives& d,
                        float extra_bias, TexelBatch* batch) {
  return sample_grad(s, TexPoint{u, v, 0.0f, 0}, d, extra_bias, batch);
}

}  // namespace gfx::func
