// The D3D10 pixel stage's inputs (translate_ps_decl.cpp, func/geom/interpolate.cpp): each
// interpolation mode against its formula on a known triangle, SV_Position, SV_PrimitiveID
// and SV_IsFrontFace as SM4 bits, and the register-by-register linkage check.
#include <gtest/gtest.h>

#include "driver/d3d10_pixel_stage.h"
#include "ps_test_util.h"
#include "test_util.h"
#include "translate_util.h"

namespace gfx::d3d10::test {
namespace {

using func::InterpLocation;
using func::Interpolation;
using func::PixelSystemValue;

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

const char* const kModes =
    "ps_4_0\n"
    "dcl_input_ps constant v1.xyzw\n"
    "dcl_input_ps linear v2.xyzw\n"
    "dcl_input_ps linear noperspective v3.xyzw\n"
    "dcl_input_ps linear centroid v4.xyzw\n"
    "dcl_input_ps linear sample v5.xyzw\n"
    "dcl_input_ps linear noperspective centroid v6.xyzw\n"
    "dcl_input_ps linear noperspective sample v7.xyzw\n"
    "dcl_output o0.xyzw\nmov o0.xyzw, v2.xyzw\nret\n";

TEST(PsInputs, EachDeclaredModeBindsItsRegisterToTheSameNumberedAttribute) {
  const func::Program p = translate_asm(kModes);
  ASSERT_EQ(p.pixel_inputs.size(), 7u);
  const Interpolation interp[] = {Interpolation::Constant,      Interpolation::Perspective,
                                  Interpolation::NoPerspective, Interpolation::Perspective,
                                  Interpolation::Perspective,   Interpolation::NoPerspective,
                                  Interpolation::NoPerspective};
  const InterpLocation at[] = {InterpLocation::Center, InterpLocation::Center,
                               InterpLocation::Center, InterpLocation::Centroid,
                               InterpLocation::Sample, InterpLocation::Centroid,
                               InterpLocation::Sample};
  for (int k = 0; k < 7; ++k) {
    const func::PixelInputBinding& b = p.pixel_inputs[size_t(k)];
    EXPECT_EQ(b.reg, k + 1);
    EXPECT_EQ(int(b.varying), attr(k + 1));
    EXPECT_EQ(b.interp, interp[k]) << k;
    EXPECT_EQ(b.location, at[k]) << k;
  }
  // build_container names these inputs TEXCOORD<reg>, the linkage check compares that.
  ASSERT_EQ(p.link_semantics.size(), 7u);
  EXPECT_EQ(p.link_semantics[3].reg, 4);
  EXPECT_EQ(p.link_semantics[3].name, "TEXCOORD");
  EXPECT_EQ(p.link_semantics[3].index, 4u);
  EXPECT_TRUE(p.sm4);
}

// A(0,0) w=1 depth 0, B(16,0) w=4 depth 0.5, C(0,16) w=1 depth 1 on a 16x16 viewport.
// Every Attr holds A = (1, 2, 3, 4), B = (5, 2, 3, 8), C = (1, 6, 3, 4); Attr1 (constant)
// holds bit patterns adding zero would change (-0, a signalling NaN, all ones, a denormal).
struct KnownTriangle : ::testing::Test {
  func::ShadedVertex a = at_screen(0, 0, 16, 16, 0.0f, 1.0f);
  func::ShadedVertex b = at_screen(16, 0, 16, 16, 0.5f, 4.0f);
  func::ShadedVertex c = at_screen(0, 16, 16, 16, 1.0f, 1.0f);
  func::Warp warp;
  float z[4];
  void SetUp() override {
    for (int r = 0; r < func::kNumAttrVaryings; ++r) {
      a.var[attr(r)] = {1, 2, 3, 4};
      b.var[attr(r)] = {5, 2, 3, 8};
      c.var[attr(r)] = {1, 6, 3, 4};
    }
    a.var[attr(1)] = floats_of_bits(0x80000000u, 0x7F800001u, 0xFFFFFFFFu, 1u);
    b.var[attr(1)] = floats_of_bits(2, 3, 4, 5);
    c.var[attr(1)] = floats_of_bits(6, 7, 8, 9);
  }
  // Shades the quad at (x, y) of the triangle (a, b, c) into lanes 0..3.
  void run(const func::Program& ps, int x, int y) {
    const func::DrawContext d = d3d10_draw(ps, 16, 16);
    const auto tris = set_up(d, {&a, &b, &c});
    ASSERT_EQ(tris.size(), 1u);
    func::interpolate_quad(*tris[0], func::Quad{int16_t(x), int16_t(y), 0xF}, ps, warp, 0, z);
  }
};

TEST_F(KnownTriangle, EachModeFollowsItsFormulaAtThePixelCentre) {
  run(translate_asm(kModes), 6, 0);
  // Pixel (7, 0), lane 1, centre (7.5, 0.5): affine weights l = (0.5, 7.5/16, 0.5/16),
  // exact in float; perspective weights b_k = (l_k / w_k) / sum(l_i / w_i).
  const float l1 = 0.46875f, l2 = 0.03125f;
  const float inv = 1.0f / (0.5f * 1.0f + l1 * 0.25f + l2 * 1.0f);
  const float b1 = l1 * 0.25f * inv, b2 = l2 * 1.0f * inv;
  const func::Vec4 perspective{1.0f + b1 * 4.0f + b2 * 0.0f, 2.0f + b1 * 0.0f + b2 * 4.0f, 3.0f,
                               4.0f + b1 * 4.0f + b2 * 0.0f};
  const func::Vec4 noperspective{2.875f, 2.125f, 3.0f, 5.875f};  // v0 + l1 d1 + l2 d2
  EXPECT_NE(perspective.x, noperspective.x);
  EXPECT_EQ(lane_input(warp, 2, 1), perspective);  // linear
  EXPECT_EQ(lane_input(warp, 3, 1), noperspective);
  // Without MSAA centroid and sample evaluate at the pixel centre.
  EXPECT_EQ(lane_input(warp, 4, 1), perspective);
  EXPECT_EQ(lane_input(warp, 5, 1), perspective);
  EXPECT_EQ(lane_input(warp, 6, 1), noperspective);
  EXPECT_EQ(lane_input(warp, 7, 1), noperspective);
  // Constant: the leading vertex's bits, untouched, in all four pixels.
  for (int lane = 0; lane < 4; ++lane)
    EXPECT_EQ(bits_of(lane_input(warp, 1, lane)),
              (std::array<uint32_t, 4>{0x80000000u, 0x7F800001u, 0xFFFFFFFFu, 1u}))
        << lane;
}

TEST_F(KnownTriangle, HelperPixelsOutsideThePrimitiveAreInterpolatedToo) {
  run(translate_asm(kModes), 14, 0);
  // (15, 0) lies on the edge BC, which is not top-left: a helper pixel of the quad. Its
  // noperspective value extrapolates the same plane: l1 = 15.5/16, l2 = 0.5/16.
  EXPECT_EQ(lane_input(warp, 3, 1), (func::Vec4{4.875f, 2.125f, 3.0f, 7.875f}));
  EXPECT_EQ(lane_input(warp, 3, 0), (func::Vec4{4.625f, 2.125f, 3.0f, 7.625f}));  // (14, 0)
}

TEST_F(KnownTriangle, PositionIsTheCentreTheTestedDepthAndTheInterpolatedW) {
  const func::Program p = translate_asm(
      "ps_4_0\ndcl_input_ps_siv linear noperspective v0.xyzw, position\n"
      "dcl_output o0.xyzw\nmov o0.xyzw, v0.xyzw\nret\n");
  ASSERT_EQ(p.pixel_system_values.size(), 1u);
  EXPECT_EQ(p.pixel_system_values[0].value, PixelSystemValue::Position);
  EXPECT_EQ(p.position_reg, -1);  // not D3D9's integer vPos
  run(p, 6, 0);
  const float w70 = 1.0f / (0.5f + 0.46875f * 0.25f + 0.03125f);
  EXPECT_EQ(lane_input(warp, 0, 1), (func::Vec4{7.5f, 0.5f, 0.265625f, w70}));
  EXPECT_EQ(z[1], 0.265625f);  // the depth the depth test takes: 0.5 l1 + 1.0 l2
  const float w61 = 1.0f / (0.5f + 0.40625f * 0.25f + 0.09375f);  // (6, 1)
  EXPECT_EQ(lane_input(warp, 0, 2), (func::Vec4{6.5f, 1.5f, 0.296875f, w61}));
}

TEST_F(KnownTriangle, ConstantInputsTakeTheLeadingVertexAfterClipping) {
  // B beyond the far plane: the clipper cuts the triangle and its polygon need not start
  // at A, but the leading vertex stays A.
  b = at_screen(16, 0, 16, 16, 2.0f, 4.0f);
  b.var[attr(1)] = floats_of_bits(2, 3, 4, 5);
  const func::Program p = translate_asm(kModes);
  const func::DrawContext d = d3d10_draw(p, 16, 16);
  const auto tris = set_up(d, {&b, &a, &c});  // B leading
  ASSERT_FALSE(tris.empty());
  for (const auto& t : tris) {
    func::interpolate_quad(*t, func::Quad{2, 2, 0xF}, p, warp, 0, z);
    EXPECT_EQ(bits_of(lane_input(warp, 1, 3)), (std::array<uint32_t, 4>{2, 3, 4, 5}));
  }
}

TEST(PsInputs, PrimitiveIdAndIsFrontFaceAreUintBitsInTheirComponents) {
  const func::Program p = translate_asm(
      "ps_4_0\ndcl_input_ps constant v1.xy\n"
      "dcl_input_ps_sgv constant v1.z, primitive_id\n"
      "dcl_input_ps_sgv constant v1.w, is_front_face\n"
      "dcl_output o0.xyzw\nmov o0.xyzw, v1.xyzw\nret\n");
  ASSERT_EQ(p.pixel_system_values.size(), 2u);
  EXPECT_EQ(p.pixel_system_values[0].mask, 0x4);
  EXPECT_EQ(p.pixel_system_values[1].mask, 0x8);
  const func::DrawContext d = d3d10_draw(p, 16, 16);
  func::ShadedVertex a = at_screen(1, 1, 16, 16), b = at_screen(15, 1, 16, 16),
                     c = at_screen(1, 15, 16, 16), pt = at_screen(4.5f, 4.5f, 16, 16);
  for (func::ShadedVertex* v : {&a, &b, &c, &pt}) v->var[attr(1)] = {0.25f, 0.75f, 9, 9};
  struct Case {
    std::vector<const func::ShadedVertex*> v;
    uint32_t id, face;
  };
  const Case cases[] = {
      {{&a, &b, &c}, 7, 0xFFFFFFFFu},     // clockwise on screen: front
      {{&a, &c, &b}, 8, 0u},              // counter-clockwise: back (no culling)
      {{&a, &b}, 9, 0xFFFFFFFFu},         // lines are front
      {{&pt}, 0x89ABCDEFu, 0xFFFFFFFFu},  // points are front; the id keeps all 32 bits
  };
  for (const Case& k : cases) {
    const auto tris = set_up(d, k.v, k.id);
    ASSERT_FALSE(tris.empty()) << k.id;
    // Points and lines come as two triangles; the first that covers a pixel is enough.
    std::vector<func::Quad> quads;
    size_t n = 0;
    for (; n < tris.size() && quads.empty(); ++n) func::rasterize(*tris[n], quads);
    ASSERT_FALSE(quads.empty()) << k.id;
    func::Warp warp;
    float z[4];
    func::interpolate_quad(*tris[n - 1], quads[0], p, warp, 0, z);
    for (int lane = 0; lane < 4; ++lane)
      EXPECT_EQ(bits_of(lane_input(warp, 1, lane)),
                (std::array<uint32_t, 4>{bits(0.25f), bits(0.75f), k.id, k.face}))
          << k.id << " lane " << lane;
  }
}

TEST(PsInputs, StagesLinkByRegisterAndTheirSemanticsMustAgree) {
  const func::Program vs = translate_asm(
      "vs_4_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\n"
      "dcl_output o15.xy\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v0.xyzw\nmov o15.xy, v0.xyxx\n"
      "ret\n");
  EXPECT_EQ(vs.outputs.size(), 2u);
  EXPECT_EQ(int(vs.outputs[1].varying), attr(15));
  EXPECT_EQ(vs.outputs[1].reg, 16);  // the internal register after the clip position
  const func::Program ps = translate_asm(
      "ps_4_0\ndcl_input_ps_siv linear noperspective v0.xyzw, position\n"
      "dcl_input_ps linear v15.xy\ndcl_output o0.xyzw\nmov o0.xyzw, v15.xyxx\nret\n");
  EXPECT_NO_THROW(driver::check_d3d10_linkage(vs, ps, "draw 3"));
  func::Program other = ps;
  other.link_semantics[0].name = "COLOR";
  EXPECT_EQ(error_of([&] { driver::check_d3d10_linkage(vs, other, "draw 3"); }),
            "draw 3: pixel shader input v15 (COLOR15) does not match vertex shader output o15 "
            "(TEXCOORD15): D3D10 links the stages by register and the semantics must agree");
  other = ps;
  other.link_semantics[0].reg = 2;
  EXPECT_EQ(error_of([&] { driver::check_d3d10_linkage(vs, other, "draw 3"); }),
            "draw 3: pixel shader input v2 (TEXCOORD15) has no vertex shader output in o2 "
            "(D3D10 links the stages by register)");
  // A D3D9 program on either side is not linked by signature.
  func::Program d3d9 = vs;
  d3d9.sm4 = false;
  EXPECT_NO_THROW(driver::check_d3d10_linkage(d3d9, other, "draw 3"));
}

TEST(PsInputs, WhatTheModelDoesNotLinkIsALocatedError) {
  const auto err = [](const std::string& text) { return error_of([&] { translate_asm(text); }); };
  // v16..v31 are valid ps_4_0 registers (the validator takes them); o16 is not.
  EXPECT_EQ(err("ps_4_0\ndcl_input_ps linear v16.xyzw\ndcl_output o0.xyzw\nret\n"),
            "test: instruction 0 (dcl_input_ps): input v16 is out of range (the model links "
            "v0..v15)");
  EXPECT_EQ(err("ps_4_0\ndcl_input_ps linear v1.xy\ndcl_input_ps constant v1.zw\n"
                "dcl_output o0.xyzw\nret\n"),
            "test: instruction 1 (dcl_input_ps): input v1 is declared again with another "
            "interpolation mode");
  EXPECT_EQ(err("ps_4_0\ndcl_input_ps_siv constant v1.x, rendertarget_array_index\n"
                "dcl_output o0.xyzw\nret\n"),
            "test: instruction 0 (dcl_input_ps_siv): the pixel input system value "
            "'rendertarget_array_index' is not supported yet");
  // SV_SampleIndex is read (it makes a multisampled draw shade per sample).
  EXPECT_EQ(err("ps_4_0\ndcl_input_ps_sgv constant v1.x, sampleIndex\ndcl_output o0.xyzw\nret\n"),
            "");
}

}  // namespace
}  // namespace gfx::d3d10::test
