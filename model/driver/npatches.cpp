// D3D9 N-patches in the driver: with SetNPatchMode(n >= 1), or adaptive tessellation on,
// every D3D9 triangle draw (list, strip, fan; indexed or not) becomes curved PN triangles
// before the vertex shader, as D3D9 requires. The draw's triangles are assembled in API
// order (func/geom/primitive_assembly, so strips and fans keep their winding), each is
// tessellated on its own (func/tess/npatch.h: shared edges give bit-identical vertices),
// and the result is drawn as one indexed triangle list through the same shaders.
// Segments: n (discrete or continuous per D3DRS_PATCHEDGESTYLE), or the adaptive level of
// each edge, clamped to the caps' max_tessellation_level.
// Leaves out: instanced N-patch draws (stream frequencies are ignored), D3D10 draws (no
// N-patches there), displacement mapping.
#include <algorithm>

#include "common/error.h"
#include "driver/patch_input.h"
#include "func/geom/primitive_assembly.h"
#include "func/tess/adaptive.h"
#include "func/tess/npatch.h"
#include "func/tess/validate.h"
#include "trace/draws.h"

namespace gfx::driver {

namespace tess = func::tess;

namespace {

bool npatch_topology(api::Topology t) {
  return t == api::Topology::TriangleList || t == api::Topology::TriangleStrip ||
         t == api::Topology::TriangleFan;
}

// In 64 bits: 3 * primitives wraps in 32 (the limits refuse counts past 2^32 before here).
uint64_t vertices_of(api::Topology t, uint64_t primitives) {
  return trace::vertices_for_primitives(t, primitives);
}

}  // namespace

bool Device::npatches_on(const trace::Command& draw) const {
  if (npatch_segments_ < 1.0f && !render_states_.adaptive_tess_enable) return false;
  if (const auto* d = std::get_if<trace::DrawPrimitive>(&draw)) return npatch_topology(d->topology);
  if (const auto* d = std::get_if<trace::DrawIndexedPrimitive>(&draw))
    return npatch_topology(d->topology);
  return false;
}

void Device::draw_npatches(const trace::Command& draw, const std::string& where) {
  const std::string at = draw_label(trace::name_of(draw), where);
  if (!patch_caps_.npatches)
    patch_fail(at,
               "N-patches (set_npatch_mode) need capability tessellator.npatches, "
               "disabled in the config");
  const bool adaptive = render_states_.adaptive_tess_enable;
  if (adaptive && !patch_caps_.adaptive_tessellation)
    patch_fail(at,
               "adaptive tessellation needs capability tessellator.adaptive_tessellation, "
               "disabled in the config");

  // The draw's vertex references, in API order.
  api::Topology topology;
  uint64_t count;
  uint32_t first;
  int32_t base = 0;
  const api::IndexBuffer* ib = nullptr;
  if (const auto* d = std::get_if<trace::DrawPrimitive>(&draw)) {
    topology = d->topology;
    count = vertices_of(topology, d->primitive_count);
    first = d->start_vertex;
  } else {
    const auto& dip = std::get<trace::DrawIndexedPrimitive>(draw);
    topology = dip.topology;
    count = vertices_of(topology, dip.primitive_count);
    first = dip.start_index;
    base = dip.base_vertex;
    if (!indices_) patch_fail(at, "indexed draw without an index buffer (set_indices)");
    ib = indices_.get();
    if (uint64_t(first) + count > ib->count())
      patch_fail(at, "indices " + std::to_string(first) + ".." +
                         std::to_string(uint64_t(first) + count - 1) +
                         " run past the index buffer's " + std::to_string(ib->count()));
  }
  const PatchInput in = patch_input(false, true, at);
  const unsigned attrs = in.attributes();
  if (uint64_t(first) + count > uint64_t{1} << 32)
    patch_fail(at, "the draw runs past the last 32-bit vertex or index position");
  auto vertex_at = [&](uint32_t i) -> uint32_t {
    if (!ib) return first + i;
    const uint8_t* p = ib->bytes.data();
    const size_t k = size_t(first) + i;
    const uint32_t raw = ib->format == api::Format::Index16
                             ? uint32_t(p[2 * k] | (p[2 * k + 1] << 8))
                             : uint32_t(p[4 * k]) | uint32_t(p[4 * k + 1]) << 8 |
                                   uint32_t(p[4 * k + 2]) << 16 | uint32_t(p[4 * k + 3]) << 24;
    return uint32_t(int64_t(raw) + base);
  };

  tess::NPatchSettings settings;
  settings.position = unsigned(in.position);
  settings.normal = in.normal;
  settings.position_degree = tess::Degree(uint8_t(render_states_.position_degree));
  settings.normal_degree = tess::Degree(uint8_t(render_states_.normal_degree));
  settings.style = tess::EdgeStyle(uint8_t(render_states_.patch_edge_style));
  const std::string msg =
      tess::check_npatch_degrees(settings.position_degree, settings.normal_degree);
  if (!msg.empty()) patch_fail(at, msg);

  tess::AdaptiveState st;
  const auto& m = render_states_.adaptive_tess;
  st.mdm = {m[0], m[1], m[2], m[3]};
  st.min_level = render_states_.min_tess_level;
  st.max_level = render_states_.max_tess_level;
  const float max_level = patch_caps_.max_tessellation_level;
  const float n = std::min(npatch_segments_, max_level);

  tess::NPatchTessellator tessellator;
  tess::Mesh mesh;
  mesh.clear(attrs);
  std::vector<func::Vec4> corners(3 * size_t(attrs));
  func::PrimitiveAssembler assembler(topology);
  uint32_t lo = ~0u, hi = 0, triangles = 0;
  for (uint32_t i = 0; i < count; ++i) {  // count < 2^32: checked above
    func::Primitive prim;
    if (!assembler.push(i, prim) || prim.count != 3) continue;
    float level[3];
    for (int k = 0; k < 3; ++k) {
      const uint32_t v = vertex_at(prim.v[k]);
      if (v >= in.vertex_count)
        patch_fail(at, "vertex " + std::to_string(v) + " lies past the end of its vertex buffer (" +
                           std::to_string(in.vertex_count) + " vertices)");
      lo = std::min(lo, v);
      hi = std::max(hi, v);
      in.decode(v, 1, corners.data() + size_t(k) * attrs);
    }
    if (adaptive) {
      float t[3];
      for (int k = 0; k < 3; ++k) {
        const func::Vec4* c = corners.data() + size_t(k) * attrs;
        const float tf = in.tess_factor >= 0 ? c[in.tess_factor].x : 1.0f;
        t[k] = tess::adaptive_vertex_level(c[in.position], tf, npatch_segments_, st.mdm);
      }
      for (int e = 0; e < 3; ++e)
        level[e] = std::min(tess::adaptive_edge_level(t[e], t[(e + 1) % 3], st), max_level);
    } else {
      level[0] = level[1] = level[2] = n;
    }
    try {
      tessellator.tessellate(corners.data(), corners.data() + attrs, corners.data() + 2 * attrs,
                             attrs, settings, {level[0], level[1], level[2]}, mesh);
    } catch (const Error& e) {
      patch_fail(at, e.what());
    }
    ++triangles;
    // The generated mesh is held whole until the draw is issued: bound it as a draw.
    const uint64_t limit = limits_.limits().vertices_per_draw;
    if (mesh.vertex_count() > limit)
      patch_fail(at, "the N-patch tessellation generates more than " + std::to_string(limit) +
                         " vertices, over " + cfg::limit_text("vertices_per_draw", limit));
  }

  auto work = std::make_shared<TessWork>();
  work->kind = TessWork::Kind::NPatch;
  work->patches = triangles;
  work->control_points = 3 * triangles;
  work->vertices = mesh.vertex_count();
  work->triangles = mesh.triangle_count();
  if (triangles) in.add_ranges(lo, hi - lo + 1, *work);
  if (ib && count) {
    TessWork::Range r;
    r.keep = indices_;
    r.object = ib;
    r.object_bytes = ib->bytes.size();
    const uint32_t size = ib->format == api::Format::Index16 ? 2 : 4;
    r.offset = uint64_t(first) * size;
    r.bytes = uint64_t(count) * size;
    work->fetch.push_back(std::move(r));
  }
  issue_generated(trace::name_of(draw), where, in.out_declaration, mesh.vertices, mesh.attributes,
                  mesh.indices, std::move(work));
}

}  // namespace gfx::driver
