// Pixel-program instructions of SM2/3: texkill masks, coarse dsx/dsy orientation inside a
// quad, and the LOD choice of texldl, texldb, texldp and texldd.
#include <gtest/gtest.h>

#include <array>

#include "common/error.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

constexpr auto kPixel = api::ShaderStage::Pixel;

float unorm(unsigned c) { return float(c / 255.0); }

// 8x8 with 4 levels; level l is solid with red = 60 * l.
const api::Texture& mip_chain() {
  static const api::Texture t = make_texture(
      8, 8, 4, [](unsigned l, uint32_t, uint32_t) { return 0xFF000000u | (60u * l) << 16; });
  return t;
}

std::array<SamplerBinding, api::kMaxSamplers> point_mips() {
  std::array<SamplerBinding, api::kMaxSamplers> s{};
  s[0].texture = &mip_chain();
  s[0].state.min_filter = s[0].state.mag_filter = api::Filter::Point;
  s[0].state.mip_filter = api::Filter::Point;
  s[0].state.address_u = s[0].state.address_v = api::Address::Clamp;
  return s;
}

Warp quad_warp(const std::vector<Vec4>& v0, uint64_t live) {
  Warp w;
  w.lanes = int(v0.size());
  w.live = live;
  for (int l = 0; l < w.lanes; ++l) w.set_input(0, l, v0[l]);
  return w;
}

// One quad stepping `step` in u and v per pixel from (0.25, 0.25), with w = `w`.
std::vector<Vec4> quad_coords(float step, float w = 1.0f) {
  return {{0.25f, 0.25f, 0, w},
          {0.25f + step, 0.25f, 0, w},
          {0.25f, 0.25f + step, 0, w},
          {0.25f + step, 0.25f + step, 0, w}};
}

Instr texmode(TexMode m, Src a = v(0), Src b = Src{}, Src c2 = Src{}) {
  Instr in = tex(o(0), a, 0);
  in.tex_mode = m;
  in.src[1] = b;
  in.src[2] = c2;
  return in;
}

TEST(PixelOps, TexkillKillsLanesWithANegativeXyz) {
  Program p = program({ins(Op::Texkill, Dst{}, v(0)), ins(Op::Mov, o(0), c(0))}, 1, 1, 1, kPixel);
  // clang-format off
  Warp w = quad_warp({{0, 0, 0, 0}, {-1, 0, 0, 0}, {0, 0, -0.5f, 0}, {0, 0, 0, -1},
                      {0, -2, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {-0.0f, 0, 0, 0}},
                     // clang-format on
                     0b01111111);  // lane 7 is a helper
  run(p, w, {{3, 3, 3, 3}});
  EXPECT_EQ(w.killed, uint64_t(0b00010110));
  EXPECT_EQ(w.live, uint64_t(0b01101001));
  // Killed lanes keep running as helpers: the mov still reaches them.
  EXPECT_EQ(w.output_vec(0, 1), (Vec4{3, 3, 3, 3}));
}

TEST(PixelOps, TexkillRespectsTheExecutionMaskAndPredicate) {
  Program p = program({with_cmp(ins(Op::Setp, pd(0x1), v(0, swizzle(3, 3, 3, 3)), c(0)), CmpOp::Gt),
                       predicated(ins(Op::Texkill, Dst{}, v(0)), 0x00)},
                      1, 1, 1, kPixel);
  Warp w = quad_warp({{-1, 0, 0, 1}, {-1, 0, 0, 0}, {-1, 0, 0, 1}, {1, 0, 0, 1}}, 0xF);
  run(p, w, {{0, 0, 0, 0}});
  EXPECT_EQ(w.killed, uint64_t(0b0101));
  Program vs = program({ins(Op::Texkill, Dst{}, v(0))});
  Warp vw = warp_with({{0, 0, 0, 0}});
  EXPECT_THROW(run(vs, vw), Error);
}

TEST(PixelOps, DsxIsRightMinusLeftAndDsyIsBelowMinusAbove) {
  Program p = program({ins(Op::Dsx, rd(0), v(0)), ins(Op::Dsy, rd(1), v(0)),
                       ins(Op::Mov, o(0, 0x1), r(0)), ins(Op::Mov, o(0, 0x2), r(1, 0x00))},
                      2, 1, 1, kPixel);
  // Lane order in a quad: (x, y), (x+1, y), (x, y+1), (x+1, y+1).
  // clang-format off
  Warp w = quad_warp({{1, 0, 0, 0}, {3, 0, 0, 0}, {10, 0, 0, 0}, {30, 0, 0, 0},
                      {5, 0, 0, 0}, {4, 0, 0, 0}, {7, 0, 0, 0}, {0, 0, 0, 0}},
                     // clang-format on
                     0xFF);
  run(p, w);
  for (int l = 0; l < 4; ++l) EXPECT_EQ(w.output_vec(0, l), (Vec4{2, 9, 0, 0})) << "lane " << l;
  for (int l = 4; l < 8; ++l) EXPECT_EQ(w.output_vec(0, l), (Vec4{-1, 2, 0, 0})) << "lane " << l;
}

TEST(PixelOps, DerivativesAreOnlyForPixelPrograms) {
  Program p = program({ins(Op::Dsx, o(0), v(0))});
  Warp w = warp_with({{1, 0, 0, 0}});
  EXPECT_THROW(run(p, w), Error);
}

TEST(PixelOps, TexldlTakesTheLodFromW) {
  const auto s = point_mips();
  Program ps = program({texmode(TexMode::Lod)}, 1, 1, 1, kPixel);
  Warp w = quad_warp(quad_coords(0.125f, 2.0f), 0xF);  // implicit LOD would be 0
  run(ps, w, {}, s.data());
  EXPECT_EQ(w.output_vec(0, 0).x, unorm(120));
  Program vs = program({texmode(TexMode::Lod)}, 1, 1, 1);
  Warp vw = warp_with({{0.5f, 0.5f, 0, 3}}, 1);
  run(vs, vw, {}, s.data());
  EXPECT_EQ(vw.output_vec(0, 0).x, unorm(180));
}

TEST(PixelOps, TexldbAddsTheBiasToTheQuadLod) {
  const auto s = point_mips();
  Program ps = program({texmode(TexMode::Bias)}, 1, 1, 1, kPixel);
  Warp w = quad_warp(quad_coords(0.125f, 1.0f), 0xF);  // one texel per pixel: LOD 0, + 1
  run(ps, w, {}, s.data());
  for (int l = 0; l < 4; ++l) EXPECT_EQ(w.output_vec(0, l).x, unorm(60)) << "lane " << l;
  Program plain = program({texmode(TexMode::Normal)}, 1, 1, 1, kPixel);
  Warp w0 = quad_warp(quad_coords(0.125f, 1.0f), 0xF);
  run(plain, w0, {}, s.data());
  EXPECT_EQ(w0.output_vec(0, 0).x, unorm(0));
}

TEST(PixelOps, TexldpDividesBeforeTheLod) {
  const auto s = point_mips();
  // Pre-divide steps of 2 texels per pixel, w = 2: one texel per pixel after the divide.
  const std::vector<Vec4> c = quad_coords(0.25f, 2.0f);
  Program proj = program({texmode(TexMode::Project)}, 1, 1, 1, kPixel);
  Warp w = quad_warp(c, 0xF);
  run(proj, w, {}, s.data());
  EXPECT_EQ(w.output_vec(0, 0).x, unorm(0));
  Program plain = program({texmode(TexMode::Normal)}, 1, 1, 1, kPixel);
  Warp w1 = quad_warp(c, 0xF);
  run(plain, w1, {}, s.data());
  EXPECT_EQ(w1.output_vec(0, 0).x, unorm(60));
}

TEST(PixelOps, TexlddTakesTheLodFromTheGivenDerivatives) {
  const auto s = point_mips();
  // d/dx = 2 texels, d/dy = 4 texels: LOD 2, whatever the quad's own coordinates do.
  Program p = program({texmode(TexMode::Grad, v(0), v(1), v(2))}, 1, 3, 1, kPixel);
  Warp w = quad_warp(quad_coords(0.125f), 0xF);
  for (int l = 0; l < 4; ++l) {
    w.set_input(1, l, Vec4{0.25f, 0, 0, 0});
    w.set_input(2, l, Vec4{0, 0.5f, 0, 0});
  }
  run(p, w, {}, s.data());
  for (int l = 0; l < 4; ++l) EXPECT_EQ(w.output_vec(0, l).x, unorm(120)) << "lane " << l;
}

TEST(PixelOps, TexInsideADivergentIfSamplesOnlyActiveQuads) {
  const auto s = point_mips();
  // if_lt v0.z, c0.x: only quad 1 (z = -1) samples; quad 0 reads zero and reports nothing.
  Program p = program({with_cmp(flow(Op::Ifc, v(0, 0xAA), c(0, 0x00)), CmpOp::Lt),
                       texmode(TexMode::Lod), flow(Op::EndIf)},
                      1, 1, 1, kPixel);
  std::vector<Vec4> coords = quad_coords(0.125f, 1.0f);
  for (Vec4 x : quad_coords(0.125f, 1.0f)) coords.push_back(Vec4{x.x, x.y, -1, 1});
  Warp w = quad_warp(coords, 0xFF);
  RecordingSink sink;
  std::vector<OpClass> rec;
  run(p, w, {{0, 0, 0, 0}}, s.data(), &sink, &rec);
  EXPECT_EQ(w.output_vec(0, 0), (Vec4{}));
  EXPECT_EQ(w.output_vec(0, 4).x, unorm(60));
  ASSERT_EQ(sink.calls.size(), 1u);
  EXPECT_EQ(sink.calls[0].issue_index, 1u);
  EXPECT_EQ(sink.calls[0].xy.size(), 8u);  // 4 lanes of quad 1, one texel each
}

}  // namespace
}  // namespace gfx::func::test
