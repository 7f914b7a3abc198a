// ps_1_1 .. ps_1_4 translated and run on one quad, with the exact values D3D9 gives:
// Wine's cnd_test shaders (colour selection per channel in 1_4, on r0.a in 1_1, the co-issue
// quirk), the value ranges (constants clamped to [-1, 1], colours to [0, 1], results to
// [-8, 8]), result shifts and source modifiers, and the texture instructions against small
// point-sampled textures with the bump-environment constants the driver supplies.
#include <gtest/gtest.h>

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "common/error.h"
#include "d3d9/assembler.h"
#include "d3d9/translate.h"
#include "func/shader/interpreter.h"
#include "func/shader/warp.h"

namespace gfx::d3d9 {
namespace {

using func::Vec4;

struct Inputs {
  std::array<Vec4, 4> tc[8]{};  // coordinate sets t0..t7, per lane (ps_1_4 reads t0..t5)
  Vec4 color0{}, color1{};
  std::vector<Vec4> constants = std::vector<Vec4>(256);
  std::array<func::SamplerBinding, api::kMaxSamplers> samplers{};
  float depth[4] = {};
};

// Translates and runs `text` on one quad of four live lanes; returns o0 of each lane.
std::array<Vec4, 4> run(const std::string& text, Inputs& in) {
  const func::Program p = translate(parse_asm(text), "test");
  func::Warp w;
  w.lanes = 4;
  w.live = 0xF;
  for (const auto& b : p.pixel_inputs) {
    for (int l = 0; l < 4; ++l) {
      const unsigned v = unsigned(b.varying);
      const unsigned t0 = unsigned(func::Varying::TexCoord0);
      const bool texcoord = v >= t0 && v < t0 + 8;
      const Vec4 x = v == unsigned(func::Varying::Color0)   ? in.color0
                     : v == unsigned(func::Varying::Color1) ? in.color1
                     : texcoord                             ? in.tc[v - t0][size_t(l)]
                                                            : Vec4{};
      for (int c = 0; c < 4; ++c) w.input(b.reg, c)[l] = x[c];
    }
  }
  func::ExecContext ctx;
  ctx.program = &p;
  ctx.constants = in.constants.data();
  ctx.samplers = in.samplers.data();
  func::execute(ctx, w, nullptr);
  std::array<Vec4, 4> out;
  for (int l = 0; l < 4; ++l) out[size_t(l)] = w.output_vec(0, l);
  if (p.writes_depth)
    for (int l = 0; l < 4; ++l) in.depth[l] = w.output(func::kPixelDepthOutput, 0)[l];
  return out;
}

void all_lanes_tc(Inputs& in, int set, Vec4 v) {
  for (auto& lane : in.tc[set]) lane = v;
}

// Wine cnd_test: c1 = 0, c2 = 1 (non co-issued) ...
const char* const kCnd11 =
    "ps_1_1\ndef c0, 1, 0, 0, 0\ntexcoord t0\nmov r0, t0\ndp3 r1, r0, c0\nmov r0.a, r1.a\n"
    "cnd r0, r0.a, c1, c2\n";
const char* const kCnd14 =
    "ps_1_4\ndef c0, 0, 0, 0, 1\ntexcrd r0.xyz, t0\nmov r0.a, c0.a\ncnd r0, r0, c1, c2\n";

TEST(Ps1xExec, CndComparesR0AlphaIn11AndEachChannelIn14) {
  Inputs in;
  in.constants[2] = {1, 1, 1, 1};
  in.tc[0] = {Vec4{0.49f, 0.2f, 1, 0}, Vec4{0.51f, 0.2f, 1, 0}, Vec4{0.49f, 0.8f, 0, 0},
              Vec4{0.5f, 0.8f, 0, 0}};
  const auto a = run(kCnd11, in);
  EXPECT_EQ(a[0], (Vec4{1, 1, 1, 1}));  // r0.a = 0.49 <= 0.5: c2
  EXPECT_EQ(a[1], (Vec4{0, 0, 0, 0}));  // 0.51 > 0.5: c1
  EXPECT_EQ(a[2], (Vec4{1, 1, 1, 1}));
  EXPECT_EQ(a[3], (Vec4{1, 1, 1, 1}));  // exactly 0.5 is not greater
  // ps_1_4: r, g, b compared one by one (0x00ff00ff at u, v < 0.5 in Wine's quad), a = 1.
  const auto b = run(kCnd14, in);
  EXPECT_EQ(b[0], (Vec4{1, 1, 0, 0}));
  EXPECT_EQ(b[1], (Vec4{0, 1, 0, 0}));
  EXPECT_EQ(b[2], (Vec4{1, 0, 1, 0}));
  EXPECT_EQ(b[3], (Vec4{1, 0, 1, 0}));
}

TEST(Ps1xExec, CoissuedCndSelectsTheSecondOperandBelow14) {
  // Wine cnd_test with c1 = (0, 1, 0, 0), c2 = (1, 0, 1, 1): 0x0000ff00 everywhere in 1_1.
  Inputs in;
  in.constants[1] = {0, 1, 0, 0};
  in.constants[2] = {1, 0, 1, 1};
  in.tc[0] = {Vec4{0.1f, 0, 0, 0}, Vec4{0.9f, 0, 0, 0}, Vec4{0.4f, 1, 1, 0}, Vec4{0.6f, 1, 1, 0}};
  const char* const coissue11 =
      "ps_1_1\ndef c0, 1, 0, 0, 0\ndef c3, 0.5, 0.5, 0.5, 0\ntexcoord t0\nmov r0, t0\n"
      "sub r0, r0, c3\nadd r1, c0, c0\ndp3 r1, r0, r1\nmov r0.a, r1.a\n"
      "+cnd r0.xyz, r0.a, c1, c2\n";
  for (const Vec4& c : run(coissue11, in)) EXPECT_EQ((Vec4{c.x, c.y, c.z, 0}), (Vec4{0, 1, 0, 0}));
  // ps_1_4 compares as usual: u < 0.5 gives c2 = (1, 0, 1), else c1 = (0, 1, 0) per channel.
  const char* const coissue14 =
      "ps_1_4\ndef c0, 0, 0, 0, 1\ntexcrd r0.xyz, t0\nmov r0.a, c0.a\n+cnd r0.xyz, r0, c1, c2\n";
  const auto b = run(coissue14, in);
  EXPECT_EQ(b[0], (Vec4{1, 0, 1, 1}));
  EXPECT_EQ(b[1], (Vec4{0, 0, 1, 1}));
  EXPECT_EQ(b[3], (Vec4{0, 1, 0, 1}));
}

TEST(Ps1xExec, CoissuedPairReadsTheValuesFromBeforeThePair) {
  // The alpha instruction reads r0.b, which the colour instruction of the pair overwrites.
  Inputs in;
  const auto r =
      run("ps_1_1\ndef c0, 0.25, 0.5, 0.75, 1\ndef c1, 1, 1, 1, 0\nmov r0, c0\n"
          "mov r0.rgb, c1\n+mov r0.a, r0.b\n",
          in);
  EXPECT_EQ(r[0], (Vec4{1, 1, 1, 0.75f}));
}

TEST(Ps1xExec, ValueRanges) {
  Inputs in;
  in.constants[0] = {2.0f, -3.0f, 0.5f, 1.0f};  // read as (1, -1, 0.5, 1)
  in.constants[1] = {0.125f, 0.125f, 0.125f, 0.125f};
  in.color0 = {1.5f, -0.5f, 0.25f, 1.0f};  // read as (1, 0, 0.25, 1)
  EXPECT_EQ(run("ps_1_1\nmov r0, c0\n", in)[0], (Vec4{1, -1, 0.5f, 1}));
  EXPECT_EQ(run("ps_1_1\nmov r0, v0\n", in)[0], (Vec4{1, 0, 0.25f, 1}));
  // 8 fits; 64 is clamped to 8 before the multiply brings it back to 1.
  EXPECT_EQ(run("ps_1_1\ndef c2, 1, 1, 1, 1\nadd_x4 r0, c2, c2\nmul r0, r0, c1\n", in)[0],
            (Vec4{1, 1, 1, 1}));
  EXPECT_EQ(run("ps_1_1\ndef c2, 1, 1, 1, 1\nadd_x4 r0, c2, c2\nadd_x4 r0, r0, r0\n"
                "mul r0, r0, c1\n",
                in)[0],
            (Vec4{1, 1, 1, 1}));
  EXPECT_EQ(run("ps_1_1\ndef c2, -1, 1, 1, 1\nadd_x4 r0, c2, c2\nadd_x4 r0, r0, r0\n", in)[0],
            (Vec4{-8, 8, 8, 8}));
  // _sat wins over the range; _d2 halves.
  EXPECT_EQ(run("ps_1_1\ndef c2, -1, 0.5, 1, 1\nadd_x2_sat r0, c2, c2\n", in)[0],
            (Vec4{0, 1, 1, 1}));
  EXPECT_EQ(run("ps_1_4\ndef c2, -1, 0.5, 1, 0.25\nmul_d8 r0, c2, c2\n", in)[0],
            (Vec4{0.125f, 0.03125f, 0.125f, 0.0078125f}));
}

TEST(Ps1xExec, SourceModifiers) {
  Inputs in;
  in.constants[0] = {0.25f, 0.5f, 0.75f, 1.0f};
  EXPECT_EQ(run("ps_1_1\nmov r0, c0_bias\n", in)[0], (Vec4{-0.25f, 0, 0.25f, 0.5f}));
  EXPECT_EQ(run("ps_1_1\nmov r0, -c0_bx2\n", in)[0], (Vec4{0.5f, 0, -0.5f, -1}));
  EXPECT_EQ(run("ps_1_1\nmov r0, 1-c0\n", in)[0], (Vec4{0.75f, 0.5f, 0.25f, 0}));
  EXPECT_EQ(run("ps_1_1\nmov r0, c0.b\n", in)[0], (Vec4{0.75f, 0.75f, 0.75f, 0.75f}));
  EXPECT_EQ(run("ps_1_4\nmov r0, c0_x2.g\n", in)[0], (Vec4{1, 1, 1, 1}));
  // The clamp comes before the modifier: 2 reads as 1, so 2 * 1 - 1 = 1, not 3.
  in.constants[1] = {2, 2, 2, 2};
  EXPECT_EQ(run("ps_1_1\nmov r0, c1_bx2\n", in)[0], (Vec4{1, 1, 1, 1}));
  // lrp, mad, dp4 (1_2), cmp (1_2).
  EXPECT_EQ(run("ps_1_1\ndef c2, 0, 1, 0, 1\nlrp r0, c0, c2, 1-c2\n", in)[0],
            (Vec4{0.75f, 0.5f, 0.25f, 1}));
  EXPECT_EQ(run("ps_1_2\ndp4 r0, c0, c0\n", in)[0], (Vec4{1.875f, 1.875f, 1.875f, 1.875f}));
  EXPECT_EQ(run("ps_1_2\ndef c2, -0.5, 0, 0.5, -1\ncmp r0, c2, c0, -c0\n", in)[0],
            (Vec4{-0.25f, 0.5f, 0.75f, -1}));
}

// 4x4 A8R8G8B8, texel (x, y) = (x * 0x40, y * 0x40, 0x10, 0xff).
api::Texture grid() {
  api::Texture t;
  t.width = t.height = 4;
  std::vector<uint8_t> bytes;
  for (uint32_t y = 0; y < 4; ++y)
    for (uint32_t x = 0; x < 4; ++x) {
      const uint32_t v = 0xFF000000u | (x * 0x40) << 16 | (y * 0x40) << 8 | 0x10;
      for (int b = 0; b < 4; ++b) bytes.push_back(uint8_t(v >> (8 * b)));
    }
  t.levels.push_back(bytes);
  return t;
}
api::Texture solid(uint32_t argb) {
  api::Texture t;
  t.width = t.height = 1;
  t.levels.push_back({uint8_t(argb), uint8_t(argb >> 8), uint8_t(argb >> 16), uint8_t(argb >> 24)});
  return t;
}
Vec4 grid_texel(int x, int y) {
  return {float(x * 0x40) / 255.0f, float(y * 0x40) / 255.0f, 16.0f / 255.0f, 1.0f};
}

TEST(Ps1xExec, TexAndTexcoord) {
  const api::Texture g = grid();
  Inputs in;
  in.samplers[1].texture = &g;
  all_lanes_tc(in, 1, {0.625f, 0.375f, 0, 1});  // texel (2, 1)
  all_lanes_tc(in, 0, {1.5f, -0.25f, 0.5f, 7});
  EXPECT_EQ(run("ps_1_1\ntex t1\nmov r0, t1\n", in)[0], grid_texel(2, 1));
  EXPECT_EQ(run("ps_1_1\ntexcoord t0\nmov r0, t0\n", in)[0], (Vec4{1, 0, 0.5f, 1}));
  // texcrd keeps the value (within [-8, 8]); _dw divides .xy by the w of .xyw.
  EXPECT_EQ(run("ps_1_4\ntexcrd r0.rgb, t0\n", in)[0], (Vec4{1.5f, -0.25f, 0.5f, 0}));
  all_lanes_tc(in, 0, {1, 2, 0, 4});
  EXPECT_EQ(run("ps_1_4\ntexcrd r0.rg, t0_dw.xyw\n", in)[0], (Vec4{0.25f, 0.5f, 0, 0}));
  // texld r1 samples stage 1; _dz divides by z, 1 where z is 0 (D3D9).
  all_lanes_tc(in, 0, {2.5f, 1.5f, 4, 0});  // / 4 = (0.625, 0.375)
  EXPECT_EQ(run("ps_1_4\ntexcrd r0.rgb, t0\nphase\ntexld r1, r0_dz\nmov r0, r1\n", in)[0],
            grid_texel(2, 1));
  all_lanes_tc(in, 0, {2.5f, 1.5f, 0, 0});
  EXPECT_EQ(run("ps_1_4\ntexcrd r0.rgb, t0\nphase\ntexld r1, r0_dz\nmov r0, r1\n", in)[0],
            grid_texel(0, 0));  // 1 where z = 0: (1, 1) wraps to texel (0, 0)
}

TEST(Ps1xExec, Texkill) {
  Inputs in;
  in.tc[2] = {Vec4{0, 0, 0, -1}, Vec4{-0.1f, 0, 0, 0}, Vec4{0, 0, -1, 0}, Vec4{1, 1, 1, 1}};
  const func::Program p = translate(parse_asm("ps_1_1\ntexkill t2\nmov r0, v0\n"), "k");
  func::Warp w;
  w.lanes = 4;
  w.live = 0xF;
  for (const auto& b : p.pixel_inputs)
    if (b.varying == func::Varying::TexCoord2)
      for (int l = 0; l < 4; ++l)
        for (int c = 0; c < 4; ++c) w.input(b.reg, c)[l] = in.tc[2][size_t(l)][c];
  func::ExecContext ctx;
  ctx.program = &p;
  func::execute(ctx, w, nullptr);
  EXPECT_EQ(w.live, 0x9u);  // w < 0 does not kill; x or z < 0 does
}

TEST(Ps1xExec, TexbemAndTexbemlUseTheStageBumpConstants) {
  const api::Texture bump = solid(0xFF804000);  // du = 128/255, dv = 64/255, luminance 0
  const api::Texture g = grid();
  Inputs in;
  in.samplers[0].texture = &bump;
  in.samplers[1].texture = &g;
  all_lanes_tc(in, 1, {0.125f, 0.125f, 0, 0});
  // Stage 1: MAT00 = 0.5, MAT10 = 0, MAT01 = 0, MAT11 = 1 (c16 + 2 = (00, 10, 01, 11)).
  in.constants[kPs1BumpConstBase + 2] = {0.5f, 0.0f, 0.0f, 1.0f};
  in.constants[kPs1BumpConstBase + 3] = {2.0f, 0.5f, 0, 0};  // LSCALE, LOFFSET
  // u' = 0.125 + 0.5 * 128/255 = 0.376, v' = 0.125 + 64/255 = 0.376: texel (1, 1).
  EXPECT_EQ(run("ps_1_1\ntex t0\ntexbem t1, t0\nmov r0, t1\n", in)[0], grid_texel(1, 1));
  const Vec4 t = grid_texel(1, 1);
  EXPECT_EQ(run("ps_1_1\ntex t0\ntexbeml t1, t0\nmov r0, t1\n", in)[0],
            (Vec4{t.x * 0.5f, t.y * 0.5f, t.z * 0.5f, 0.5f}));
  // bem (ps_1_4) with the same matrix on stage 1, from constants: (0.125, 0.125) + M (0.5, 0.5).
  EXPECT_EQ(run("ps_1_4\ndef c0, 0.125, 0.125, 0, 0\ndef c1, 0.5, 0.5, 0, 0\nmov r2, c1\n"
                "bem r1.rg, c0, r2\nphase\ntexld r1, r1\nmov r0, r1\n",
                in)[0],
            grid_texel(1, 2));  // u' = 0.375, v' = 0.625
}

TEST(Ps1xExec, RegisterRemapAndDotProductLookups) {
  const api::Texture src = solid(0x90A0C0E0);  // a = 0x90, r = 0xA0, g = 0xC0, b = 0xE0
  const api::Texture g = grid();
  Inputs in;
  in.samplers[0].texture = &src;
  in.samplers[1].texture = &g;
  // texreg2ar: (a, r) = (0.565, 0.627) -> texel (2, 2); texreg2gb: (g, b) -> (3, 3).
  EXPECT_EQ(run("ps_1_1\ntex t0\ntexreg2ar t1, t0\nmov r0, t1\n", in)[0], grid_texel(2, 2));
  EXPECT_EQ(run("ps_1_1\ntex t0\ntexreg2gb t1, t0\nmov r0, t1\n", in)[0], grid_texel(3, 3));
  EXPECT_EQ(run("ps_1_2\ntex t0\ntexreg2rgb t1, t0\nmov r0, t1\n", in)[0], grid_texel(2, 3));
  // texdp3tex: u = TC1 . t0.rgb = 0.5 * 0xA0/255 = 0.3137 -> texel (1, 0); texdp3 the value.
  all_lanes_tc(in, 1, {0.5f, 0, 0, 0});
  EXPECT_EQ(run("ps_1_2\ntex t0\ntexdp3tex t1, t0\nmov r0, t1\n", in)[0], grid_texel(1, 0));
  const float d = 0.5f * (float(0xA0) / 255.0f);
  EXPECT_EQ(run("ps_1_2\ntex t0\ntexdp3 t1, t0\nmov r0, t1\n", in)[0], (Vec4{d, d, d, d}));
}

TEST(Ps1xExec, MatrixSequences) {
  const api::Texture n = solid(0xFF402000);  // t0 = (0x40, 0x20, 0) / 255
  const api::Texture g = grid();
  Inputs in;
  in.samplers[0].texture = &n;
  in.samplers[2].texture = &g;
  in.samplers[3].texture = &g;
  const float r = float(0x40) / 255.0f, gg = float(0x20) / 255.0f;
  // Rows (1, 0, 0) and (0, 2, 0): (u, v) = (r, 2 g) = (0.251, 0.251) -> texel (1, 1).
  all_lanes_tc(in, 1, {1, 0, 0, 0});
  all_lanes_tc(in, 2, {0, 2, 0, 0});
  EXPECT_EQ(run("ps_1_1\ntex t0\ntexm3x2pad t1, t0\ntexm3x2tex t2, t0\nmov r0, t2\n", in)[0],
            grid_texel(1, 1));
  // texm3x2depth: depth = z / w = r / (2 g) = 1 (and 1 when w = 0).
  Inputs depth_in = in;
  run("ps_1_3\ntex t0\ntexm3x2pad t1, t0\ntexm3x2depth t2, t0\nmov r0, t0\n", depth_in);
  EXPECT_EQ(depth_in.depth[0], r / (2.0f * gg));
  // texm3x3: rows (1,0,0), (0,1,0), (0,0,1) give the vector itself, w = 1.
  all_lanes_tc(in, 2, {0, 1, 0, 0});
  all_lanes_tc(in, 3, {0, 0, 1, 0});
  EXPECT_EQ(run("ps_1_2\ntex t0\ntexm3x3pad t1, t0\ntexm3x3pad t2, t0\ntexm3x3 t3, t0\n"
                "mov r0, t3\n",
                in)[0],
            (Vec4{r, gg, 0, 1}));
  EXPECT_EQ(run("ps_1_2\ntex t0\ntexm3x3pad t1, t0\ntexm3x3pad t2, t0\ntexm3x3tex t3, t0\n"
                "mov r0, t3\n",
                in)[0],
            grid_texel(1, 0));  // (0.251, 0.125) -> texel (1, 0)
  // texm3x3spec: N = (r, g, 0), E = c0 = (0, 0, 1): N.E = 0, so R = -E = (0, 0, -1); the
  // lookup reads (0, 0) -> texel (0, 0).
  in.constants[0] = {0, 0, 1, 0};
  EXPECT_EQ(run("ps_1_1\ntex t0\ntexm3x3pad t1, t0\ntexm3x3pad t2, t0\n"
                "texm3x3spec t3, t0, c0\nmov r0, t3\n",
                in)[0],
            grid_texel(0, 0));
}

// A 1x1 cube whose face f (+X, -X, +Y, -Y, +Z, -Z) holds 0xFF000000 | (f * 0x20) << 16.
api::Texture faces() {
  api::Texture t;
  t.kind = api::TextureKind::Cube;
  t.width = t.height = 1;
  std::vector<uint8_t> bytes;
  for (uint32_t f = 0; f < 6; ++f)
    for (int b = 0; b < 4; ++b)
      bytes.push_back(uint8_t((0xFF000000u | (f * 0x20) << 16) >> (8 * b)));
  t.levels.push_back(bytes);
  return t;
}
Vec4 face(int f) { return {float(f * 0x20) / 255.0f, 0, 0, 1}; }

TEST(Ps1xExec, MatrixLookupsIntoACubeTakeTheMajorAxisFace) {
  // texm3x3tex / spec / vspec on a cube at stage 3 read the face of the vector's major axis.
  const api::Texture n = solid(0xFF402000);  // N = (0x40, 0x20, 0) / 255
  const api::Texture cube = faces();
  Inputs in;
  in.samplers[0].texture = &n;
  in.samplers[3].texture = &cube;
  const std::string m3x3 = "ps_1_1\ntex t0\ntexm3x3pad t1, t0\ntexm3x3pad t2, t0\n";
  const auto rows = [&](Vec4 a, Vec4 b, Vec4 c) {
    all_lanes_tc(in, 1, a);
    all_lanes_tc(in, 2, b);
    all_lanes_tc(in, 3, c);
  };
  rows({1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0});  // (r, g, 0): +X
  EXPECT_EQ(run(m3x3 + "texm3x3tex t3, t0\nmov r0, t3\n", in)[0], face(0));
  rows({0, 1, 0, 0}, {1, 0, 0, 0}, {0, 0, 1, 0});  // (g, r, 0): +Y
  EXPECT_EQ(run(m3x3 + "texm3x3tex t3, t0\nmov r0, t3\n", in)[0], face(2));
  rows({0, -1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0});  // (-g, -r, 0): -Y
  EXPECT_EQ(run(m3x3 + "texm3x3tex t3, t0\nmov r0, t3\n", in)[0], face(3));
  rows({0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0});  // (0, 0, r): +Z
  EXPECT_EQ(run(m3x3 + "texm3x3tex t3, t0\nmov r0, t3\n", in)[0], face(4));
  // spec: N = (r, g, 0), E = (0, 0, 1), N.E = 0: R = -E, the -Z face. vspec takes E from
  // the rows' w: E = (1, 0, 0), R = 2 (N.E / N.N) N - E = (2 r^2 / (r^2 + g^2) - 1,
  // 2 r g / (r^2 + g^2), 0) = (0.6, 0.8, 0) for r = 2 g: +Y.
  rows({1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0});
  in.constants[0] = {0, 0, 1, 0};
  EXPECT_EQ(run(m3x3 + "texm3x3spec t3, t0, c0\nmov r0, t3\n", in)[0], face(5));
  rows({1, 0, 0, 1}, {0, 1, 0, 0}, {0, 0, 1, 0});
  EXPECT_EQ(run(m3x3 + "texm3x3vspec t3, t0\nmov r0, t3\n", in)[0], face(2));
}

TEST(Ps1xExec, Texdepth) {
  Inputs in;
  run("ps_1_4\ndef c0, 0.25, 0.5, 0, 0\nmov r5, c0\nphase\ntexdepth r5\nmov r0, c0\n", in);
  EXPECT_EQ(in.depth[0], 0.5f);  // r5.r / r5.g
  run("ps_1_4\ndef c0, 0.25, 0, 0, 0\nmov r5, c0\nphase\ntexdepth r5\nmov r0, c0\n", in);
  EXPECT_EQ(in.depth[0], 1.0f);  // g = 0 gives 1
}

}  // namespace
}  // namespace gfx::d3d9
