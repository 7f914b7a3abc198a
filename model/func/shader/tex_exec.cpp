// The texture instruction and its D3D9 flavours: texld (LOD per 2x2 quad from coordinate
// differences in pixel programs, 0 in vertex programs), texldb (that LOD + src0.w per lane),
// texldl (LOD = src0.w), texldp (coordinates divided by src0.w first, so the LOD follows the
// projected coordinates) and texldd (LOD per lane from the derivatives in src1.xy and
// src2.xy). SM4's sample_c (that quad LOD) and sample_c_lz (level 0) filter comparisons with
// src1.x (func/texture/compare.h). One sample per lane that needs it, and the texel report to
// the sink.
#include <optional>

#include "api/state.h"
#include "func/shader/exec_detail.h"
#include "func/texture/compare.h"
#include "func/texture/cube.h"
#include "func/texture/texel_batch.h"

namespace gfx::func::detail {
namespace {

void fill(float (*res)[kMaxLanes], int first, int count, const Vec4& v) {
  for (int c = 0; c < 4; ++c)
    for (int l = first; l < first + count; ++l) res[c][l] = v[c];
}

void store(float (*res)[kMaxLanes], int lane, const Vec4& v) {
  res[0][lane] = v.x;
  res[1][lane] = v.y;
  res[2][lane] = v.z;
  res[3][lane] = v.w;
}

// Where lane coordinates (u, v, r) read: a 2D texture takes (u, v), a volume (u, v, r), a
// cube the face of direction (u, v, r) (the bound texture decides, as in hardware).
TexPoint point_of(api::TextureKind kind, float u, float v, float r) {
  if (kind == api::TextureKind::Cube) return cube_point(u, v, r);
  return TexPoint{u, v, kind == api::TextureKind::Volume ? r : 0.0f, 0};
}

// The footprint of quad `q` from the neighbours of its first pixel; a cube's is taken on the
// face of that pixel, where its neighbours are projected too.
Derivatives quad_derivatives(api::TextureKind kind, const float* u, const float* v, const float* r,
                             int q) {
  if (kind != api::TextureKind::Cube) {
    Derivatives d{u[q + 1] - u[q], v[q + 1] - v[q], u[q + 2] - u[q], v[q + 2] - v[q]};
    if (kind == api::TextureKind::Volume) d.dwdx = r[q + 1] - r[q], d.dwdy = r[q + 2] - r[q];
    return d;
  }
  const TexPoint p0 = cube_point(u[q], v[q], r[q]);
  const TexPoint px = cube_point_on(p0.face, u[q + 1], v[q + 1], r[q + 1]);
  const TexPoint py = cube_point_on(p0.face, u[q + 2], v[q + 2], r[q + 2]);
  return Derivatives{px.u - p0.u, px.v - p0.v, py.u - p0.u, py.v - p0.v};
}

}  // namespace

void exec_tex(const ExecContext& ctx, const Instr& in, const SrcLanes* src, const Warp& warp,
              uint64_t active, unsigned issue_index, float (*res)[kMaxLanes]) {
  const int lanes = warp.lanes;
  const TexMode mode = in.tex_mode;
  if (mode == TexMode::Info || mode == TexMode::InfoRcp || mode == TexMode::InfoUint)
    return exec_tex_info(ctx, in, src[0], lanes, res);
  const bool compare = mode == TexMode::Compare || mode == TexMode::CompareLz;
  const SamplerBinding* binding = ctx.samplers ? &ctx.samplers[in.sampler] : nullptr;
  if (binding == nullptr || binding->texture == nullptr) {
    if (mode == TexMode::Fetch || compare) return fill(res, 0, lanes, Vec4{});  // D3D10: 0
    fill(res, 0, lanes, Vec4{0.0f, 0.0f, 0.0f, 1.0f});  // D3D9: an unbound stage reads black
    return;
  }
  PreparedSampler s = prepare_sampler(*binding);
  for (int k = 0; k < 3; ++k) s.offset[k] = in.texel_offset[k];
  // The batch is about 4 KB of fixed storage on the stack, built only when someone listens.
  std::optional<TexelBatch> storage;
  TexelBatch* batch = nullptr;
  if (ctx.texture_sink) batch = &storage.emplace(*ctx.texture_sink, *s.texture, issue_index);
  if (mode == TexMode::Fetch) {
    const bool pixel = ctx.program->stage == api::ShaderStage::Pixel;
    uint64_t want = active & warp.live;
    if (pixel)  // whole quads, as for the other texture instructions
      for (int q = 0; q < lanes; q += 4)
        if ((want >> q) & 0xF) want |= uint64_t(0xF) << q;
    exec_tex_fetch(s, src[0], lanes, want, batch, res);
    if (batch) batch->flush();
    return;
  }

  const float* u = src[0].ch[0];
  const float* v = src[0].ch[1];
  const float* r = src[0].ch[2];  // a volume's third coordinate, a cube direction's z
  const float* w = src[0].ch[3];  // bias, LOD or projection divisor (modes that read it)
  float pu[kMaxLanes], pv[kMaxLanes], pr[kMaxLanes];
  if (mode == TexMode::Project) {
    for (int l = 0; l < lanes; ++l) {
      pu[l] = u[l] / w[l];
      pv[l] = v[l] / w[l];
      pr[l] = r[l] / w[l];
    }
    u = pu;
    v = pv;
    r = pr;
  }

  const bool pixel = ctx.program->stage == api::ShaderStage::Pixel;
  const uint64_t sampled = active & warp.live;
  for (int q = 0; q < lanes; q += 4) {
    const int n = lanes - q < 4 ? lanes - q : 4;
    const uint64_t quad_bits = (sampled >> q) & ((1u << n) - 1);
    if (quad_bits == 0) {  // no covered, active lane: nothing to shade or fetch
      fill(res, q, n, Vec4{});
      continue;
    }
    // Pixel quads share one footprint, from the neighbours of their first pixel; the
    // sampler turns it into a LOD (and, with an anisotropic filter, into probes).
    const bool implicit =
        pixel && (mode == TexMode::Normal || mode == TexMode::Bias || mode == TexMode::Project);
    Derivatives quad_d{};
    if (implicit || (pixel && mode == TexMode::Compare))
      quad_d = quad_derivatives(s.kind, u, v, r, q);
    for (int l = q; l < q + n; ++l) {
      if (!pixel && !((quad_bits >> (l - q)) & 1u)) {  // vertex lanes stand alone
        fill(res, l, 1, Vec4{});
        continue;
      }
      const TexPoint p = point_of(s.kind, u[l], v[l], r[l]);
      if (compare) {
        // A vertex program has no quad: its sample_c reads level 0, as sample_c_lz does
        // (the SM4 translator allows sample_c in pixel shaders only).
        const float ref = src[1].ch[0][l];
        const float c = mode == TexMode::Compare && pixel ? sample_compare(s, p, quad_d, ref, batch)
                                                          : sample_compare_level0(s, p, ref, batch);
        store(res, l, Vec4{c, c, c, c});
      } else if (implicit) {
        store(res, l, sample_grad(s, p, quad_d, mode == TexMode::Bias ? w[l] : 0.0f, batch));
      } else if (mode == TexMode::Grad) {
        // texldd's src1/src2 are d/dx and d/dy of the coordinate (the first three channels
        // for a volume; a cube's are taken as given on the sampled face's u, v).
        const Derivatives d{src[1].ch[0][l], src[1].ch[1][l], src[2].ch[0][l],
                            src[2].ch[1][l], src[1].ch[2][l], src[2].ch[2][l]};
        store(res, l, sample_grad(s, p, d, 0.0f, batch));
      } else {  // explicit LOD (texldl) or a vertex program's LOD 0 (plus bias in vertex texldb)
        const float lod = mode == TexMode::Lod || mode == TexMode::Bias ? w[l] : 0.0f;
        store(res, l, sample(s, p, lod, batch));
      }
    }
  }
  if (batch) batch->flush();
}

}  // namespace gfx::func::detail
