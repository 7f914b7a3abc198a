// Validation of a texture binding: a texture from a trace is input data, so every size and
// enum is checked here once, before the per-lane code indexes texel arrays without checks.
#include <algorithm>
#include <cmath>
#include <string>

#include "api/texture_format.h"
#include "common/error.h"
#include "func/texture/compare.h"
#include "func/texture/sampler.h"

namespace gfx::func {
namespace {

[[noreturn]] void fail(const std::string& what) { throw Error("texture sampler: " + what); }

api::Filter texel_filter(api::Filter f, const char* which) {
  switch (f) {
    case api::Filter::None:  // not a legal min/mag filter in D3D9; behave as point
    case api::Filter::Point: return api::Filter::Point;
    case api::Filter::Linear:
    case api::Filter::Anisotropic:  // each anisotropic probe is bilinear (anisotropic.cpp)
      return api::Filter::Linear;
  }
  fail(std::string("invalid ") + which + " filter " + std::to_string(unsigned(f)));
}

api::Address checked_address(api::Address a, const char* axis) {
  switch (a) {
    case api::Address::Wrap:
    case api::Address::Mirror:
    case api::Address::Clamp:
    case api::Address::Border:
    case api::Address::MirrorOnce: return a;
  }
  fail(std::string("invalid address mode ") + std::to_string(unsigned(a)) + " for " + axis);
}

}  // namespace

PreparedSampler prepare_sampler(const SamplerBinding& binding) {
  PreparedSampler s;
  const api::Texture* t = binding.texture;
  if (t == nullptr) fail("no texture bound");
  s.texture = t;
  s.codec = texel_codec(t->format);
  if (s.codec == nullptr)
    fail("texture format " + std::string(api::to_name(t->format)) + " (" +
         std::to_string(unsigned(t->format)) + ") cannot be sampled");
  const uint32_t limit = 1u << (kMaxMipLevels - 1);
  if (t->width == 0 || t->height == 0 || t->width > limit || t->height > limit || t->depth == 0 ||
      t->depth > limit) {
    fail("texture size " + std::to_string(t->width) + "x" + std::to_string(t->height) + "x" +
         std::to_string(t->depth) + " is outside 1.." + std::to_string(limit));
  }
  s.kind = t->kind;
  if (s.kind != api::TextureKind::Texture2D && s.kind != api::TextureKind::Cube &&
      s.kind != api::TextureKind::Volume)
    fail("unknown texture kind " + std::to_string(unsigned(s.kind)));
  if (s.kind == api::TextureKind::Cube && t->width != t->height) fail("cube faces must be square");
  if (t->levels.empty()) fail("texture has no mip levels");
  if (t->levels.size() > kMaxMipLevels) {
    fail("texture has " + std::to_string(t->levels.size()) + " mip levels, more than " +
         std::to_string(kMaxMipLevels));
  }
  s.num_levels = static_cast<unsigned>(t->levels.size());
  for (unsigned i = 0; i < s.num_levels; ++i) {
    const uint32_t w = std::max(1u, t->width >> i), h = std::max(1u, t->height >> i);
    const uint32_t images = api::texture_images(t->kind, t->depth, i);
    const uint64_t image_bytes = api::texture_image_bytes(t->format, w, h);
    const uint64_t want = image_bytes * images;
    if (t->levels[i].size() != want) {
      const std::string shape = std::to_string(w) + "x" + std::to_string(h);
      fail("mip level " + std::to_string(i) + " holds " + std::to_string(t->levels[i].size()) +
           " bytes, " +
           (images == 1 ? "a " + shape + " level needs "
                        : std::to_string(images) + " images of " + shape + " need ") +
           std::to_string(want));
    }
    s.levels[i] = {t->levels[i].data(), int32_t(w), int32_t(h), int32_t(images),
                   size_t(image_bytes)};
  }
  if (s.kind == api::TextureKind::Volume) s.weight_scale = 16777216.0;

  const api::SamplerState& st = binding.state;
  s.mag = texel_filter(st.mag_filter, "mag");
  s.min = texel_filter(st.min_filter, "min");
  switch (st.mip_filter) {
    case api::Filter::None:
    case api::Filter::Point:
    case api::Filter::Linear: s.mip = st.mip_filter; break;
    case api::Filter::Anisotropic:  // not a mip filter; the nearest legal meaning is linear
      s.mip = api::Filter::Linear;
      break;
    default: fail("invalid mip filter " + std::to_string(unsigned(st.mip_filter)));
  }
  s.address_u = checked_address(st.address_u, "u");
  s.address_v = checked_address(st.address_v, "v");
  s.address_w = checked_address(st.address_w, "w");
  for (int c = 0; c < 4; ++c) {  // border channels in r, g, b, a order
    static constexpr int kShift[4] = {16, 8, 0, 24};
    s.border_value[c] = double((st.border_color >> kShift[c]) & 0xFFu) * s.codec->border_scale[c];
  }

  if (!std::isfinite(st.mip_lod_bias)) fail("mip_lod_bias is not a finite number");
  s.lod_bias = st.mip_lod_bias;
  // D3D9 accepts any MAXMIPLEVEL and uses the smallest level when it is past the chain.
  // Without a mip filter it ignores MAXMIPLEVEL and samples level 0 (Wine's visual.c
  // maxmip_test: MIPFILTER NONE reads level 0 at MAXMIPLEVEL 0 to 3).
  s.base_level = s.mip == api::Filter::None ? 0 : std::min(st.max_mip_level, s.num_levels - 1);
  if (st.max_anisotropy < 1 || st.max_anisotropy > kMaxAnisotropy) {
    fail("max_anisotropy " + std::to_string(st.max_anisotropy) + " is outside 1.." +
         std::to_string(kMaxAnisotropy));
  }
  // The cap only matters to an anisotropic min filter; 1 keeps every other filter isotropic.
  s.max_anisotropy = st.min_filter == api::Filter::Anisotropic ? st.max_anisotropy : 1;
  if (st.comparison) {
    if (st.comparison_func < api::CmpFunc::Never || st.comparison_func > api::CmpFunc::Always)
      fail("invalid comparison function " + std::to_string(unsigned(st.comparison_func)));
    s.comparison = true;
    s.compare_func = st.comparison_func;
    s.compare_format = compare_format(t->format);  // checked where a comparison reads it
  }
  return s;
}

}  // namespace gfx::func
