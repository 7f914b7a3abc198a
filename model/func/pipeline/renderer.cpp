#include "func/pipeline/renderer.h"

#include <algorithm>

#include "common/interrupt.h"
#include "func/geom/primitive_assembly.h"
#include "func/rop/depth_path.h"
#include "func/rop/rop.h"

namespace gfx::func {

namespace {
constexpr int kQuadsPerBatch = kMaxLanes / 4;
}

FunctionalRenderer::FunctionalRenderer(uint32_t width, uint32_t height, uint32_t window)
    : window_(std::max(window, 1u)) {
  target_.resize(width, height);
}

void FunctionalRenderer::flush_quads(const DrawContext& d, DepthPath path, DrawCounts& counts) {
  if (quads_.empty()) return;
  const TriangleSetup* tris[kQuadsPerBatch];
  for (size_t i = 0; i < quads_.size(); ++i) tris[i] = quad_tris_[i].get();
  shade_quads(d, quads_.data(), tris, int(quads_.size()), warp_, results_, nullptr, nullptr);
  const RopState rop = rop_state_of(d);
  const Vec4* colors[kMaxRenderTargets];
  for (int q = 0; q < results_.quads; ++q) {
    results_.quad_colors(q, colors);
    if (path == DepthPath::Early) {  // depth and stencil are done: the colour half only
      const uint8_t pass = results_.live[q] & quads_[q].mask;
      Quad passed = quads_[q];
      passed.samples = depth_samples_[size_t(q)];
      color_quad_mrt(rop, target_, passed, pass, colors);
      counts.pixels_written += __builtin_popcount(pass);
      continue;
    }
    float sample_z[4 * kMaxSamples];
    const float* zs = rop_sample_depths(d, quad_tris_[q].get(), quads_[q], sample_z);
    const uint8_t written =
        rop_quad_mrt(rop, target_, quads_[q], results_.live[q], &results_.z[4 * q], colors,
                     !quad_tris_[q]->front_facing, zs);
    counts.pixels_written += __builtin_popcount(written);
  }
  quads_.clear();
  quad_tris_.clear();
  depth_samples_.clear();
}

// Keeps the vertices the assembler may still use across a window boundary (at most the
// last six and a fan centre) in slots 0..kCarry-1; the window's own vertices follow.
void FunctionalRenderer::carry_over(PrimitiveAssembler& pa) {
  uint32_t from[kCarry];
  uint32_t n = 0;
  pa.remap([&](uint32_t slot) {
    for (uint32_t k = 0; k < n; ++k)
      if (from[k] == slot) return k;
    from[n] = slot < shaded_.size() ? slot : 0;  // never-written history entries
    return n++;
  });
  for (uint32_t k = 0; k < n; ++k) carry_[k] = shaded_[from[k]];
  for (uint32_t k = 0; k < n; ++k) shaded_[k] = carry_[k];
}

DrawCounts FunctionalRenderer::draw(const DrawContext& d) {
  DrawCounts counts;
  const DepthPath path = depth_path(d, early_z_);
  const RopState rop = rop_state_of(d);
  PrimitiveAssembler pa(d.topology);
  Primitive p;
  for (uint32_t inst = 0; inst < d.instance_count; ++inst) {
    // Each instance starts afresh: per-instance data differ, and D3D10 cuts between
    // instances. Distinct vertices are shaded once per window of window_ index slots,
    // in full warps, so memory stays bounded whatever the draw's size.
    pa.reset();  // PrimitiveID restarts at every instance; a cut does not restart it
    counts.indices += d.count;
    for (uint32_t begin = 0;
         begin<d.count; begin = d.count - begin> window_ ? begin + window_ : d.count) {
      throw_if_interrupted();  // a huge draw stops at a window boundary on SIGINT/SIGTERM
      if (begin > 0) carry_over(pa);
      walk_instance(d, begin, uint32_t(std::min<uint64_t>(uint64_t(begin) + window_, d.count)),
                    dedup_, walk_);
      counts.out_of_bounds += walk_.out_of_bounds;
      const std::vector<uint32_t>& fetch = walk_.fetch;
      shaded_.resize(kCarry + fetch.size());
      for (size_t b = 0; b < fetch.size(); b += kMaxLanes) {
        const int n = int(std::min<size_t>(kMaxLanes, fetch.size() - b));
        counts.out_of_bounds +=
            shade_vertices(d, &fetch[b], n, warp_, &shaded_[kCarry + b], nullptr, nullptr, inst);
      }
      counts.vertices_shaded += fetch.size();

      for (uint32_t r : walk_.refs) {
        if (r == InstanceWalk::kCut) {
          pa.cut();
          continue;
        }
        if (!pa.push(kCarry + r, p)) continue;
        ++counts.primitives;
        tris_.clear();
        const ShadedVertex* v[3] = {&shaded_[p.v[0]], &shaded_[p.v[1]], &shaded_[p.v[2]]};
        process_primitive(d, v, p.count, p.id, tris_);
        for (auto& t : tris_) {
          ++counts.triangles;
          raster_out_.clear();
          rasterize(*t, raster_out_);
          counts.quads += raster_out_.size();  // pixel quads, whatever the shading rate
          if (t->per_sample) {  // shaded once per covered sample, as the rasterizer sends them
            sample_out_.clear();
            for (const Quad& pq : raster_out_) split_samples(pq, t->samples, sample_out_);
            raster_out_.swap(sample_out_);
          }
          for (Quad q : raster_out_) {
            // The early-Z stage's half, where the timing run does it: before shading.
            uint64_t passed_samples = q.samples;
            if (path != DepthPath::Late) {
              q.mask = early_depth_quad(d, rop, target_, path, *t, q, &passed_samples);
              if (q.mask == 0) continue;
            }
            counts.pixels_shaded += __builtin_popcount(q.mask);
            quads_.push_back(q);
            depth_samples_.push_back(passed_samples);
            quad_tris_.push_back(t);
            if (int(quads_.size()) == kQuadsPerBatch) flush_quads(d, path, counts);
          }
        }
      }
    }
    flush_quads(d, path, counts);
  }
  return counts;
}

}  // namespace gfx::func
