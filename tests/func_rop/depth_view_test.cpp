// D3D10 depth-stencil view surfaces (func::DepthSurface): the bits each DXGI depth format
// stores for a depth (UNORM round(d * (2^n - 1)), D32_FLOAT the float), their memory
// layout, the clears of Wine's test_clear_depth_stencil_view, and the ROP's depth test and
// write against each format, with a NULL view turning depth off.
#include <gtest/gtest.h>

#include <cstring>

#include "func/rop/clear_op.h"
#include "func/rop/render_target.h"
#include "func/rop/rop.h"

namespace gfx::func {
namespace {

using api::Format;

uint32_t bits_of(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

TEST(DepthBits, ExactStoredBitsPerFormat) {
  // D16_UNORM: round(d * 65535); 0.5 * 65535 = 32767.5 rounds up to 0x8000.
  EXPECT_EQ(depth_to_unorm(Format::D16_UNORM, 0.5f), 0x8000u);
  EXPECT_EQ(depth_to_unorm(Format::D16_UNORM, 1.0f), 0xFFFFu);
  EXPECT_EQ(depth_to_unorm(Format::D16_UNORM, 0.25f), 0x4000u);  // 16383.75
  EXPECT_EQ(depth_to_unorm(Format::D16_UNORM, 0.0f), 0u);
  // D24_UNORM_S8_UINT: round(d * 16777215); 8388607.5 rounds up to 0x800000.
  EXPECT_EQ(depth_to_unorm(Format::D24_UNORM_S8_UINT, 0.5f), 0x800000u);
  EXPECT_EQ(depth_to_unorm(Format::D24_UNORM_S8_UINT, 1.0f), 0xFFFFFFu);
  EXPECT_EQ(depth_to_unorm(Format::D24_UNORM_S8_UINT, 0.25f), 0x400000u);  // 4194303.75
  // D32_FLOAT: the float's own bits.
  EXPECT_EQ(depth_to_unorm(Format::D32_FLOAT, 0.5f), 0x3F000000u);
  EXPECT_EQ(depth_to_unorm(Format::D32_FLOAT, 1.0f), 0x3F800000u);
  EXPECT_EQ(depth_to_unorm(Format::D32_FLOAT, 0.4f), bits_of(0.4f));
  EXPECT_EQ(depth_to_unorm(Format::D32_FLOAT, -0.0f), 0u);  // -0 stored as +0
  // The D3D9 names of the same widths agree.
  EXPECT_EQ(depth_to_unorm(Format::D16, 0.5f), 0x8000u);
  EXPECT_EQ(depth_to_unorm(Format::D24S8, 0.5f), 0x800000u);
}

TEST(DepthBits, D32OrderKeyKeepsTheFloatOrder) {
  const float values[] = {-2.0f, -0.5f, 0.0f, 1e-30f, 0.25f, 0.5f, 1.0f, 3.0f};
  for (size_t i = 1; i < sizeof values / sizeof *values; ++i)
    EXPECT_LT(depth_order_key(Format::D32_FLOAT, bits_of(values[i - 1])),
              depth_order_key(Format::D32_FLOAT, bits_of(values[i])))
        << values[i - 1] << " < " << values[i];
  EXPECT_EQ(depth_order_key(Format::D16_UNORM, 0x1234), 0x1234u);
}

DepthSurface surface(Format f, uint32_t w, uint32_t h) {
  DepthSurface s;
  s.width = w, s.height = h, s.format = f;
  s.native.assign(size_t(w) * h * (f == Format::D16_UNORM ? 2 : 4), 0);
  return s;
}

uint32_t word(const DepthSurface& s, size_t i) {
  uint32_t w = 0;
  std::memcpy(&w, &s.native[4 * i], 4);
  return w;
}

TEST(DepthSurfaceLayout, BytesOfEachFormat) {
  DepthSurface d24 = surface(Format::D24_UNORM_S8_UINT, 2, 1);
  d24.store(1, 0x123456, 0xAB);  // depth in the low 24 bits, stencil in the top byte
  EXPECT_EQ(d24.native[4], 0x56);
  EXPECT_EQ(d24.native[7], 0xAB);
  EXPECT_EQ(word(d24, 1), 0xAB123456u);
  EXPECT_EQ(d24.depth(1), 0x123456u);
  EXPECT_EQ(d24.stencil(1), 0xAB);
  DepthSurface d16 = surface(Format::D16_UNORM, 2, 1);
  d16.store(1, 0xBEEF, 0xFF);  // no stencil: dropped
  EXPECT_EQ(d16.native[2], 0xEF);
  EXPECT_EQ(d16.native[3], 0xBE);
  EXPECT_EQ(d16.stencil(1), 0);
  DepthSurface d32 = surface(Format::D32_FLOAT, 1, 1);
  d32.store(0, bits_of(0.25f), 0x12);
  EXPECT_EQ(word(d32, 0), bits_of(0.25f));
}

// Wine's test_clear_depth_stencil_view: the words a D24_UNORM_S8_UINT texture holds after
// each ClearDepthStencilView, and the float of a D32_FLOAT one.
TEST(DepthSurfaceClear, WineClearDepthStencilViewWords) {
  RenderTarget rt;
  rt.resize(4, 4);
  auto d24 = std::make_shared<DepthSurface>(surface(Format::D24_UNORM_S8_UINT, 4, 4));
  const auto clear_ds = [&](std::shared_ptr<DepthSurface> s, uint32_t flags, float depth,
                            uint32_t stencil) {
    ClearOp op;
    op.x1 = 4, op.y1 = 4;
    op.flags = flags, op.depth = depth, op.stencil = stencil;
    op.depth_surface = s;
    clear(rt, op);
  };
  const uint32_t both = api::ClearZBuffer | api::ClearStencil;
  clear_ds(d24, both, 1.0f, 0);
  EXPECT_EQ(word(*d24, 5), 0x00FFFFFFu);
  clear_ds(d24, both, 0.0f, 0xFF);
  EXPECT_EQ(word(*d24, 5), 0xFF000000u);
  clear_ds(d24, both, 1.0f, 0xFF);
  EXPECT_EQ(word(*d24, 5), 0xFFFFFFFFu);
  clear_ds(d24, both, 0.0f, 0);
  EXPECT_EQ(word(*d24, 5), 0x00000000u);
  clear_ds(d24, api::ClearZBuffer, 1.0f, 0xFF);  // depth only: stencil stays 0
  EXPECT_EQ(word(*d24, 5), 0x00FFFFFFu);
  clear_ds(d24, api::ClearStencil, 0.0f, 0xFF);  // stencil only: depth stays
  EXPECT_EQ(word(*d24, 15), 0xFFFFFFFFu);
  auto d32 = std::make_shared<DepthSurface>(surface(Format::D32_FLOAT, 4, 4));
  clear_ds(d32, api::ClearZBuffer, 1.0f, 0);
  EXPECT_EQ(word(*d32, 0), bits_of(1.0f));
  clear_ds(d32, api::ClearZBuffer, 0.25f, 0);
  EXPECT_EQ(word(*d32, 15), bits_of(0.25f));
  // The back buffer's depth is not touched by a view's clear.
  EXPECT_EQ(rt.depth[0], 0xFFFFFF00u);
}

// D3D9's Clear with a depth-stencil view bound: the colour goes to the bound colour target
// (here the back buffer), depth and stencil to the view, not the back buffer's depth.
TEST(DepthSurfaceClear, ClearOfTargetAndViewTogether) {
  RenderTarget rt;
  rt.resize(2, 2);
  auto d24 = std::make_shared<DepthSurface>(surface(Format::D24_UNORM_S8_UINT, 2, 2));
  ClearOp op;
  op.x1 = op.y1 = 2;
  op.flags = api::ClearTarget | api::ClearZBuffer | api::ClearStencil;
  op.color = 0xFF336699u, op.depth = 0.25f, op.stencil = 0x42;
  op.depth_surface = d24;
  clear(rt, op);
  EXPECT_EQ(rt.color[3], 0xFF336699u);
  EXPECT_EQ(word(*d24, 3), 0x42400000u);
  EXPECT_EQ(rt.depth[3], 0xFFFFFF00u);
}

// Wine's test_initial_depth_stencil_state: a view cleared to 0.5, quads at z 0.4 (green
// then red) and 0.6 (red) with LESS: the first passes and writes 0.4, the others fail.
class DepthViewRop : public ::testing::TestWithParam<Format> {
 protected:
  void SetUp() override {
    rt.resize(2, 2);
    ds = std::make_shared<DepthSurface>(surface(GetParam(), 2, 2));
    ClearOp op;
    op.x1 = op.y1 = 2;
    op.flags = api::ClearZBuffer, op.depth = 0.5f;
    op.depth_surface = ds;
    clear(rt, op);
    s.viewport.width = s.viewport.height = 2;
    s.rs.z_enable = true;
    s.rs.z_write = true;
    s.rs.z_func = api::CmpFunc::Less;
    s.depth_surface = ds.get();
  }
  uint8_t draw(float z, const Vec4& c) {
    const float zs[4] = {z, z, z, z};
    const Vec4 col[4] = {c, c, c, c};
    return rop_quad(s, rt, Quad{0, 0, 0xF}, 0xF, zs, col);
  }
  RenderTarget rt;
  std::shared_ptr<DepthSurface> ds;
  RopState s;
};

TEST_P(DepthViewRop, LessAgainstHalfPassesAtPoint4Only) {
  const Vec4 green{0, 1, 0, 1}, red{1, 0, 0, 1};
  EXPECT_EQ(draw(0.4f, green), 0xF);
  EXPECT_EQ(draw(0.4f, red), 0x0);  // equal is not less
  EXPECT_EQ(draw(0.6f, red), 0x0);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(rt.color[size_t(i)], 0xFF00FF00u) << i;
    EXPECT_EQ(ds->depth(size_t(i)), depth_to_unorm(GetParam(), 0.4f)) << i;
  }
  // The back buffer's own depth surface is untouched.
  EXPECT_EQ(rt.depth[0], 0xFFFFFF00u);
}

TEST_P(DepthViewRop, NullViewDisablesTheTest) {
  s.depth_surface = nullptr;
  s.no_depth = true;
  EXPECT_EQ(draw(0.9f, {0, 0, 1, 1}), 0xF);  // would fail against 0.5
  EXPECT_EQ(rt.color[0], 0xFF0000FFu);
  EXPECT_EQ(ds->depth(0), depth_to_unorm(GetParam(), 0.5f));
  EXPECT_EQ(rt.depth[0], 0xFFFFFF00u);
}

INSTANTIATE_TEST_SUITE_P(Formats, DepthViewRop,
                         ::testing::Values(Format::D16_UNORM, Format::D24_UNORM_S8_UINT,
                                           Format::D32_FLOAT),
                         [](const auto& info) { return std::string(api::to_name(info.param)); });

}  // namespace
}  // namespace gfx::func
