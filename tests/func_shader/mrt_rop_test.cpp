// The functional ROP with multiple render targets (func/rop/rop.h): one depth test per
// pixel, then each bound target takes its own colour; a null slot 0 is the back buffer,
// targets smaller than the back buffer ignore pixels outside them; Clear with targets
// clears every bound colour target and the back buffer's depth.
#include <gtest/gtest.h>

#include <memory>

#include "api/enums.h"
#include "func/rop/rop.h"

namespace gfx::func {
namespace {

std::shared_ptr<ColorSurface> surface(uint32_t w, uint32_t h, uint32_t fill) {
  auto s = std::make_shared<ColorSurface>();
  s->width = w;
  s->height = h;
  s->color.assign(size_t(w) * h, fill);
  return s;
}

TEST(MrtRop, EachTargetTakesItsOwnColourAfterOneDepthTest) {
  RenderTarget rt;
  rt.resize(4, 4);
  auto t1 = surface(4, 4, 0xFF000000u), t2 = surface(2, 2, 0xFF000000u);
  RopState s{};
  s.viewport.width = s.viewport.height = 4;
  s.targets[1] = t1.get();
  s.targets[2] = t2.get();
  const Vec4 c0[4] = {{1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}};
  const Vec4 c1[4] = {{0, 1, 0, 1}, {0, 1, 0, 1}, {0, 1, 0, 1}, {0, 1, 0, 1}};
  const Vec4 c2[4] = {{0, 0, 1, 1}, {0, 0, 1, 1}, {0, 0, 1, 1}, {0, 0, 1, 1}};
  const Vec4* colors[kMaxRenderTargets] = {c0, c1, c2, nullptr};
  // Pixel 1 of the quad at (2, 0) is behind the stored depth 0.25.
  rt.depth[rt.index(3, 0)] = depth_to_unorm24(0.25f) << 8;
  const float z[4] = {0.5f, 0.5f, 0.5f, 0.5f};
  const uint8_t written = rop_quad_mrt(s, rt, Quad{2, 0, 0xF}, 0xF, z, colors);
  EXPECT_EQ(written, 0xD);
  EXPECT_EQ(rt.color[rt.index(2, 0)], 0xFFFF0000u);
  EXPECT_EQ(rt.color[rt.index(3, 0)], 0u);  // failed depth: no target written
  EXPECT_EQ(t1->color[1 * 4 + 2], 0xFF00FF00u);
  EXPECT_EQ(t1->color[0 * 4 + 3], 0xFF000000u);
  EXPECT_EQ(t1->color[1 * 4 + 3], 0xFF00FF00u);
  // t2 is 2x2: the quad at x = 2 lies outside it.
  for (uint32_t c : t2->color) EXPECT_EQ(c, 0xFF000000u);
  EXPECT_EQ(rt.depth[rt.index(2, 1)] >> 8, depth_to_unorm24(0.5f));
}

TEST(MrtRop, TextureAsTargetZeroLeavesTheBackBufferColour) {
  RenderTarget rt;
  rt.resize(2, 2);
  auto t0 = surface(2, 2, 0u);
  RopState s{};
  s.viewport.width = s.viewport.height = 2;
  s.rs.z_enable = false;
  s.targets[0] = t0.get();
  const Vec4 c0[4] = {{0, 0, 1, 1}, {0, 0, 1, 1}, {0, 0, 1, 1}, {0, 0, 1, 1}};
  const Vec4* colors[kMaxRenderTargets] = {c0, nullptr, nullptr, nullptr};
  const float z[4] = {};
  EXPECT_EQ(rop_quad_mrt(s, rt, Quad{0, 0, 0x9}, 0xF, z, colors), 0x9);
  EXPECT_EQ(t0->color[0], 0xFF0000FFu);
  EXPECT_EQ(t0->color[1], 0u);  // not covered
  EXPECT_EQ(t0->color[3], 0xFF0000FFu);
  for (uint32_t c : rt.color) EXPECT_EQ(c, 0u);
}

TEST(MrtRop, ClearWithTargetsClearsEveryBoundColourAndTheDepth) {
  RenderTarget rt;
  rt.resize(4, 4);
  ColorTargets targets{};
  targets[0] = surface(2, 2, 1u);
  targets[3] = surface(4, 4, 1u);
  clear(rt, targets, 1, 1, 4, 4, api::ClearTarget | api::ClearZBuffer, 0xFF112233u, 0.0f, 0);
  EXPECT_EQ(rt.color[rt.index(2, 2)], 0u);  // the back buffer is not target 0
  EXPECT_EQ(rt.depth[rt.index(2, 2)], 0u);
  EXPECT_EQ(rt.depth[rt.index(0, 0)], 0xFFFFFF00u);
  EXPECT_EQ(targets[0]->color[3], 0xFF112233u);  // (1, 1), cut to the 2x2 surface
  EXPECT_EQ(targets[0]->color[0], 1u);
  EXPECT_EQ(targets[3]->color[3 * 4 + 3], 0xFF112233u);
  EXPECT_EQ(targets[3]->color[0], 1u);
  // Slot 0 null: the back buffer's colour is cleared.
  clear(rt, ColorTargets{}, 0, 0, 4, 4, api::ClearTarget, 0xFF445566u, 1.0f, 0);
  EXPECT_EQ(rt.color[rt.index(3, 3)], 0xFF445566u);
}

}  // namespace
}  // namespace gfx::func
