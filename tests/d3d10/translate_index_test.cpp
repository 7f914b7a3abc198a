// SM4 -> ISA translation (d3d10/translate.h), indexing: indexable temps, the immediate
// constant buffer, and relative indexing of x#, cb#, icb, v# and o#, with a different index
// in each lane and indices outside the array (reads give 0, writes are dropped).
#include <gtest/gtest.h>

#include "translate_util.h"

namespace gfx::d3d10::test {
namespace {

using Bits = std::array<uint32_t, 4>;

// Runs a pixel shader whose v1.x holds `index[l]` (integer bits) in lane l; returns o0 of
// every lane.
std::array<func::Vec4, 4> run_indexed(const std::string& text, const Bits& index,
                                      const std::vector<func::Vec4>& cb0 = {}) {
  Runner r;
  std::array<func::Vec4, 4> v1;
  for (int l = 0; l < 4; ++l) v1[size_t(l)] = floats_of_bits(index[size_t(l)], 0, 0, 0);
  r.lane_inputs[1] = v1;
  for (size_t k = 0; k < cb0.size(); ++k) r.constants[k] = cb0[k];
  r.run(translate_asm(text));
  return {r.output(0, 0), r.output(0, 1), r.output(0, 2), r.output(0, 3)};
}

const char kHead[] = "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n";

TEST(TranslateIndex, IndexableTempReadAndWrittenPerLane) {
  const auto o =
      run_indexed(std::string(kHead) +
                      "dcl_temps 1\ndcl_indexableTemp x0[3], 4\n"
                      "mov x0[0].xyzw, l(1.000000, 2.000000, 3.000000, 4.000000)\n"
                      "mov x0[1].xyzw, l(5.000000, 6.000000, 7.000000, 8.000000)\n"
                      "mov x0[2].xyzw, l(9.000000, 10.000000, 11.000000, 12.000000)\n"
                      "mov x0[v1.x + 0].y, l(-1.000000)\n"  // lane 3 (index 7) writes nothing
                      "mov r0.x, v1.x\nmov o0.xyzw, x0[r0.x + 0].wzyx\nret\n",
                  {0, 1, 2, 7});
  EXPECT_EQ(o[0], (func::Vec4{4, 3, -1, 1}));
  EXPECT_EQ(o[1], (func::Vec4{8, 7, -1, 5}));
  EXPECT_EQ(o[2], (func::Vec4{12, 11, -1, 9}));
  EXPECT_EQ(o[3], (func::Vec4{0, 0, 0, 0}));  // outside x0: reads 0
}

TEST(TranslateIndex, IndexableTempsSitBetweenTheTempsAndTheScratchRegisters) {
  // Two arrays beside r0..r1; a per-channel rcp (which uses a scratch temp) must not touch
  // them, and an immediate index reads the element it names.
  const auto o = run_indexed(std::string(kHead) +
                                 "dcl_temps 2\ndcl_indexableTemp x0[2], 4\n"
                                 "dcl_indexableTemp x1[2], 4\n"
                                 "mov x0[1].xyzw, l(1.000000, 2.000000, 3.000000, 4.000000)\n"
                                 "mov x1[0].xyzw, l(8.000000, 8.000000, 8.000000, 8.000000)\n"
                                 "rcp r1.xy, x0[1].xyxx\nmov o0.xy, r1.xyxx\n"
                                 "mov o0.zw, x1[v1.x + 0].xxxx\nret\n",
                             {0, 0, 1, 2});
  EXPECT_EQ(o[0], (func::Vec4{1, 0.5f, 8, 8}));
  EXPECT_EQ(o[2], (func::Vec4{1, 0.5f, 0, 0}));
  EXPECT_EQ(o[3], (func::Vec4{1, 0.5f, 0, 0}));
}

TEST(TranslateIndex, ASampleWritesIntoAnIndexedTemp) {
  // No texture bound: the sample reads (0, 0, 0, 1) into x0[index] of each lane only.
  const auto o = run_indexed(std::string("ps_4_0\ndcl_sampler s0, mode_default\n") +
                                 "dcl_resource_texture2d (float,float,float,float) t0\n"
                                 "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
                                 "dcl_temps 1\ndcl_indexableTemp x0[2], 4\n"
                                 "mov x0[0].xyzw, l(5.000000, 5.000000, 5.000000, 5.000000)\n"
                                 "mov x0[1].xyzw, l(6.000000, 6.000000, 6.000000, 6.000000)\n"
                                 "sample x0[v1.x + 0].xyzw, v1.yzyy, t0.xyzw, s0\n"
                                 "mov o0.xy, x0[0].xwxx\nmov o0.zw, x0[1].xxxw\nret\n",
                             {0, 1, 5, 0});
  EXPECT_EQ(o[0], (func::Vec4{0, 1, 6, 6}));
  EXPECT_EQ(o[1], (func::Vec4{5, 5, 0, 1}));
  EXPECT_EQ(o[2], (func::Vec4{5, 5, 6, 6}));
}

TEST(TranslateIndex, ConstantBufferIndexedRelativelyStopsAtItsDeclaredSize) {
  const auto o =
      run_indexed(std::string("ps_4_0\ndcl_constantbuffer cb0[3], dynamicIndexed\n") +
                      "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
                      "mov o0.xyzw, cb0[v1.x + 1].xyzw\nret\n",
                  {0, 1, 2, 0xFFFFFFFFu}, {{1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}, {4, 4, 4, 4}});
  EXPECT_EQ(o[0], (func::Vec4{2, 2, 2, 2}));
  EXPECT_EQ(o[1], (func::Vec4{3, 3, 3, 3}));
  EXPECT_EQ(o[2], (func::Vec4{0, 0, 0, 0}));  // cb0[3] is past the declared 3 registers
  EXPECT_EQ(o[3], (func::Vec4{1, 1, 1, 1}));  // -1 + 1
}

TEST(TranslateIndex, ImmediateConstantBufferKeepsItsBits) {
  const auto o =
      run_indexed(std::string("ps_4_0\ndcl_immediateConstantBuffer { { 1.000000, 2.000000, 0, 0 }, "
                              "{ 0x7fc00001, 0xffffffff, 0x80000000, 3 } }\n") +
                      "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
                      "mov o0.xyzw, icb[v1.x + 0].xyzw\nret\n",
                  {0, 1, 2, 1});
  EXPECT_EQ(bits_of(o[0]), (Bits{0x3F800000u, 0x40000000u, 0, 0}));
  EXPECT_EQ(bits_of(o[1]), (Bits{0x7FC00001u, 0xFFFFFFFFu, 0x80000000u, 3}));
  EXPECT_EQ(bits_of(o[2]), (Bits{0, 0, 0, 0}));
  EXPECT_EQ(bits_of(o[3]), bits_of(o[1]));
}

TEST(TranslateIndex, InputAndOutputRangesIndexedRelatively) {
  Runner r;
  r.inputs[2] = {2, 2, 2, 2};
  r.inputs[3] = {3, 3, 3, 3};
  std::array<func::Vec4, 4> v1;
  for (uint32_t l = 0; l < 4; ++l) v1[l] = floats_of_bits(l, 0, 0, 0);
  r.lane_inputs[1] = v1;
  r.run(translate_asm(
      "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
      "dcl_input_ps linear v3.xyzw\ndcl_indexrange v2.xyzw, 2\ndcl_output o0.xyzw\n"
      "dcl_output o1.xyzw\ndcl_output o2.xyzw\ndcl_indexrange o1.xyzw, 2\ndcl_temps 1\n"
      "mov o0.xyzw, v[v1.x + 2].xyzw\nmov o1.xyzw, l(0, 0, 0, 0)\nmov o2.xyzw, l(0, 0, 0, 0)\n"
      "mov o[v1.x + 1].xyzw, l(5.000000, 5.000000, 5.000000, 5.000000)\nret\n"));
  EXPECT_EQ(r.output(0, 0), (func::Vec4{2, 2, 2, 2}));
  EXPECT_EQ(r.output(0, 1), (func::Vec4{3, 3, 3, 3}));
  EXPECT_EQ(r.output(0, 2), (func::Vec4{0, 0, 0, 0}));  // v4 is outside the range
  EXPECT_EQ(r.output(1, 0), (func::Vec4{5, 5, 5, 5}));
  EXPECT_EQ(r.output(2, 0), (func::Vec4{0, 0, 0, 0}));
  EXPECT_EQ(r.output(2, 1), (func::Vec4{5, 5, 5, 5}));
  EXPECT_EQ(r.output(1, 2), (func::Vec4{0, 0, 0, 0}));  // o3 is outside: dropped
  EXPECT_EQ(r.output(2, 2), (func::Vec4{0, 0, 0, 0}));
}

TEST(TranslateIndex, VertexOutputsIndexedRelativelyFollowTheirVaryingRegisters) {
  // o1..o3 are the ISA's o2..o4 (o0 is SV_Position); a loop writes o[i + 1] = i for i < 3,
  // the vertex id picking how many (lane l writes l + 1 of them, at most 3).
  const func::Program p = translate_asm(
      "vs_4_0\ndcl_input_sgv v0.x, vertex_id\ndcl_output_siv o0.xyzw, position\n"
      "dcl_output o1.xyzw\ndcl_output o2.xyzw\ndcl_output o3.xyzw\ndcl_indexrange o1.xyzw, 3\n"
      "dcl_temps 2\nmov o0.xyzw, l(0, 0, 0, 0)\nmov o1.xyzw, l(9, 9, 9, 9)\n"
      "mov o2.xyzw, l(9, 9, 9, 9)\nmov o3.xyzw, l(9, 9, 9, 9)\nmov r0.x, l(0)\nloop\n"
      "ult r1.x, v0.x, r0.x\nbreakc_nz r1.x\nmov o[r0.x + 1].xyzw, r0.xxxx\n"
      "iadd r0.x, r0.x, l(1)\nendloop\nret\n");
  Runner r;
  std::array<func::Vec4, 4> ids;
  for (int l = 0; l < 4; ++l) ids[size_t(l)] = func::Vec4{float(l), float(l), float(l), float(l)};
  r.lane_inputs[0] = ids;
  r.run(p);
  for (int l = 0; l < 4; ++l) {
    for (int k = 0; k < 3; ++k) {
      // Lane l ran i = 0..l; o[i + 1] (ISA o(i + 2)) holds the bits of i, the rest 9.
      const uint32_t want = k <= l ? uint32_t(k) : 9u;
      EXPECT_EQ(bits_of(r.output(2 + k, l))[0], want) << "lane " << l << " o" << k + 1;
    }
  }
}

}  // namespace
}  // namespace gfx::d3d10::test
