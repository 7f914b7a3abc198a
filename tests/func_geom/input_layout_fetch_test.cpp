// Vertex fetch through a D3D10 input layout (func::make_fetch_plan of a layout), with an
// SM4 vertex program as a trace's sm4_asm shader reaches the pipeline: per-instance slots of
// instance data step rates 0, 1 and 2 (the element instance i reads is start_instance +
// i / rate, and the first one for rate 0), and Wine's test_vertex_id table read as R32_UINT
// (integer bits, no float conversion) through the layout.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <memory>
#include <vector>

#include "common/error.h"
#include "d3d10/trace_shader.h"
#include "d3d10/translate.h"
#include "func/geom/instance_walk.h"
#include "func/pipeline/stages.h"
#include "vertex_id_golden.h"

namespace gfx::func {
namespace layout_fetch {

// ATTRIB0 (per-vertex ID), ATTRIB1..3 (per-instance, rates 0, 1, 2) and SV_InstanceID,
// all uints, converted to floats in o1 and o2.
constexpr char kVertexShader[] =
    "vs_4_0\n"
    "dcl_input v0.x\n"
    "dcl_input v1.x\n"
    "dcl_input v2.x\n"
    "dcl_input v3.x\n"
    "dcl_input_sgv v4.x, instance_id\n"
    "dcl_input_sgv v5.x, vertex_id\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_output o2.xyzw\n"
    "mov o0.xyzw, l(0, 0, 0, 1.000000)\n"
    "utof o1.x, v1.x\n"
    "utof o1.y, v2.x\n"
    "utof o1.z, v3.x\n"
    "utof o1.w, v4.x\n"
    "utof o2.x, v0.x\n"
    "utof o2.y, v4.x\n"
    "utof o2.z, v5.x\n"
    "mov o2.w, l(0)\n"
    "ret\n";

std::shared_ptr<const Program> program() {
  api::Shader src;
  src.stage = api::ShaderStage::Vertex;
  src.format = api::ShaderFormat::Sm4Asm;
  src.data.assign(kVertexShader, kVertexShader + sizeof kVertexShader - 1);
  return std::make_shared<const Program>(
      d3d10::translate(d3d10::load_trace_shader(src, "vertex shader 1"), "vertex shader 1"));
}

std::shared_ptr<api::Buffer> uints(std::vector<uint32_t> v) {
  auto b = std::make_shared<api::Buffer>();
  b->bytes.resize(4 * v.size());
  std::memcpy(b->bytes.data(), v.data(), b->bytes.size());
  return b;
}

api::InputElement element(uint32_t index, uint32_t slot, uint32_t rate, bool per_instance) {
  api::InputElement e;
  e.semantic_name = "attrib";  // the assembled container's ATTRIB<n>, in another case
  e.semantic_index = index;
  e.format = api::VertexFormat::R32_UINT;
  e.input_slot = slot;
  e.input_slot_class = per_instance ? api::InputClass::PerInstance : api::InputClass::PerVertex;
  e.instance_data_step_rate = rate;
  return e;
}

struct LayoutDraw {
  DrawContext d;
  api::InputLayout layout;
  std::vector<std::shared_ptr<api::Buffer>> buffers;
  std::shared_ptr<api::IndexBuffer> indices = std::make_shared<api::IndexBuffer>();

  LayoutDraw() {
    // Wine's test_vertex_id IDs per vertex; 100+, 200+, 300+ per instance.
    buffers = {uints({0, 1, 2, 3, 4, 5, 6, 7, 8, 5, 6, 7}),
               uints({100, 101, 102, 103, 104, 105, 106, 107, 108, 109}),
               uints({200, 201, 202, 203, 204, 205, 206, 207, 208, 209}),
               uints({300, 301, 302, 303, 304, 305, 306, 307, 308, 309})};
    const uint16_t idx[6] = {6, 7, 8, 0, 1, 2};
    indices->format = api::Format::Index16;
    indices->bytes.resize(sizeof idx);
    std::memcpy(indices->bytes.data(), idx, sizeof idx);
    layout.elements = {element(0, 0, 0, false), element(1, 1, 0, true), element(2, 2, 1, true),
                       element(3, 3, 2, true)};
    const auto p = program();
    d.api = api::DrawApi::D3D10;
    d.indices = indices;
    d.vertex_program = p;
    d.fetch_plan = make_fetch_plan(layout, api::resolve_input_layout(layout), p->input_semantics);
    for (unsigned s = 0; s < 4; ++s) {
      d.streams[s] = {buffers[s].get(), 0, 4};
      // The driver's reading of the layout (driver/d3d10_input_layout.cpp).
      d.per_instance[s] = layout.elements[s].input_slot_class == api::InputClass::PerInstance;
      d.instance_divisor[s] = layout.elements[s].instance_data_step_rate;
    }
  }

  // Varying `v` of every vertex reference of every instance, in order.
  std::vector<Vec4> run(Varying v) {
    std::vector<Vec4> out;
    VertexDedup dedup;
    InstanceWalk walk;
    Warp w;
    for (uint32_t inst = 0; inst < d.instance_count; ++inst) {
      walk_instance(d, dedup, walk);
      std::vector<ShadedVertex> shaded(walk.fetch.size());
      for (size_t b = 0; b < shaded.size(); b += kMaxLanes) {
        const int n = int(std::min<size_t>(kMaxLanes, shaded.size() - b));
        shade_vertices(d, &walk.fetch[b], n, w, &shaded[b], nullptr, nullptr, inst);
      }
      for (uint32_t r : walk.refs) out.push_back(shaded[r].var[int(v)]);
    }
    return out;
  }
};

// (rate-0 element, rate-1 element, rate-2 element, SV_InstanceID) of instance i.
Vec4 expected(uint32_t start, uint32_t i) {
  return {float(100 + start), float(200 + start + i), float(300 + start + i / 2), float(i)};
}

TEST(InputLayoutFetch, StepRatesZeroOneTwo) {
  for (uint32_t start : {0u, 3u}) {
    LayoutDraw t;
    t.d.count = 3;  // DrawInstanced(3, 5, 0, start)
    t.d.instance_count = 5;
    t.d.start_instance = start;
    const std::vector<Vec4> got = t.run(Varying::Attr1);
    ASSERT_EQ(got.size(), 15u);
    for (uint32_t i = 0; i < 5; ++i)
      for (uint32_t v = 0; v < 3; ++v)
        EXPECT_EQ(got[3 * i + v], expected(start, i))
            << "start instance " << start << ", instance " << i << ", vertex " << v;
  }
}

TEST(InputLayoutFetch, WineVertexIdTableThroughR32Uint) {
  for (const test::VertexIdCase& c : test::wine_vertex_id_table()) {
    LayoutDraw t;
    c.apply(t.d);
    std::vector<test::Triple> got;
    for (const Vec4& v : t.run(Varying::Attr2))
      got.push_back({uint32_t(v.x), uint32_t(v.y), uint32_t(v.z)});
    EXPECT_EQ(got, c.expected) << c.what;
  }
}

TEST(InputLayoutFetch, AnInputTheLayoutDoesNotGiveIsAnError) {
  LayoutDraw t;
  t.layout.elements.pop_back();  // ATTRIB3
  try {
    make_fetch_plan(t.layout, api::resolve_input_layout(t.layout),
                    t.d.vertex_program->input_semantics);
    FAIL() << "no error";
  } catch (const gfx::Error& e) {
    EXPECT_STREQ(e.what(), "reads ATTRIB3 (v3), which the input layout does not give");
  }
}

}  // namespace layout_fetch
}  // namespace gfx::func
