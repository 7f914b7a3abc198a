// The golden table of d3d-semantics.md §4.2 (Wine's test_vertex_id) again, with a shader
// model 4 vertex program reading SV_VertexID and SV_InstanceID through dcl_input_sgv, as a
// trace's sm4_asm shader reaches the pipeline: assembled, wrapped in a container, read back
// (d3d10/trace_shader.h) and translated (d3d10/translate.h). The program converts
// (ID, SV_InstanceID, SV_VertexID), all uints, to floats in the varying TEXCOORD1.
// system_values_ia_test.cpp holds the same table with the D3D9 asm extensions.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <memory>
#include <vector>

#include "d3d10/trace_shader.h"
#include "d3d10/translate.h"
#include "func/geom/instance_walk.h"
#include "func/pipeline/stages.h"
#include "vertex_id_golden.h"

namespace gfx::func {
namespace sm4_system_values {

using test::Triple;

constexpr char kVertexShader[] =
    "vs_4_0\n"
    "dcl_input v0.x\n"
    "dcl_input_sgv v1.x, vertex_id\n"
    "dcl_input_sgv v2.x, instance_id\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "mov o0.xyzw, l(0, 0, 0, 1.000000)\n"
    "utof o1.x, v0.x\n"
    "utof o1.y, v2.x\n"
    "utof o1.z, v1.x\n"
    "mov o1.w, l(0)\n"
    "ret\n";

std::shared_ptr<const Program> program() {
  api::Shader src;
  src.stage = api::ShaderStage::Vertex;
  src.format = api::ShaderFormat::Sm4Asm;
  src.data.assign(kVertexShader, kVertexShader + sizeof kVertexShader - 1);
  return std::make_shared<const Program>(
      d3d10::translate(d3d10::load_trace_shader(src, "vertex shader 1"), "vertex shader 1"));
}

struct Sm4Draw {
  DrawContext d;
  std::shared_ptr<api::VertexDeclaration> decl = std::make_shared<api::VertexDeclaration>();
  std::shared_ptr<api::Buffer> ids = std::make_shared<api::Buffer>();
  std::shared_ptr<api::IndexBuffer> indices = std::make_shared<api::IndexBuffer>();

  Sm4Draw() {
    // Wine's vertex buffer of uint IDs (R32_UINT), and its index buffer.
    const uint32_t id_values[12] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 5, 6, 7};
    ids->bytes.resize(sizeof id_values);
    std::memcpy(ids->bytes.data(), id_values, sizeof id_values);
    const uint16_t idx[6] = {6, 7, 8, 0, 1, 2};
    indices->format = api::Format::Index16;
    indices->bytes.resize(sizeof idx);
    std::memcpy(indices->bytes.data(), idx, sizeof idx);
    // The assembled input v0 is ATTRIB0, which binds to texcoord0; float1 moves its bits.
    decl->elements.push_back({0, 0, api::DeclType::Float1, api::DeclUsage::TexCoord, 0});
    const auto p = program();
    d.api = api::DrawApi::D3D10;
    d.declaration = decl;
    d.streams[0] = {ids.get(), 0, 4};
    d.indices = indices;
    d.vertex_program = p;
    d.fetch_plan = make_fetch_plan(*decl, p->inputs);
  }

  // Every vertex reference of every instance, in order, as the shader saw it.
  std::vector<Triple> run() {
    std::vector<Triple> out;
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
      for (uint32_t r : walk.refs) {
        const Vec4 v = shaded[r].var[int(Varying::Attr1)];  // SM4 o1 links by register
        out.push_back({uint32_t(v.x), uint32_t(v.y), uint32_t(v.z)});
      }
    }
    return out;
  }
};

TEST(SystemValuesSm4, WineVertexIdTable) {
  for (const test::VertexIdCase& c : test::wine_vertex_id_table()) {
    Sm4Draw t;
    c.apply(t.d);
    EXPECT_EQ(t.run(), c.expected) << c.what;
  }
}

}  // namespace sm4_system_values
}  // namespace gfx::func
