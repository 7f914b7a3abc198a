// The D3D10 input-layout commands on their own: CreateInputLayout's rules (trace/
// check_d3d10_layout.cpp, api/input_layout.h) with the exact field and message, the binary
// form of the element list (a truncated or hostile count is refused before allocation, a
// bad enum is named with its element), and the whole-stream checks of validate.
#include <gtest/gtest.h>

#include <string>

#include "trace/binary_codec.h"
#include "trace/check.h"
#include "trace/validate.h"

namespace gfx::trace {
namespace {

std::string problem(const Command& c) {
  try {
    check_command(c);
  } catch (const FieldError& e) {
    return e.field() + ": " + e.what();
  }
  return "";
}

api::InputElement element(const char* name, uint32_t index, api::VertexFormat f, uint32_t slot,
                          uint32_t offset = api::kAppendAligned) {
  api::InputElement e;
  e.semantic_name = name;
  e.semantic_index = index;
  e.format = f;
  e.input_slot = slot;
  e.aligned_byte_offset = offset;
  return e;
}

CreateInputLayout layout_of(std::vector<api::InputElement> elements) {
  auto l = std::make_shared<api::InputLayout>();
  l->elements = std::move(elements);
  return CreateInputLayout{3, 10, l};
}

using F = api::VertexFormat;

TEST(D3D10Layout, CreateInputLayoutRules) {
  auto per_instance = [](api::InputElement e, uint32_t rate) {
    e.input_slot_class = api::InputClass::PerInstance;
    e.instance_data_step_rate = rate;
    return e;
  };
  EXPECT_EQ(problem(layout_of({element("POSITION", 0, F::R32G32B32_FLOAT, 0),
                               per_instance(element("COLOR", 0, F::R8G8B8A8_UNORM, 1), 0)})),
            "");
  auto bad = layout_of({element("POSITION", 0, F::R32G32B32_FLOAT, 0)});
  bad.id = 0;
  EXPECT_EQ(problem(bad), "id: input layout id 0 stands for no layout (set_input_layout)");
  bad = layout_of({element("POSITION", 0, F::R32G32B32_FLOAT, 0)});
  bad.shader = 0;
  EXPECT_EQ(problem(bad),
            "shader: an input layout is created against a vertex shader's input signature; "
            "shader 0 has none");
  auto step = element("POSITION", 0, F::R32G32B32_FLOAT, 0);
  step.instance_data_step_rate = 1;
  EXPECT_EQ(problem(layout_of({step})),
            "elements: element 0 (POSITION0): per-vertex data needs an instance data step rate "
            "of 0, got 1");
  EXPECT_EQ(problem(layout_of({element("A", 0, F::R8_UNORM, 0), element("B", 0, F::R8_UNORM, 16)})),
            "elements: element 1 (B0): input slot 16 is beyond D3D10's slots 0..15");
  EXPECT_EQ(problem(layout_of({element("a", 1, F::R8_UNORM, 0), element("A", 1, F::R8_UNORM, 1)})),
            "elements: element 1 (A1): the semantic is given twice (element 0)");
  // "COLOR" 10 and "COLOR1" 0 are different semantics.
  EXPECT_EQ(problem(layout_of(
                {element("COLOR", 10, F::R8_UNORM, 0), element("COLOR1", 0, F::R8_UNORM, 0)})),
            "");
  EXPECT_EQ(problem(layout_of({element("A", 0, F::R16G16_FLOAT, 0, 6)})), "");
  EXPECT_EQ(problem(layout_of({element("A", 0, F::R16G16_FLOAT, 0, 5)})),
            "elements: element 0 (A0): offset 5 is not a multiple of 2 bytes, the alignment of "
            "r16g16_float");
  EXPECT_EQ(problem(layout_of({element("A", 0, F::R32G32B32A32_FLOAT, 0, 2032)})), "");
  EXPECT_EQ(problem(layout_of({element("A", 0, F::R32G32B32A32_FLOAT, 0, 2036)})),
            "elements: element 0 (A0): offset 2036 + 16 bytes runs past D3D10's 2048-byte vertex");
  EXPECT_EQ(problem(layout_of({element("", 0, F::R8_UNORM, 0)})),
            "elements: element 0 (0): has no semantic name");
  EXPECT_EQ(problem(layout_of({element("A", 0, F::R8_UNORM, 1),
                               per_instance(element("B", 0, F::R8_UNORM, 1), 1)})),
            "elements: element 1 (B0): slot 1 holds per_vertex data (element 0); one slot has "
            "one class");
  EXPECT_EQ(problem(layout_of({per_instance(element("A", 0, F::R8_UNORM, 1), 1),
                               per_instance(element("B", 0, F::R8_UNORM, 1), 2)})),
            "elements: element 1 (B0): step rate 2 differs from slot 1's 1 (element 0); the "
            "model steps a slot as a whole (not modelled)");
  std::vector<api::InputElement> many;
  for (uint32_t i = 0; i < 17; ++i) many.push_back(element("T", i, F::R8_UNORM, 0));
  EXPECT_EQ(problem(layout_of(many)), "elements: 17 elements; D3D10 input layouts hold at most 16");
}

TEST(D3D10Layout, BinaryFormRoundTripsAndRefusesBadPayloads) {
  auto e = element("Color", 2, F::R16G16B16A16_SNORM, 3, 8);
  e.input_slot_class = api::InputClass::PerInstance;
  e.instance_data_step_rate = 4;
  const Command in = layout_of({element("POSITION", 0, F::R32G32B32_FLOAT, 0), e});
  std::vector<uint8_t> bytes;
  binary::encode(in, bytes);
  Command out;
  binary::decode(in.index(), bytes.data(), bytes.size(), out);
  const auto& l = std::get<CreateInputLayout>(out);
  EXPECT_EQ(l.id, 3u);
  EXPECT_EQ(l.shader, 10u);
  ASSERT_EQ(l.layout->elements.size(), 2u);
  const api::InputElement& got = l.layout->elements[1];
  EXPECT_EQ(got.semantic_name, "Color");
  EXPECT_EQ(got.semantic_index, 2u);
  EXPECT_EQ(got.format, F::R16G16B16A16_SNORM);
  EXPECT_EQ(got.input_slot, 3u);
  EXPECT_EQ(got.aligned_byte_offset, 8u);
  EXPECT_EQ(got.input_slot_class, api::InputClass::PerInstance);
  EXPECT_EQ(got.instance_data_step_rate, 4u);
  EXPECT_EQ(l.layout->elements[0].aligned_byte_offset, api::kAppendAligned);

  // A count of 2^32 - 1 elements in a short payload: refused before any allocation.
  std::vector<uint8_t> hostile(bytes.begin(), bytes.begin() + 8);
  for (int i = 0; i < 4; ++i) hostile.push_back(0xFF);
  try {
    binary::decode(in.index(), hostile.data(), hostile.size(), out);
    FAIL() << "no error";
  } catch (const FieldError& err) {
    EXPECT_EQ(err.field(), "elements");
    EXPECT_NE(std::string(err.what()).find("payload ends early"), std::string::npos) << err.what();
  }
  // A format byte that is no DXGI vertex format, named with its element.
  std::vector<uint8_t> bad = bytes;
  const std::size_t format_at = bytes.size() - 14;  // u8 format, u32 slot, offset, u8, u32
  bad[format_at] = 29;                              // R8G8B8A8_UNORM_SRGB: not a vertex format
  binary::decode(in.index(), bad.data(), bad.size(), out);
  try {
    check_command(out);
    FAIL() << "no error";
  } catch (const FieldError& err) {
    EXPECT_EQ(err.field(), "elements[1].format");
    EXPECT_STREQ(err.what(), "invalid value 29");
  }
}

std::string invalid(const std::vector<Command>& commands) {
  Validator v;
  try {
    for (const Command& c : commands) v.command(c);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(D3D10Layout, ValidateChecksIdsAndTheSlotsADrawReads) {
  auto vs = std::make_shared<api::Shader>();
  auto vb = std::make_shared<api::Buffer>();
  vb->bytes.resize(48);  // 3 vertices of 16 bytes, or 12 per-instance elements of 4
  auto per_instance = element("COLOR", 0, F::R8G8B8A8_UNORM, 1, 0);
  per_instance.input_slot_class = api::InputClass::PerInstance;
  per_instance.instance_data_step_rate = 2;
  const Command create_vs = CreateShader{10, vs};
  const Command create_vb = CreateVertexBuffer{1, vb};
  const Command layout =
      layout_of({element("POSITION", 0, F::R32G32B32A32_FLOAT, 0), per_instance});
  const Command bind = SetInputLayout{3};
  const Command slot0 = SetStreamSource{0, {1, 0, 16}};
  const Command slot1 = SetStreamSource{1, {1, 0, 4}};
  DrawInstanced draw{api::Topology::TriangleList, 3, 24, 0, 0};  // instances 0..23 read 0..11

  EXPECT_EQ(invalid({layout}),
            "create_input_layout: shader 10 was never created or has been released");
  EXPECT_EQ(invalid({create_vs, SetInputLayout{4}}),
            "set_input_layout: input layout 4 was never created");
  EXPECT_EQ(invalid({create_vs, create_vb, layout, bind, slot0, slot1, draw}), "");
  draw.instance_count = 25;  // instance 24 reads element 12
  EXPECT_EQ(invalid({create_vs, create_vb, layout, bind, slot0, slot1, draw}),
            "draw_instanced: per-instance data: vertices 0..12 of stream 1 need 52 bytes of "
            "vertex buffer 1, which has 48");
  draw.instance_count = 1;
  draw.vertex_count_per_instance = 4;  // vertex 3 of slot 0
  EXPECT_EQ(invalid({create_vs, create_vb, layout, bind, slot0, slot1, draw}),
            "draw_instanced: vertices 0..3 of stream 0 need 64 bytes of vertex buffer 1, which "
            "has 48");
  EXPECT_EQ(invalid({create_vs, create_vb, layout, bind, slot0, Command(draw)}),
            "draw_instanced: per-instance data: the input layout reads stream 1, which has no "
            "vertex buffer");
}

}  // namespace
}  // namespace gfx::trace
