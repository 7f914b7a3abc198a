#include "func/pipeline/stages.h"

namespace gfx::func {

int shade_vertices(const DrawContext& d, const uint32_t* fetch_index, int count, Warp& w,
                   ShadedVertex* out, std::vector<OpClass>* record, TextureAccessSink* sink,
                   uint32_t instance, std::vector<Op>* ops) {
  int out_of_bounds = 0;
  w.lanes = count;
  w.live = count >= 64 ? ~uint64_t(0) : ((uint64_t(1) << count) - 1);
  for (int l = 0; l < count; ++l)
    if (!fetch_vertex(d.fetch_plan, d.streams.data(), fetch_index[l], w, l)) ++out_of_bounds;
  // System values: fetch index = index + base vertex (indexed) or first + i (not indexed).
  const Program& prog = *d.vertex_program;
  if (prog.vertex_id_reg >= 0) {
    const int64_t origin = d.indexed ? int64_t(d.base_vertex) : int64_t(d.first);
    for (int l = 0; l < count; ++l) {
      const float id = float(uint32_t(int64_t(fetch_index[l]) - origin));
      w.set_input(prog.vertex_id_reg, l, Vec4{id, id, id, id});
    }
  }
  if (prog.instance_id_reg >= 0) {
    const float id = float(instance);
    for (int l = 0; l < count; ++l) w.set_input(prog.instance_id_reg, l, Vec4{id, id, id, id});
  }

  ExecContext ctx;
  ctx.program = d.vertex_program.get();
  ctx.constants = d.vs_constants.data();
  ctx.int_constants = d.vs_int_constants.data();
  ctx.bool_constants = d.vs_bool_constants.data();
  ctx.samplers = d.samplers.data();
  ctx.texture_sink = sink;
  ctx.op_record = ops;
  execute(ctx, w, record);

  const Program& vs = *d.vertex_program;
  for (int l = 0; l < count; ++l) {
    ShadedVertex& v = out[l];
    v.pos = w.output_vec(0, l);
    for (const OutputBinding& o : vs.outputs) v.var[int(o.varying)] = w.output_vec(o.reg, l);
  }
  return out_of_bounds;
}

int process_triangle(const DrawContext& d, const ShadedVertex& a, const ShadedVertex& b,
                     const ShadedVertex& c, std::vector<std::shared_ptr<const TriangleSetup>>& out) {
  ShadedVertex poly[12];
  const int n = clip_triangle(a, b, c, guard_band(d.raster.viewport), d.varying_mask, poly);
  int made = 0;
  for (int i = 1; i + 1 < n; ++i) {
    auto t = std::make_shared<TriangleSetup>();
    // Flat shading takes the original leading vertex even after clipping.
    if (setup_triangle(poly[0], poly[i], poly[i + 1], d.raster, d.varying_mask, *t, &a)) {
      out.push_back(std::move(t));
      ++made;
    }
  }
  return made;
}

void shade_quads(const DrawContext& d, const Quad* quads, const TriangleSetup* const* tris,
                 int count, Warp& w, PixelResults& out, std::vector<OpClass>* record,
                 TextureAccessSink* sink, std::vector<Op>* ops) {
  const Program& ps = *d.pixel_program;
  w.lanes = count * 4;
  w.live = 0;
  for (int q = 0; q < count; ++q) {
    interpolate_quad(*tris[q], quads[q], ps, w, 4 * q, &out.z[4 * q]);
    w.live |= uint64_t(quads[q].mask) << (4 * q);
  }
  ExecContext ctx;
  ctx.program = &ps;
  ctx.constants = d.ps_constants.data();
  ctx.int_constants = d.ps_int_constants.data();
  ctx.bool_constants = d.ps_bool_constants.data();
  ctx.samplers = d.samplers.data();
  ctx.texture_sink = sink;
  ctx.op_record = ops;
  execute(ctx, w, record);
  // texkill may have removed lanes: coverage is what is still live after the program.
  for (int q = 0; q < count; ++q) out.live[q] = uint8_t((w.live >> (4 * q)) & 0xF);
  for (int l = 0; l < count * 4; ++l) out.color[l] = w.output_vec(0, l);
  out.quads = count;
}

}  // namespace gfx::func
