#include "func/geom/vertex_fetch.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "common/error.h"
#include "test_util.h"

namespace gfx::func {
namespace {

using api::DeclType;

Vec4 dec(DeclType t, std::vector<uint8_t> bytes) { return decode_element(t, bytes.data()); }

std::vector<uint8_t> floats(std::initializer_list<float> fs) {
  std::vector<uint8_t> b;
  for (float f : fs) {
    uint8_t tmp[4];
    std::memcpy(tmp, &f, 4);
    b.insert(b.end(), tmp, tmp + 4);
  }
  return b;
}

TEST(DecodeElement, Floats) {
  EXPECT_EQ(dec(DeclType::Float1, floats({1.5f})), (Vec4{1.5f, 0, 0, 1}));
  EXPECT_EQ(dec(DeclType::Float2, floats({1.5f, -2})), (Vec4{1.5f, -2, 0, 1}));
  EXPECT_EQ(dec(DeclType::Float3, floats({1.5f, -2, 3.25f})), (Vec4{1.5f, -2, 3.25f, 1}));
  EXPECT_EQ(dec(DeclType::Float4, floats({1.5f, -2, 3.25f, 7})), (Vec4{1.5f, -2, 3.25f, 7}));
}

TEST(DecodeElement, D3DColorIsBgraInMemory) {
  // 0x80FF4020 little-endian: B=0x20, G=0x40, R=0xFF, A=0x80.
  EXPECT_EQ(dec(DeclType::D3DColor, {0x20, 0x40, 0xFF, 0x80}),
            (Vec4{1.0f, 0x40 / 255.0f, 0x20 / 255.0f, 0x80 / 255.0f}));
}

TEST(DecodeElement, Bytes) {
  EXPECT_EQ(dec(DeclType::UByte4, {0, 1, 128, 255}), (Vec4{0, 1, 128, 255}));
  EXPECT_EQ(dec(DeclType::UByte4N, {0, 51, 255, 128}), (Vec4{0, 51 / 255.0f, 1.0f, 128 / 255.0f}));
}

TEST(DecodeElement, Shorts) {
  // 1, -1, 32767, -32768 little-endian.
  const std::vector<uint8_t> s = {0x01, 0x00, 0xFF, 0xFF, 0xFF, 0x7F, 0x00, 0x80};
  EXPECT_EQ(dec(DeclType::Short2, s), (Vec4{1, -1, 0, 1}));
  EXPECT_EQ(dec(DeclType::Short4, s), (Vec4{1, -1, 32767, -32768}));
  EXPECT_EQ(dec(DeclType::Short2N, s), (Vec4{1 / 32767.0f, -1 / 32767.0f, 0, 1}));
  // D3D9 does not clamp: -32768 / 32767 is a little below -1.
  EXPECT_EQ(dec(DeclType::Short4N, s),
            (Vec4{1 / 32767.0f, -1 / 32767.0f, 1.0f, -32768 / 32767.0f}));
  EXPECT_LT(dec(DeclType::Short4N, s).w, -1.0f);
}

TEST(DecodeElement, UnsignedShortsNormalised) {
  const std::vector<uint8_t> s = {0x00, 0x00, 0xFF, 0xFF, 0x00, 0x80, 0x01, 0x00};
  EXPECT_EQ(dec(DeclType::UShort2N, s), (Vec4{0, 1, 0, 1}));
  EXPECT_EQ(dec(DeclType::UShort4N, s), (Vec4{0, 1, 32768 / 65535.0f, 1 / 65535.0f}));
}

TEST(DecodeElement, TenTenTen) {
  const uint32_t u = 1u | (512u << 10) | (1023u << 20) | (3u << 30);  // top 2 bits ignored
  std::vector<uint8_t> b = {uint8_t(u), uint8_t(u >> 8), uint8_t(u >> 16), uint8_t(u >> 24)};
  EXPECT_EQ(dec(DeclType::UDec3, b), (Vec4{1, 512, 1023, 1}));
  // DEC3N: 511 -> 1, 0x201 (-511) -> -1, 0x200 (-512) -> -512/511.
  const uint32_t d = 511u | (0x201u << 10) | (0x200u << 20);
  b = {uint8_t(d), uint8_t(d >> 8), uint8_t(d >> 16), uint8_t(d >> 24)};
  EXPECT_EQ(dec(DeclType::Dec3N, b), (Vec4{1.0f, -1.0f, -512 / 511.0f, 1}));
}

TEST(DecodeElement, Halves) {
  // 1.0, -2.0, smallest subnormal 2^-24, 0.333251953125 (0x3555).
  const std::vector<uint8_t> h = {0x00, 0x3C, 0x00, 0xC0, 0x01, 0x00, 0x55, 0x35};
  EXPECT_EQ(dec(DeclType::Float16_2, h), (Vec4{1, -2, 0, 1}));
  EXPECT_EQ(dec(DeclType::Float16_4, h), (Vec4{1, -2, std::ldexp(1.0f, -24), 0.333251953125f}));
  EXPECT_EQ(half_to_float(0x7C00), std::numeric_limits<float>::infinity());
  EXPECT_EQ(half_to_float(0xFBFF), -65504.0f);
  EXPECT_TRUE(std::isnan(half_to_float(0x7E00)));
  EXPECT_TRUE(std::signbit(half_to_float(0x8000)));
}

TEST(DecodeElement, UnusedGivesDefault) {
  EXPECT_EQ(decode_element(DeclType::Unused, nullptr), (Vec4{0, 0, 0, 1}));
}

// Two streams: positions (float3, stride 12) and colours (D3DCOLOR at offset 4, stride 8).
struct FetchFixture : ::testing::Test {
  api::Buffer pos_buf, col_buf;
  api::VertexDeclaration decl;
  StreamBinding streams[api::kMaxStreams];
  std::vector<InputBinding> inputs;
  Warp warp;

  void SetUp() override {
    pos_buf.bytes = floats({1, 2, 3, 4, 5, 6});            // two vertices
    col_buf.bytes = {0, 0, 0, 0, 0x10, 0x20, 0x30, 0x40,   // vertex 0: 0x40302010
                     0, 0, 0, 0, 0xFF, 0x00, 0x00, 0xFF};  // vertex 1: 0xFF0000FF
    decl.elements = {
        {0, 0, DeclType::Float3, api::DeclUsage::Position, 0},
        {1, 4, DeclType::D3DColor, api::DeclUsage::Color, 0},
    };
    streams[0] = {&pos_buf, 0, 12};
    streams[1] = {&col_buf, 0, 8};
    inputs = {{api::DeclUsage::Position, 0, 0},
              {api::DeclUsage::Color, 0, 3},
              {api::DeclUsage::TexCoord, 0, 5}};
  }
  Vec4 in(int reg, int lane) const {
    return {warp.input(reg, 0)[lane], warp.input(reg, 1)[lane], warp.input(reg, 2)[lane],
            warp.input(reg, 3)[lane]};
  }
};

TEST_F(FetchFixture, FillsRegistersAndDefaultsAbsentElements) {
  EXPECT_TRUE(fetch_vertex(decl, streams, inputs, 1, warp, 7));
  EXPECT_EQ(in(0, 7), (Vec4{4, 5, 6, 1}));
  EXPECT_EQ(in(3, 7), (Vec4{0, 0, 1, 1}));  // 0xFF0000FF: blue, opaque
  EXPECT_EQ(in(5, 7), (Vec4{0, 0, 0, 1}));  // no texcoord element
  const FetchPlan plan = make_fetch_plan(decl, inputs);
  EXPECT_TRUE(fetch_vertex(plan, streams, 0, warp, 2));
  EXPECT_EQ(in(0, 2), (Vec4{1, 2, 3, 1}));
  EXPECT_EQ(in(3, 2), (Vec4{0x30 / 255.0f, 0x20 / 255.0f, 0x10 / 255.0f, 0x40 / 255.0f}));
  EXPECT_EQ(in(5, 2), (Vec4{0, 0, 0, 1}));
}

TEST_F(FetchFixture, OutOfBoundsReadsZeroAndReportsIt) {
  warp.set_input(0, 1, {9, 9, 9, 9});
  EXPECT_FALSE(fetch_vertex(decl, streams, inputs, 2, warp, 1));  // past both buffers
  EXPECT_EQ(in(0, 1), (Vec4{0, 0, 0, 0}));
  EXPECT_EQ(in(3, 1), (Vec4{0, 0, 0, 0}));
  // A huge index must not wrap around into the buffer.
  EXPECT_FALSE(fetch_vertex(make_fetch_plan(decl, inputs), streams, 0x40000000u, warp, 1));
  streams[1] = {};  // no buffer bound: also out of bounds, position still fine
  EXPECT_FALSE(fetch_vertex(decl, streams, inputs, 0, warp, 1));
  EXPECT_EQ(in(0, 1), (Vec4{1, 2, 3, 1}));
  EXPECT_EQ(in(3, 1), (Vec4{0, 0, 0, 0}));
}

TEST_F(FetchFixture, BadStreamOrRegisterThrows) {
  decl.elements[1].stream = 16;
  EXPECT_THROW(make_fetch_plan(decl, inputs), Error);
  EXPECT_THROW(fetch_vertex(decl, streams, inputs, 0, warp, 0), Error);
  decl.elements[1].stream = 1;
  inputs[0].reg = kMaxInputs;
  EXPECT_THROW(make_fetch_plan(decl, inputs), Error);
}

}  // namespace
}  // namespace gfx::func
