#include "func/pipeline/renderer.h"

#include <unordered_map>

#include "func/geom/primitive_assembly.h"
#include "func/rop/rop.h"

namespace gfx::func {

namespace {
constexpr int kQuadsPerBatch = kMaxLanes / 4;
}

FunctionalRenderer::FunctionalRenderer(uint32_t width, uint32_t height) {
  target_.resize(width, height);
}

void FunctionalRenderer::flush_quads(const DrawContext& d, DrawCounts& counts) {
  if (quads_.empty()) return;
  const TriangleSetup* tris[kQuadsPerBatch];
  for (size_t i = 0; i < quads_.size(); ++i) tris[i] = quad_tris_[i].get();
  shade_quads(d, quads_.data(), tris, int(quads_.size()), warp_, results_, nullptr, nullptr);
  RopState rop{d.render_states, d.raster.viewport};
  for (int q = 0; q < results_.quads; ++q) {
    const uint8_t written = rop_quad(rop, target_, quads_[q], results_.live[q], &results_.z[4 * q],
                                     &results_.color[4 * q]);
    counts.pixels_written += __builtin_popcount(written);
  }
  quads_.clear();
  quad_tris_.clear();
}

DrawCounts FunctionalRenderer::draw(const DrawContext& d) {
  DrawCounts counts;
  for (uint32_t inst = 0; inst < d.instance_count; ++inst) {
    // Unique vertices of the instance in first-use order, shaded in full warps.
    std::unordered_map<uint32_t, uint32_t> slot_of;
    std::vector<uint32_t> fetch, refs;
    refs.reserve(d.count);
    for (uint32_t i = 0; i < d.count; ++i) {
      bool ok = true;
      const uint32_t index = d.vertex_index(i, &ok);
      if (!ok) ++counts.out_of_bounds;
      ++counts.indices;
      if (d.is_cut(index)) {
        refs.push_back(~0u);
        continue;
      }
      const uint32_t f = uint32_t(int64_t(index) + d.base_vertex);
      auto [it, fresh] = slot_of.emplace(f, uint32_t(fetch.size()));
      if (fresh) fetch.push_back(f);
      refs.push_back(it->second);
    }
    shaded_.resize(fetch.size());
    for (size_t b = 0; b < fetch.size(); b += kMaxLanes) {
      const int n = int(std::min<size_t>(kMaxLanes, fetch.size() - b));
      counts.out_of_bounds +=
          shade_vertices(d, &fetch[b], n, warp_, &shaded_[b], nullptr, nullptr, inst);
    }
    counts.vertices_shaded += fetch.size();

    PrimitiveAssembler pa(d.topology);
    Primitive p;
    for (uint32_t r : refs) {
      if (r == ~0u) {
        pa.cut();
        continue;
      }
      if (!pa.push(r, p) || p.count != 3) continue;
      ++counts.primitives;
      tris_.clear();
      process_triangle(d, shaded_[p.v[0]], shaded_[p.v[1]], shaded_[p.v[2]], tris_);
      for (auto& t : tris_) {
        ++counts.triangles;
        raster_out_.clear();
        rasterize(*t, raster_out_);
        for (const Quad& q : raster_out_) {
          ++counts.quads;
          counts.pixels_shaded += __builtin_popcount(q.mask);
          quads_.push_back(q);
          quad_tris_.push_back(t);
          if (int(quads_.size()) == kQuadsPerBatch) flush_quads(d, counts);
        }
      }
    }
    flush_quads(d, counts);
  }
  return counts;
}

}  // namespace gfx::func
