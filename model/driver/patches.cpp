// D3D9 RT patches in the driver: DrawRectPatch, DrawTriPatch and DeletePatch with the
// patch handle cache (reference notes 2.3):
//   - a non-zero handle with info captures the patch: its control points are read from the
//     current streams now and kept, with the segments and the output layout;
//   - a non-zero handle without info draws the captured patch; the current streams and
//     declaration are not read; segments given with the draw override the captured ones
//     for that draw only;
//   - handle 0 is a dynamic patch (read, drawn, forgotten); handle 0 without info fails;
//   - a rect draw with a handle invalidates a tri patch under it and vice versa;
//   - DeletePatch frees a handle (deleting a handle that holds nothing fails, as D3D9
//     returns D3DERR_INVALIDCALL).
// A new patch drawn without segments uses 1 per edge (D3D8's PATCHSEGMENTS default; D3D9
// leaves it open). Segment counts are clamped to the caps' max_tessellation_level.
// Leaves out: displacement mapping, checking that the vertex shader is the capture-time one.
#include <algorithm>

#include "common/error.h"
#include "driver/patch_input.h"
#include "func/tess/adaptive.h"
#include "func/tess/rect_patch.h"
#include "func/tess/tri_patch.h"
#include "func/tess/validate.h"

namespace gfx::driver {

namespace tess = func::tess;

struct Device::CachedPatch {
  bool rect = true;
  tess::RectPatchInfo rect_info;  // rebased onto `points` (start 0, stride = width)
  tess::TriPatchInfo tri_info;    // rebased onto `points` (start 0)
  std::vector<float> segments;
  std::vector<func::Vec4> points;
  unsigned attributes = 0;
  tess::OutputLayout layout;
  std::shared_ptr<const api::VertexDeclaration> out_declaration;
  int position = 0, tess_factor = -1;
  uint64_t capture = 0;
  uint32_t control_points = 0;
  std::vector<TessWork::Range> fetch;
};

namespace {

// Segments of the draw: given ones (checked), else the patch's, clamped to the caps.
template <size_t N> std::array<float, N> draw_segments(const std::vector<float>& given,
                                                       const std::vector<float>& own,
                                                       float max_level, const std::string& at) {
  const std::vector<float>& src = given.empty() ? own : given;
  if (src.size() != N)
    patch_fail(at, "segments need " + std::to_string(N) + " values (or none), got " +
                       std::to_string(src.size()));
  const std::string msg = tess::check_segments(src.data(), unsigned(N));
  if (!msg.empty()) patch_fail(at, msg);
  std::array<float, N> s;
  for (size_t i = 0; i < N; ++i) s[i] = std::min(src[i], max_level);
  return s;
}

// The capability checks every RT-patch draw makes (a draw without info reuses a patch
// whose degree was checked when it was captured).
void check_rt_caps(const PatchCaps& caps, uint32_t handle, bool has_info, api::Degree degree,
                   const std::string& at) {
  if (!caps.rt_patches)
    patch_fail(at, "RT patches need capability tessellator.rt_patches, disabled in the config");
  if (handle == 0 && !has_info) patch_fail(at, "handle 0 (a dynamic patch) needs patch info");
  if (has_info && degree == api::Degree::Quintic && !caps.quintic_rt_patches)
    patch_fail(at,
               "a quintic patch needs capability tessellator.quintic_rt_patches, "
               "disabled in the config");
}

// The patch cached under `handle` for a draw without info. A patch of the other kind under
// the handle is invalidated by the draw (and the draw fails). Templates so that the
// device's private patch type is deduced, not named.
template <class Cache> typename Cache::mapped_type cached_patch(Cache& patches, uint32_t handle,
                                                                bool rect, const std::string& at) {
  auto it = patches.find(handle);
  if (it == patches.end())
    patch_fail(at, "handle " + std::to_string(handle) + " holds no patch to draw");
  if (it->second->rect != rect) {
    patches.erase(it);
    patch_fail(at, "handle " + std::to_string(handle) +
                       (rect ? " held a tri patch, which a "
                               "rect patch draw invalidates"
                             : " held a rect patch, which a "
                               "tri patch draw invalidates"));
  }
  return it->second;
}

// What a captured patch keeps of the draw's input besides its control points.
template <class Patch, class Input>
void keep_input(Patch& p, const Input& in, const std::vector<float>& segments, unsigned edges) {
  p.segments = segments.empty() ? std::vector<float>(edges, 1.0f) : segments;
  p.layout = in.layout;
  p.out_declaration = in.out_declaration;
  p.position = in.position;
  p.tess_factor = in.tess_factor;
}

}  // namespace

void Device::delete_patch(const trace::DeletePatch& c, const std::string& where) {
  if (c.handle == 0) patch_fail(where, "delete_patch: handle 0 never holds a patch");
  if (patches_.erase(c.handle) == 0)
    patch_fail(where, "delete_patch: handle " + std::to_string(c.handle) +
                          " holds no patch (never captured, or already deleted)");
}

void Device::draw_rect_patch(const trace::DrawRectPatch& c, const std::string& where) {
  const std::string at = draw_label("draw_rect_patch", where);
  check_rt_caps(patch_caps_, c.handle, c.has_info, c.degree, at);
  std::shared_ptr<const CachedPatch> patch;
  if (c.has_info) {
    tess::RectPatchInfo info;
    info.start_w = c.start_vertex_offset_width;
    info.start_h = c.start_vertex_offset_height;
    info.width = c.width;
    info.height = c.height;
    info.stride = c.stride;
    info.basis = tess::Basis(uint8_t(c.basis));
    info.degree = tess::Degree(uint8_t(c.degree));
    const PatchInput in = patch_input(true, false, at);
    std::string msg = tess::check_rect_patch(info);
    if (msg.empty()) msg = tess::check_rect_grid(info, in.vertex_count);
    if (!msg.empty()) patch_fail(at, msg);
    auto p = std::make_shared<CachedPatch>();
    p->rect = true;
    p->attributes = in.attributes();
    p->points.resize(size_t(info.width) * info.height * p->attributes);
    for (uint32_t r = 0; r < info.height; ++r) {
      const uint32_t first = (info.start_h + r) * info.stride + info.start_w;
      in.decode(first, info.width, p->points.data() + size_t(r) * info.width * p->attributes);
    }
    TessWork ranges;
    for (uint32_t r = 0; r < info.height; ++r)
      in.add_ranges((info.start_h + r) * info.stride + info.start_w, info.width, ranges);
    p->fetch = std::move(ranges.fetch);
    p->rect_info = info;
    p->rect_info.start_w = p->rect_info.start_h = 0;
    p->rect_info.stride = info.width;
    p->control_points = info.width * info.height;
    keep_input(*p, in, c.segments, 4);
    if (c.handle != 0) {
      p->capture = ++patch_captures_;
      patches_[c.handle] = p;  // replaces a rect or tri patch under the handle
    }
    patch = std::move(p);
  } else {
    patch = cached_patch(patches_, c.handle, true, at);
  }
  const auto segs =
      draw_segments<4>(c.segments, patch->segments, patch_caps_.max_tessellation_level, at);
  draw_patch(*patch, segs.data(), c.handle, !c.has_info, "draw_rect_patch", at, where);
}

void Device::draw_tri_patch(const trace::DrawTriPatch& c, const std::string& where) {
  const std::string at = draw_label("draw_tri_patch", where);
  check_rt_caps(patch_caps_, c.handle, c.has_info, c.degree, at);
  std::shared_ptr<const CachedPatch> patch;
  if (c.has_info) {
    tess::TriPatchInfo info;
    info.start_vertex = c.start_vertex_offset;
    info.num_vertices = c.num_vertices;
    info.basis = tess::Basis(uint8_t(c.basis));
    info.degree = tess::Degree(uint8_t(c.degree));
    const PatchInput in = patch_input(false, false, at);
    const std::string msg = tess::check_tri_patch(info, in.vertex_count);
    if (!msg.empty()) patch_fail(at, msg);
    auto p = std::make_shared<CachedPatch>();
    p->rect = false;
    p->attributes = in.attributes();
    p->points.resize(size_t(info.num_vertices) * p->attributes);
    in.decode(info.start_vertex, info.num_vertices, p->points.data());
    TessWork ranges;
    in.add_ranges(info.start_vertex, info.num_vertices, ranges);
    p->fetch = std::move(ranges.fetch);
    p->tri_info = info;
    p->tri_info.start_vertex = 0;
    p->control_points = info.num_vertices;
    keep_input(*p, in, c.segments, 3);
    if (c.handle != 0) {
      p->capture = ++patch_captures_;
      patches_[c.handle] = p;
    }
    patch = std::move(p);
  } else {
    patch = cached_patch(patches_, c.handle, false, at);
  }
  const auto segs =
      draw_segments<3>(c.segments, patch->segments, patch_caps_.max_tessellation_level, at);
  draw_patch(*patch, segs.data(), c.handle, !c.has_info, "draw_tri_patch", at, where);
}

void Device::draw_patch(const CachedPatch& p, const float* segments, uint32_t handle,
                        bool from_cache, const char* call, const std::string& at,
                        const std::string& where) {
  const unsigned edges = p.rect ? 4 : 3;
  float segs[4] = {0, 0, 0, 0};
  std::copy(segments, segments + edges, segs);
  if (render_states_.adaptive_tess_enable) {
    if (!patch_caps_.adaptive_tessellation)
      patch_fail(at,
                 "adaptive tessellation needs capability tessellator.adaptive_tessellation, "
                 "disabled in the config");
    // The vertices that drive each edge (reference notes 2.5), by control-point index.
    uint32_t ends[4][2];
    if (p.rect) {
      const auto pts = tess::rect_adaptive_points(p.rect_info);
      for (unsigned e = 0; e < 4; ++e)
        for (unsigned k = 0; k < 2; ++k)
          ends[e][k] = pts[e][k].row * p.rect_info.stride + pts[e][k].col;
    } else {
      const unsigned d = unsigned(p.tri_info.degree);
      for (unsigned e = 0; e < 3; ++e) {
        ends[e][0] = tess::TriPatchTessellator::corner_index(d, e);
        ends[e][1] = tess::TriPatchTessellator::corner_index(d, (e + 1) % 3);
      }
    }
    tess::AdaptiveState st;
    const auto& m = render_states_.adaptive_tess;
    st.mdm = {m[0], m[1], m[2], m[3]};
    st.min_level = render_states_.min_tess_level;
    st.max_level = render_states_.max_tess_level;
    auto level = [&](uint32_t cp, float max_segments) {
      const func::Vec4* v = p.points.data() + size_t(cp) * p.attributes;
      const float tf = p.tess_factor >= 0 ? v[p.tess_factor].x : 1.0f;
      return tess::adaptive_vertex_level(v[p.position], tf, max_segments, st.mdm);
    };
    for (unsigned e = 0; e < edges; ++e)
      segs[e] = std::min(
          tess::adaptive_edge_level(level(ends[e][0], segs[e]), level(ends[e][1], segs[e]), st),
          patch_caps_.max_tessellation_level);
  }
  const auto style = tess::EdgeStyle(uint8_t(render_states_.patch_edge_style));
  tess::Mesh mesh;
  mesh.clear(p.layout.count);
  try {
    const size_t n = p.points.size() / std::max(1u, p.attributes);
    if (p.rect) {
      tess::RectPatchTessellator t;
      t.tessellate(p.points.data(), n, p.attributes, p.rect_info,
                   {segs[0], segs[1], segs[2], segs[3]}, style, p.layout, mesh);
    } else {
      tess::TriPatchTessellator t;
      t.tessellate(p.points.data(), n, p.attributes, p.tri_info, {segs[0], segs[1], segs[2]}, style,
                   p.layout, mesh);
    }
  } catch (const Error& e) {
    patch_fail(at, e.what());
  }
  auto work = std::make_shared<TessWork>();
  work->kind = p.rect ? TessWork::Kind::RectPatch : TessWork::Kind::TriPatch;
  work->handle = handle;
  work->capture = p.capture;
  work->from_cache = from_cache;
  work->patches = 1;
  work->control_points = p.control_points;
  work->vertices = mesh.vertex_count();
  work->triangles = mesh.triangle_count();
  work->fetch = p.fetch;
  issue_generated(call, where, p.out_declaration, mesh.vertices, mesh.attributes, mesh.indices,
                  std::move(work));
}

}  // namespace gfx::driver
