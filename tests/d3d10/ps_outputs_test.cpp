// The D3D10 pixel stage's outputs through the functional ROP: SV_Target0..7 with their own
// write masks and blend enables, discard (and the helper pixels of partly covered quads,
// whose writes are dropped), oDepth against the depth test and clamped at the output
// merger, and the NULL pixel shader's depth-only pass.
#include <gtest/gtest.h>

#include "driver/d3d10_pixel_stage.h"
#include "ps_test_util.h"
#include "translate_util.h"

namespace gfx::d3d10::test {
namespace {

constexpr uint32_t kSize = 8;
constexpr uint32_t kFill = 0x80808080u;

// An 8x8 frame: the back buffer (colour kFill, depth 1) and, optionally, seven more targets.
struct Frame {
  func::RenderTarget rt;
  func::ColorSurface surfaces[func::kMaxRenderTargets];
  func::RopState rop{};
  Frame() {
    rt.resize(kSize, kSize);
    rt.color.assign(size_t(kSize) * kSize, kFill);
    rop.viewport.width = rop.viewport.height = kSize;
  }
  void bind_all_targets() {
    for (int t = 0; t < func::kMaxRenderTargets; ++t) {
      surfaces[t].width = surfaces[t].height = kSize;
      surfaces[t].color.assign(size_t(kSize) * kSize, kFill);
      rop.targets[size_t(t)] = &surfaces[t];
    }
  }
  uint32_t color(int x, int y) const { return rt.color[rt.index(uint32_t(x), uint32_t(y))]; }
  uint32_t depth(int x, int y) const { return rt.depth[rt.index(uint32_t(x), uint32_t(y))]; }
};

// The triangle (0,0) (8,0) (0,8) at depth z: pixel (x, y) is covered when x + y < 7 (the
// pixels whose centre is on the long edge are outside it, which is not top-left).
void draw_triangle(const func::Program& ps, Frame& f, float z = 0.5f) {
  const func::DrawContext d = d3d10_draw(ps, kSize, kSize);
  const func::ShadedVertex a = at_screen(0, 0, kSize, kSize, z),
                           b = at_screen(8, 0, kSize, kSize, z),
                           c = at_screen(0, 8, kSize, kSize, z);
  draw(d, set_up(d, {&a, &b, &c}), f.rop, f.rt);
}

bool covered(int x, int y) { return x + y < 7; }

TEST(PsOutputs, EightTargetsTakeTheirOwnColourWriteMaskAndBlendEnable) {
  std::string text = "ps_4_0\n";
  for (int t = 0; t < 8; ++t) text += "dcl_output o" + std::to_string(t) + ".xyzw\n";
  // o<t> = (t & 1, t >> 1 & 1, t >> 2 & 1, 1)
  for (int t = 0; t < 8; ++t)
    text += "mov o" + std::to_string(t) + ".xyzw, l(" + std::to_string(t & 1) + ".0, " +
            std::to_string(t >> 1 & 1) + ".0, " + std::to_string(t >> 2 & 1) + ".0, 1.0)\n";
  const func::Program ps = translate_asm(text + "ret\n");
  EXPECT_EQ(ps.color_outputs, 8);
  Frame f;
  f.bind_all_targets();
  api::RenderStates& rs = f.rop.rs;
  rs.color_write_mask = 0xF;
  rs.color_write_mask_rt = {0x1, 0x2, 0x0, 0x4, 0x8, 0xF, 0x3};  // targets 1..7
  rs.independent_blend = true;
  rs.blend_enable = true;
  rs.blend_enable_target[6] = true;  // one + one on target 6 only
  rs.src_blend = api::Blend::One;
  rs.dest_blend = api::Blend::One;
  draw_triangle(ps, f);
  const uint32_t expect[8] = {
      0xFF000000u,  // 0: (0, 0, 0, 1), all channels
      0x80FF8080u,  // 1: red only
      0x8080FF80u,  // 2: green only
      kFill,        // 3: mask 0
      0x808080FFu,  // 4: blue only
      0xFF808080u,  // 5: alpha only
      0xFF80FFFFu,  // 6: (0, 1, 1, 1) + the stored colour, saturated
      0x80FFFF80u,  // 7: red and green
  };
  for (int t = 0; t < 8; ++t)
    for (int y = 0; y < int(kSize); ++y)
      for (int x = 0; x < int(kSize); ++x)
        ASSERT_EQ(f.surfaces[t].color[size_t(y) * kSize + size_t(x)],
                  covered(x, y) ? expect[t] : kFill)
            << "target " << t << " at " << x << "," << y;
  EXPECT_EQ(f.rt.color, std::vector<uint32_t>(kSize * kSize, kFill));  // slot 0 is bound
}

TEST(PsOutputs, DiscardAndHelperPixelsWriteNeitherColourNorDepth) {
  // Pixels whose centre x is above 4 discard themselves.
  const func::Program ps = translate_asm(
      "ps_4_0\ndcl_input_ps_siv linear noperspective v0.xy, position\ndcl_output o0.xyzw\n"
      "dcl_temps 1\nlt r0.x, l(4.0), v0.x\ndiscard_nz r0.x\n"
      "mov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)\nret\n");
  Frame f;
  draw_triangle(ps, f, 0.25f);
  const uint32_t z25 = func::depth_to_unorm24(0.25f) << 8, z1 = func::depth_to_unorm24(1.0f) << 8;
  for (int y = 0; y < int(kSize); ++y)
    for (int x = 0; x < int(kSize); ++x) {
      // Quads such as (2, 4) run helper pixels ((3, 5): 3 + 5 >= 7) that write nothing.
      const bool drawn = covered(x, y) && x < 4;
      EXPECT_EQ(f.color(x, y), drawn ? 0xFFFFFFFFu : kFill) << x << "," << y;
      EXPECT_EQ(f.depth(x, y), drawn ? z25 : z1) << x << "," << y;
    }
}

TEST(PsOutputs, OutputDepthReplacesTheInterpolatedDepthInTheTest) {
  const func::Program ps = translate_asm(
      "ps_4_0\ndcl_input_ps_siv linear noperspective v0.xy, position\ndcl_output o0.xyzw\n"
      "dcl_output oDepth\nmul oDepth, v0.x, l(0.125)\nmov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)\n"
      "ret\n");
  EXPECT_TRUE(ps.writes_depth);
  EXPECT_EQ(ps.depth_output, func::kSm4DepthOutput);
  Frame f;
  const uint32_t half = func::depth_to_unorm24(0.5f) << 8;
  f.rt.depth.assign(f.rt.depth.size(), half);
  f.rop.rs.z_func = api::CmpFunc::Less;
  // The interpolated depth 0.75 would fail everywhere; oDepth = (x + 0.5) / 8 passes for
  // x <= 3.
  draw_triangle(ps, f, 0.75f);
  for (int y = 0; y < int(kSize); ++y)
    for (int x = 0; x < int(kSize); ++x) {
      const bool pass = covered(x, y) && x <= 3;
      EXPECT_EQ(f.color(x, y), pass ? 0xFFFFFFFFu : kFill) << x << "," << y;
      EXPECT_EQ(f.depth(x, y), pass ? func::depth_to_unorm24((x + 0.5f) / 8) << 8 : half)
          << x << "," << y;
    }
}

TEST(PsOutputs, OutputDepthIsClampedToTheViewportAtTheOutputMerger) {
  const func::Program ps = translate_asm(
      "ps_4_0\ndcl_output o0.xyzw\ndcl_output oDepth\nmov oDepth, l(2.0)\n"
      "mov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)\nret\n");
  Frame f;
  f.rop.viewport.max_z = 0.75f;
  f.rop.rs.z_func = api::CmpFunc::Always;
  draw_triangle(ps, f, 0.1f);
  EXPECT_EQ(f.depth(0, 0), func::depth_to_unorm24(0.75f) << 8);
  EXPECT_EQ(f.depth(6, 0), func::depth_to_unorm24(0.75f) << 8);
  EXPECT_EQ(f.depth(7, 0), func::depth_to_unorm24(1.0f) << 8);  // not covered
}

TEST(PsOutputs, NullPixelShaderWritesDepthAndStencilOnly) {
  const std::shared_ptr<const func::Program> ps = driver::null_pixel_program();
  EXPECT_FALSE(ps->writes_color0);
  Frame f;
  f.bind_all_targets();
  f.rop.targets[0] = nullptr;  // the back buffer as target 0, seven more
  f.rop.rs.stencil_enable = true;
  f.rop.rs.stencil_pass = api::StencilOp::Replace;
  f.rop.rs.stencil_ref = 5;
  draw_triangle(*ps, f, 0.25f);
  const uint32_t z25 = func::depth_to_unorm24(0.25f) << 8, z1 = func::depth_to_unorm24(1.0f) << 8;
  for (int y = 0; y < int(kSize); ++y)
    for (int x = 0; x < int(kSize); ++x) {
      EXPECT_EQ(f.color(x, y), kFill);
      EXPECT_EQ(f.depth(x, y), covered(x, y) ? (z25 | 5u) : z1) << x << "," << y;
    }
  for (int t = 1; t < func::kMaxRenderTargets; ++t)
    EXPECT_EQ(f.surfaces[t].color, std::vector<uint32_t>(kSize * kSize, kFill)) << t;
}

}  // namespace
}  // namespace gfx::d3d10::test
