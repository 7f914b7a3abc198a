// The texture instruction: LOD per 2x2 quad from coordinate differences (pixel programs) or
// 0 (vertex programs), one sample per lane that needs it, and the texel report to the sink.
#include <optional>

#include "api/state.h"
#include "func/shader/exec_detail.h"
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

}  // namespace

void exec_tex(const ExecContext& ctx, const Instr& in, const SrcLanes& coord, const Warp& warp,
              unsigned issue_index, float (*res)[kMaxLanes]) {
  const int lanes = warp.lanes;
  const SamplerBinding* binding = ctx.samplers ? &ctx.samplers[in.sampler] : nullptr;
  if (binding == nullptr || binding->texture == nullptr) {
    fill(res, 0, lanes, Vec4{0.0f, 0.0f, 0.0f, 1.0f});  // D3D9: an unbound stage reads black
    return;
  }
  const PreparedSampler s = prepare_sampler(*binding);
  // The batch is about 4 KB of fixed storage on the stack, built only when someone listens.
  std::optional<TexelBatch> storage;
  TexelBatch* batch = nullptr;
  if (ctx.texture_sink) batch = &storage.emplace(*ctx.texture_sink, *s.texture, issue_index);

  const float* u = coord.ch[0];
  const float* v = coord.ch[1];
  if (ctx.program->stage == api::ShaderStage::Pixel) {
    for (int q = 0; q < lanes; q += 4) {
      if (((warp.live >> q) & 0xFu) == 0) {  // no covered pixel: nothing to shade or fetch
        fill(res, q, 4, Vec4{});
        continue;
      }
      // One LOD for the quad, from the horizontal and vertical neighbours of its first pixel.
      const float lod = lod_from_derivatives(u[q + 1] - u[q], v[q + 1] - v[q], u[q + 2] - u[q],
                                             v[q + 2] - v[q], s);
      for (int l = q; l < q + 4; ++l) store(res, l, sample(s, u[l], v[l], lod, batch));
    }
  } else {
    for (int l = 0; l < lanes; ++l) {
      if ((warp.live >> l) & 1u) {
        store(res, l, sample(s, u[l], v[l], 0.0f, batch));
      } else {
        fill(res, l, 1, Vec4{});
      }
    }
  }
  if (batch) batch->flush();
}

}  // namespace gfx::func::detail
