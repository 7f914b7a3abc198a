// Helpers of the D3D10 pixel-stage tests: SM4 pixel programs run through the functional
// pipeline from screen-placed vertices (no vertex shader: the tests set the varyings) to
// the ROP, as the functional renderer does.
#pragma once

#include <memory>
#include <vector>

#include "func/draw_context.h"
#include "func/pipeline/stages.h"
#include "func/rop/rop.h"

namespace gfx::d3d10::test {

// Clip-space vertex that lands on screen position (sx, sy) of a W x H viewport at (0, 0),
// with screen depth z and clip w.
inline func::ShadedVertex at_screen(float sx, float sy, float W, float H, float z = 0.5f,
                                    float w = 1.0f) {
  func::ShadedVertex v;
  v.pos = {(2.0f * sx / W - 1.0f) * w, (1.0f - 2.0f * sy / H) * w, z * w, w};
  return v;
}

constexpr int attr(int reg) { return int(func::Varying::Attr0) + reg; }

// A D3D10 draw context on a W x H viewport with pixel program `ps`: every Attr varying
// reaches the pixel stage, constant inputs as the driver sets them.
inline func::DrawContext d3d10_draw(const func::Program& ps, uint32_t W, uint32_t H) {
  func::DrawContext d;
  d.api = api::DrawApi::D3D10;
  d.pixel_program = std::make_shared<const func::Program>(ps);
  d.ps_constants.assign(256, func::Vec4{});
  d.varying_mask = ((1u << func::kNumAttrVaryings) - 1) << attr(0);
  d.raster.viewport.width = W;
  d.raster.viewport.height = H;
  d.raster.api = api::DrawApi::D3D10;
  d.raster.cull = api::Cull::None;
  d.raster.clip_x1 = int(W);
  d.raster.clip_y1 = int(H);
  for (const func::PixelInputBinding& b : ps.pixel_inputs)
    if (b.interp == func::Interpolation::Constant) d.raster.flat_varyings |= 1u << int(b.varying);
  d.clip.guard = func::guard_band(d.raster.viewport);
  return d;
}

// Sets up one primitive (1 to 3 vertices, v[0] leading) with primitive id `id`.
inline std::vector<std::shared_ptr<const func::TriangleSetup>> set_up(
    const func::DrawContext& d, std::vector<const func::ShadedVertex*> v, uint32_t id = 0) {
  std::vector<std::shared_ptr<const func::TriangleSetup>> tris;
  func::process_primitive(d, v.data(), int(v.size()), id, tris);
  return tris;
}

// Rasterizes, shades and writes the triangles through the ROP in API order.
inline void draw(const func::DrawContext& d,
                 const std::vector<std::shared_ptr<const func::TriangleSetup>>& tris,
                 const func::RopState& rop, func::RenderTarget& rt) {
  func::Warp warp;
  auto results = std::make_unique<func::PixelResults>();
  std::vector<func::Quad> quads;
  for (const auto& t : tris) {
    quads.clear();
    func::rasterize(*t, quads);
    for (size_t at = 0; at < quads.size(); at += func::kMaxLanes / 4) {
      const int n = int(std::min<size_t>(func::kMaxLanes / 4, quads.size() - at));
      const func::TriangleSetup* per_quad[func::kMaxLanes / 4];
      for (int q = 0; q < n; ++q) per_quad[q] = t.get();
      func::shade_quads(d, &quads[at], per_quad, n, warp, *results, nullptr, nullptr);
      for (int q = 0; q < n; ++q) {
        const func::Vec4* colors[func::kMaxRenderTargets];
        results->quad_colors(q, colors);
        func::rop_quad_mrt(rop, rt, quads[at + size_t(q)], results->live[q], &results->z[4 * q],
                           colors, !t->front_facing);
      }
    }
  }
}

// The input register `reg` of lane `lane` as the program sees it.
inline func::Vec4 lane_input(const func::Warp& w, int reg, int lane) {
  return {w.input(reg, 0)[lane], w.input(reg, 1)[lane], w.input(reg, 2)[lane],
          w.input(reg, 3)[lane]};
}

}  // namespace gfx::d3d10::test
