// The SM4 texture queries: ld, a texel fetched at an integer address of one mip level with
// no filtering (addresses outside the level read 0, D3D10's rule for out-of-range loads),
// and resinfo, the bound texture's size per mip level and its level count. ld goes through
// the sampler's point path with the sampler state replaced (no bias, no MAXMIPLEVEL, point
// filters, clamped addresses) and the texel's centre as coordinate, so it decodes every
// format exactly as a sample would, sRGB included, and reports its texel like one.
#include <cstring>

#include "api/state.h"
#include "func/shader/exec_detail.h"

namespace gfx::func::detail {
namespace {

uint32_t bits_of(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float float_of(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

}  // namespace

void exec_tex_fetch(const PreparedSampler& bound, const SrcLanes& src, int lanes, uint64_t active,
                    TexelBatch* batch, float (*res)[kMaxLanes]) {
  PreparedSampler s = bound;
  s.mag = s.min = api::Filter::Point;
  s.mip = api::Filter::Point;
  s.address_u = s.address_v = s.address_w = api::Address::Clamp;
  s.lod_bias = 0.0f;
  s.base_level = 0;
  s.max_anisotropy = 1;
  s.offset[0] = s.offset[1] = s.offset[2] = 0;  // ld's offsets are in its address already
  for (int l = 0; l < lanes; ++l) {
    Vec4 v{};
    const uint32_t x = bits_of(src.ch[0][l]), y = bits_of(src.ch[1][l]);
    const uint32_t z = bits_of(src.ch[2][l]), mip = bits_of(src.ch[3][l]);
    const bool volume = s.kind == api::TextureKind::Volume;
    if (((active >> l) & 1u) && mip < s.num_levels) {
      const PreparedSampler::Level& lv = s.levels[mip];
      // Unsigned compares: a negative address is far out of range.
      const bool inside =
          x < uint32_t(lv.width) && y < uint32_t(lv.height) && (!volume || z < uint32_t(lv.images));
      if (inside) {
        TexPoint p;
        p.u = (float(x) + 0.5f) / float(lv.width);
        p.v = (float(y) + 0.5f) / float(lv.height);
        if (volume) p.w = (float(z) + 0.5f) / float(lv.images);
        v = sample(s, p, float(mip), batch);
      }
    }
    for (int c = 0; c < 4; ++c) res[c][l] = v[c];
  }
}

void exec_tex_info(const ExecContext& ctx, const Instr& in, const SrcLanes& src, int lanes,
                   float (*res)[kMaxLanes]) {
  const SamplerBinding* b = ctx.samplers ? &ctx.samplers[in.sampler] : nullptr;
  const api::Texture* t = b ? b->texture : nullptr;
  const uint32_t levels = t ? uint32_t(t->levels.size()) : 0;
  for (int l = 0; l < lanes; ++l) {
    const uint32_t mip = bits_of(src.ch[0][l]);
    uint32_t size[3] = {0, 0, 0};
    const bool has_depth = t && t->kind == api::TextureKind::Volume;
    if (t && mip < levels) {
      const auto at = [mip](uint32_t n) { return n >> mip ? n >> mip : 1u; };
      size[0] = at(t->width);
      size[1] = at(t->height);
      if (has_depth) size[2] = at(t->depth);
    }
    for (int c = 0; c < 3; ++c) {
      // A size the kind has (z only for volumes) becomes 1/size, +inf for an absent level.
      const bool real = c < 2 ? t != nullptr : has_depth;
      switch (in.tex_mode) {
        case TexMode::InfoUint: res[c][l] = float_of(size[c]); break;
        case TexMode::InfoRcp: res[c][l] = real ? 1.0f / float(size[c]) : 0.0f; break;
        default: res[c][l] = float(size[c]); break;
      }
    }
    res[3][l] = in.tex_mode == TexMode::InfoUint ? float_of(levels) : float(levels);
  }
}

}  // namespace gfx::func::detail
