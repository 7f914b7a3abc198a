// DXGI vertex formats of D3D10 input layouts (func::decode_vertex_format): each format's
// exact values, DXGI's conversion rules, and the (0, 0, 0, 1) fill of missing components.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "func/geom/vertex_fetch.h"

namespace gfx::func {
namespace {

using F = api::VertexFormat;

Vec4 dec(F f, std::vector<uint8_t> bytes) { return decode_vertex_format(f, bytes.data()); }

template <class T> std::vector<uint8_t> le(std::initializer_list<T> values) {
  std::vector<uint8_t> b;
  for (T v : values) {
    uint8_t tmp[sizeof(T)];
    std::memcpy(tmp, &v, sizeof(T));  // the test host is little-endian, as the buffers are
    b.insert(b.end(), tmp, tmp + sizeof(T));
  }
  return b;
}

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
// The four registers' bit patterns: integer formats deliver integers, not floats.
std::vector<uint32_t> bits(const Vec4& v) { return {bits(v.x), bits(v.y), bits(v.z), bits(v.w)}; }

TEST(VertexFormat, Float32KeepsValuesAndFillsMissing) {
  EXPECT_EQ(dec(F::R32G32B32A32_FLOAT, le<float>({1.5f, -2, 3, 4})), (Vec4{1.5f, -2, 3, 4}));
  EXPECT_EQ(dec(F::R32G32B32_FLOAT, le<float>({1.5f, -2, 3})), (Vec4{1.5f, -2, 3, 1}));
  EXPECT_EQ(dec(F::R32G32_FLOAT, le<float>({1.5f, -2})), (Vec4{1.5f, -2, 0, 1}));
  EXPECT_EQ(dec(F::R32_FLOAT, le<float>({-0.25f})), (Vec4{-0.25f, 0, 0, 1}));
}

TEST(VertexFormat, Float16IsExact) {
  // 0x3C00 = 1, 0xC000 = -2, 0x3555 = 0.333251953125, 0x0001 = 2^-24 (subnormal).
  EXPECT_EQ(dec(F::R16G16B16A16_FLOAT, le<uint16_t>({0x3C00, 0xC000, 0x3555, 0x0001})),
            (Vec4{1, -2, 0.333251953125f, 5.9604644775390625e-8f}));
  EXPECT_EQ(dec(F::R16G16_FLOAT, le<uint16_t>({0x3800, 0x7BFF})), (Vec4{0.5f, 65504, 0, 1}));
  EXPECT_EQ(dec(F::R16_FLOAT, le<uint16_t>({0xBC00})), (Vec4{-1, 0, 0, 1}));
}

TEST(VertexFormat, UnormDividesByTheMaximum) {
  EXPECT_EQ(dec(F::R8G8B8A8_UNORM, {0, 51, 128, 255}), (Vec4{0, 51 / 255.0f, 128 / 255.0f, 1}));
  EXPECT_EQ(dec(F::R8G8_UNORM, {255, 1}), (Vec4{1, 1 / 255.0f, 0, 1}));
  EXPECT_EQ(dec(F::R8_UNORM, {0xf0}), (Vec4{240 / 255.0f, 0, 0, 1}));
  EXPECT_EQ(dec(F::R16G16B16A16_UNORM, le<uint16_t>({0, 1, 32768, 65535})),
            (Vec4{0, 1 / 65535.0f, 32768 / 65535.0f, 1}));
  EXPECT_EQ(dec(F::R16G16_UNORM, le<uint16_t>({65535, 0})), (Vec4{1, 0, 0, 1}));
  EXPECT_EQ(dec(F::R16_UNORM, le<uint16_t>({13107})), (Vec4{0.2f, 0, 0, 1}));
}

TEST(VertexFormat, BgraSwapsRedAndBlue) {
  // Memory order B, G, R, A.
  EXPECT_EQ(dec(F::B8G8R8A8_UNORM, {255, 128, 0, 51}), (Vec4{0, 128 / 255.0f, 1, 51 / 255.0f}));
}

TEST(VertexFormat, SnormClampsTheMostNegativeValue) {
  // -128 and -127 both give -1.0; 127 gives 1; 64 gives 64/127.
  EXPECT_EQ(dec(F::R8G8B8A8_SNORM, {0x80, 0x81, 0x7F, 0x40}), (Vec4{-1, -1, 1, 64 / 127.0f}));
  EXPECT_EQ(dec(F::R8G8_SNORM, {0x80, 0x00}), (Vec4{-1, 0, 0, 1}));
  EXPECT_EQ(dec(F::R8_SNORM, {0xFF}), (Vec4{-1 / 127.0f, 0, 0, 1}));
  EXPECT_EQ(dec(F::R16G16B16A16_SNORM, le<int16_t>({-32768, -32767, 32767, 16384})),
            (Vec4{-1, -1, 1, 16384 / 32767.0f}));
  EXPECT_EQ(dec(F::R16G16_SNORM, le<int16_t>({-32768, -1})), (Vec4{-1, -1 / 32767.0f, 0, 1}));
  EXPECT_EQ(dec(F::R16_SNORM, le<int16_t>({-32767})), (Vec4{-1, 0, 0, 1}));
}

TEST(VertexFormat, UintGivesIntegerBitsAndAnIntegerOne) {
  EXPECT_EQ(bits(dec(F::R32G32B32A32_UINT, le<uint32_t>({0, 7, 0xFFFFFFFF, 0x3F800000}))),
            (std::vector<uint32_t>{0, 7, 0xFFFFFFFF, 0x3F800000}));
  EXPECT_EQ(bits(dec(F::R32G32B32_UINT, le<uint32_t>({1, 2, 3}))),
            (std::vector<uint32_t>{1, 2, 3, 1}));
  EXPECT_EQ(bits(dec(F::R32G32_UINT, le<uint32_t>({5, 6}))), (std::vector<uint32_t>{5, 6, 0, 1}));
  EXPECT_EQ(bits(dec(F::R32_UINT, le<uint32_t>({42}))), (std::vector<uint32_t>{42, 0, 0, 1}));
  EXPECT_EQ(bits(dec(F::R16G16B16A16_UINT, le<uint16_t>({0, 1, 65535, 300}))),
            (std::vector<uint32_t>{0, 1, 65535, 300}));
  EXPECT_EQ(bits(dec(F::R16G16_UINT, le<uint16_t>({65535, 2}))),
            (std::vector<uint32_t>{65535, 2, 0, 1}));
  EXPECT_EQ(bits(dec(F::R16_UINT, le<uint16_t>({9}))), (std::vector<uint32_t>{9, 0, 0, 1}));
  EXPECT_EQ(bits(dec(F::R8G8B8A8_UINT, {0, 1, 128, 255})), (std::vector<uint32_t>{0, 1, 128, 255}));
  EXPECT_EQ(bits(dec(F::R8G8_UINT, {200, 3})), (std::vector<uint32_t>{200, 3, 0, 1}));
  EXPECT_EQ(bits(dec(F::R8_UINT, {255})), (std::vector<uint32_t>{255, 0, 0, 1}));
}

TEST(VertexFormat, SintSignExtends) {
  EXPECT_EQ(bits(dec(F::R32G32B32A32_SINT, le<int32_t>({-1, 2, -2147483647 - 1, 0}))),
            (std::vector<uint32_t>{0xFFFFFFFF, 2, 0x80000000, 0}));
  EXPECT_EQ(bits(dec(F::R32G32B32_SINT, le<int32_t>({-3, 0, 3}))),
            (std::vector<uint32_t>{0xFFFFFFFD, 0, 3, 1}));
  EXPECT_EQ(bits(dec(F::R32G32_SINT, le<int32_t>({-5, 5}))),
            (std::vector<uint32_t>{0xFFFFFFFB, 5, 0, 1}));
  EXPECT_EQ(bits(dec(F::R32_SINT, le<int32_t>({-7}))),
            (std::vector<uint32_t>{0xFFFFFFF9, 0, 0, 1}));
  EXPECT_EQ(bits(dec(F::R16G16B16A16_SINT, le<int16_t>({-32768, -1, 32767, 0}))),
            (std::vector<uint32_t>{0xFFFF8000, 0xFFFFFFFF, 32767, 0}));
  EXPECT_EQ(bits(dec(F::R16G16_SINT, le<int16_t>({-2, 2}))),
            (std::vector<uint32_t>{0xFFFFFFFE, 2, 0, 1}));
  EXPECT_EQ(bits(dec(F::R16_SINT, le<int16_t>({-300}))),
            (std::vector<uint32_t>{0xFFFFFED4, 0, 0, 1}));
  EXPECT_EQ(bits(dec(F::R8G8B8A8_SINT, {0x80, 0xFF, 0x7F, 0x01})),
            (std::vector<uint32_t>{0xFFFFFF80, 0xFFFFFFFF, 127, 1}));
  EXPECT_EQ(bits(dec(F::R8G8_SINT, {0xFE, 0x02})), (std::vector<uint32_t>{0xFFFFFFFE, 2, 0, 1}));
  EXPECT_EQ(bits(dec(F::R8_SINT, {0x80})), (std::vector<uint32_t>{0xFFFFFF80, 0, 0, 1}));
}

TEST(VertexFormat, TenTenTenTwo) {
  // r = 1023, g = 0, b = 512, a = 1: bits 0-9, 10-19, 20-29, 30-31.
  const uint32_t w = 1023u | (0u << 10) | (512u << 20) | (1u << 30);
  EXPECT_EQ(dec(F::R10G10B10A2_UNORM, le<uint32_t>({w})), (Vec4{1, 0, 512 / 1023.0f, 1 / 3.0f}));
  EXPECT_EQ(bits(dec(F::R10G10B10A2_UINT, le<uint32_t>({w}))),
            (std::vector<uint32_t>{1023, 0, 512, 1}));
}

TEST(VertexFormat, InfoOfEveryFormat) {
  EXPECT_EQ(api::vertex_format_info(F::R32G32B32_FLOAT).bytes, 12);
  EXPECT_EQ(api::vertex_format_info(F::R16G16B16A16_SNORM).bytes, 8);
  EXPECT_EQ(api::vertex_format_info(F::R8_UINT).bytes, 1);
  EXPECT_EQ(api::vertex_format_info(F::R10G10B10A2_UNORM).component_bytes, 4);
  EXPECT_EQ(api::vertex_format_info(F::R8G8_SNORM).components, 2);
}

// D3D10_APPEND_ALIGNED_ELEMENT: after the previous element of the same slot, aligned up to
// the element's component size (Wine's test_instance_id: a byte, then a float at 4).
TEST(InputLayout, AppendAlignedFollowsThePreviousElementOfItsSlot) {
  api::InputLayout l;
  auto add = [&](const char* name, F f, uint32_t slot, uint32_t offset) {
    api::InputElement e;
    e.semantic_name = name;
    e.format = f;
    e.input_slot = slot;
    e.aligned_byte_offset = offset;
    l.elements.push_back(e);
  };
  add("A", F::R8_UNORM, 1, api::kAppendAligned);
  add("B", F::R32G32B32A32_FLOAT, 0, api::kAppendAligned);
  add("C", F::R32_FLOAT, 1, api::kAppendAligned);
  add("D", F::R16_UINT, 0, 20);
  add("E", F::R8G8_UNORM, 0, api::kAppendAligned);
  add("F", F::R16_SNORM, 0, api::kAppendAligned);
  EXPECT_EQ(api::resolve_input_layout(l), (std::vector<uint32_t>{0, 0, 4, 20, 22, 24}));
}

}  // namespace
}  // namespace gfx::func
