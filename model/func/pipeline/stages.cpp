#include "func/pipeline/stages.h"

#include <algorithm>

#include "func/geom/point_line.h"
#include "func/geom/pretransformed.h"

namespace gfx::func {

int shade_vertices(const DrawContext& d, const uint32_t* fetch_index, int count, Warp& w,
                   ShadedVertex* out, std::vector<OpClass>* record, TextureAccessSink* sink,
                   uint32_t instance, std::vector<Op>* ops, ConstantReadSink* constants) {
  int out_of_bounds = 0;
  w.lanes = count;
  w.live = count >= 64 ? ~uint64_t(0) : ((uint64_t(1) << count) - 1);
  // Once per warp (a warp never spans instances): per-instance streams at their element.
  StreamBinding streams[api::kMaxStreams];
  d.instance_streams(instance, streams);
  for (int l = 0; l < count; ++l)
    if (!fetch_vertex(d.fetch_plan, streams, fetch_index[l], w, l)) ++out_of_bounds;
  const Program& prog = *d.vertex_program;
  if (prog.vertex_id_reg >= 0) {
    for (int l = 0; l < count; ++l) {
      const float id = float(d.vertex_id(fetch_index[l]));
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
  ctx.constant_sink = constants;
  execute(ctx, w, record);

  const Program& vs = *d.vertex_program;
  for (int l = 0; l < count; ++l) {
    ShadedVertex& v = out[l];
    v.pos = w.output_vec(0, l);
    if (d.pretransformed) v.pos = pretransformed_to_clip(v.pos, d.raster.viewport);
    for (const OutputBinding& o : vs.outputs) v.var[int(o.varying)] = w.output_vec(o.reg, l);
    for (int c = 0; c < 4; ++c)
      if (vs.color0_ones >> c & 1) v.var[int(Varying::Color0)][c] = 1.0f;
  }
  return out_of_bounds;
}

namespace {

// Clip and set up one triangle with raster parameters `r`; `lead` gives flat-shaded
// colours. `force_front`: points and lines are front-facing whatever their corners' order.
int clip_and_setup(const DrawContext& d, const RasterParams& r, const ShadedVertex& a,
                   const ShadedVertex& b, const ShadedVertex& c, const ShadedVertex& lead,
                   uint32_t primitive_id, bool force_front,
                   std::vector<std::shared_ptr<const TriangleSetup>>& out) {
  ShadedVertex poly[kMaxClipVertices];
  const int n = clip_triangle(a, b, c, d.clip, d.varying_mask, poly);
  int made = 0;
  for (int i = 1; i + 1 < n; ++i) {
    auto t = std::make_shared<TriangleSetup>();
    // Flat shading takes the original leading vertex even after clipping.
    if (setup_triangle(poly[0], poly[i], poly[i + 1], r, d.varying_mask, *t, &lead)) {
      t->primitive_id = primitive_id;
      if (force_front) t->front_facing = true;
      out.push_back(std::move(t));
      ++made;
    }
  }
  return made;
}

}  // namespace

int process_triangle(const DrawContext& d, const ShadedVertex& a, const ShadedVertex& b,
                     const ShadedVertex& c, std::vector<std::shared_ptr<const TriangleSetup>>& out,
                     uint32_t primitive_id) {
  return clip_and_setup(d, d.raster, a, b, c, a, primitive_id, false, out);
}

namespace {

// A point (count 1) or a line (count 2) as two triangles; `lead` gives flat colours.
int point_or_line(const DrawContext& d, const ShadedVertex* const* v, int count,
                  const ShadedVertex& lead, uint32_t primitive_id,
                  std::vector<std::shared_ptr<const TriangleSetup>>& out) {
  ShadedVertex q[4];
  if (count == 1) {
    expand_point(*v[0], d.raster.viewport, q,
                 point_size(*v[0], d.writes_point_size, d.render_states));
    if (d.render_states.point_sprite_enable) {
      // Point sprites: every texture coordinate spans the square, (0, 0) at its top-left
      // corner to (1, 1) at the bottom-right (q0..q3 run clockwise from the top-left).
      const float u[4] = {0, 1, 1, 0}, w[4] = {0, 0, 1, 1};
      for (int k = 0; k < 4; ++k)
        for (int t = 0; t < 8; ++t) q[k].var[int(Varying::TexCoord0) + t] = Vec4{u[k], w[k], 0, 1};
    }
  } else if (d.raster.quad_lines) {
    expand_quad_line(*v[0], *v[1], d.raster.viewport, q);
  } else {
    expand_line(*v[0], *v[1], d.raster.viewport, q);
  }
  RasterParams r = d.raster;
  r.cull = api::Cull::None;  // the corners' winding is an artefact of the expansion
  return clip_and_setup(d, r, q[0], q[1], q[2], lead, primitive_id, true, out) +
         clip_and_setup(d, r, q[0], q[2], q[3], lead, primitive_id, true, out);
}

// D3DFILL_WIREFRAME / D3DFILL_POINT: the triangle is culled as a solid one would be (its
// winding from the clip-space positions: det(x, y, w) is w0 w1 w2 times the NDC area,
// and positive for a counter-clockwise triangle on screen), then its edges are drawn as
// lines or its corners as points, with the line and point rules, flat colours from the
// triangle's leading vertex. Zero-area triangles are culled, as in solid fill.
int triangle_outline(const DrawContext& d, const ShadedVertex* const* v, uint32_t primitive_id,
                     std::vector<std::shared_ptr<const TriangleSetup>>& out) {
  const Vec4 &p0 = v[0]->pos, &p1 = v[1]->pos, &p2 = v[2]->pos;
  const float det = p0.x * (p1.y * p2.w - p2.y * p1.w) - p1.x * (p0.y * p2.w - p2.y * p0.w) +
                    p2.x * (p0.y * p1.w - p1.y * p0.w);
  if (!(det != 0.0f)) return 0;
  const bool cw = det < 0.0f;
  const api::Cull cull = d.raster.cull;
  if ((cull == api::Cull::Cw && cw) || (cull == api::Cull::Ccw && !cw)) return 0;
  int made = 0;
  for (int k = 0; k < 3; ++k) {
    if (d.render_states.fill_mode == api::FillMode::Point) {
      made += point_or_line(d, &v[k], 1, *v[0], primitive_id, out);
    } else {
      const ShadedVertex* edge[2] = {v[k], v[(k + 1) % 3]};
      made += point_or_line(d, edge, 2, *v[0], primitive_id, out);
    }
  }
  return made;
}

}  // namespace

int process_primitive(const DrawContext& d, const ShadedVertex* const* v, int count,
                      uint32_t primitive_id,
                      std::vector<std::shared_ptr<const TriangleSetup>>& out) {
  if (count == 3 && d.render_states.fill_mode != api::FillMode::Solid)
    return triangle_outline(d, v, primitive_id, out);
  if (count == 3) return process_triangle(d, *v[0], *v[1], *v[2], out, primitive_id);
  return point_or_line(d, v, count, *v[0], primitive_id, out);
}

void shade_quads(const DrawContext& d, const Quad* quads, const TriangleSetup* const* tris,
                 int count, Warp& w, PixelResults& out, std::vector<OpClass>* record,
                 TextureAccessSink* sink, std::vector<Op>* ops, ConstantReadSink* constants) {
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
  ctx.constant_sink = constants;
  execute(ctx, w, record);
  // texkill may have removed lanes: coverage is what is still live after the program.
  for (int q = 0; q < count; ++q) out.live[q] = uint8_t((w.live >> (4 * q)) & 0xF);
  const int lanes = count * 4;
  for (int l = 0; l < lanes; ++l) out.color[l] = w.output_vec(0, l);
  if (ps.fog_blend_reg >= 0) {
    // The fog unit behind a pixel shader below ps_3_0 (D3D9): render target 0 only.
    const Vec4 fog = unpack_argb(d.render_states.fog_color);
    const float* f = w.input(ps.fog_blend_reg, 0);
    for (int l = 0; l < lanes; ++l) {
      const float k = f[l] > 0.0f ? (f[l] < 1.0f ? f[l] : 1.0f) : 0.0f;
      Vec4& c = out.color[l];
      for (int ch = 0; ch < 3; ++ch) c[ch] = k * c[ch] + (1.0f - k) * fog[ch];
    }
  }
  out.color_outputs = ps.color_outputs;
  out.color0 = ps.writes_color0;
  for (int t = 1; t < ps.color_outputs; ++t)
    for (int l = 0; l < lanes; ++l) out.mrt[t - 1][l] = w.output_vec(t, l);
  // oDepth replaces the interpolated depth for the depth test and write.
  if (ps.writes_depth) std::copy_n(w.output(ps.depth_output, 0), lanes, out.z);
  out.quads = count;
}

const float* rop_sample_depths(const DrawContext& d, const TriangleSetup* t, const Quad& q,
                               float buf[4 * kMaxSamples]) {
  if (d.raster.samples <= 1 || d.raster.center_coverage || !t ||
      (d.pixel_program && d.pixel_program->writes_depth))
    return nullptr;
  sample_depths(*t, q, buf);
  return buf;
}

}  // namespace gfx::func
