// The D3D10 system values a translated vertex program reads (dcl_vertexid / dcl_instanceid)
// as shade_vertices fills them: VertexID is the index value (indexed draws) or the vertex
// number in the instance (non-indexed), InstanceID the instance number passed in.
#include <gtest/gtest.h>

#include <memory>

#include "d3d9/assembler.h"
#include "d3d9/translate.h"
#include "func/pipeline/stages.h"

namespace gfx::d3d9 {
namespace {

struct Fixture {
  func::DrawContext d;
  std::shared_ptr<api::VertexDeclaration> decl = std::make_shared<api::VertexDeclaration>();
  std::shared_ptr<api::Buffer> buffer = std::make_shared<api::Buffer>();

  Fixture() {
    auto p = std::make_shared<func::Program>(translate(
        parse_asm("vs_3_0\ndcl_position v0\ndcl_vertexid v1\ndcl_instanceid v2\ndcl_position o0\n"
                  "dcl_texcoord0 o1\nmov o0, v0\nmov o1.x, v1.x\nmov o1.y, v2.x\n")));
    decl->elements.push_back({0, 0, api::DeclType::Float3, api::DeclUsage::Position, 0});
    buffer->bytes.assign(32 * 12, 0);
    d.declaration = decl;
    d.streams[0] = {buffer.get(), 0, 12};
    d.vertex_program = p;
    d.fetch_plan = func::make_fetch_plan(*decl, p->inputs);
  }

  void shade(const uint32_t* fetch, int n, uint32_t instance, func::ShadedVertex* out) {
    func::Warp w;
    func::shade_vertices(d, fetch, n, w, out, nullptr, nullptr, instance);
  }
};

constexpr int kTc0 = int(func::Varying::TexCoord0);

TEST(SystemValues, NonIndexedVertexIdCountsFromTheFirstVertex) {
  Fixture f;
  f.d.first = 10;
  const uint32_t fetch[3] = {10, 11, 12};
  func::ShadedVertex out[3];
  f.shade(fetch, 3, 3, out);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(out[i].var[kTc0][0], float(i));
    EXPECT_EQ(out[i].var[kTc0][1], 3.0f);
  }
}

TEST(SystemValues, IndexedVertexIdIsTheIndexValue) {
  Fixture f;
  f.d.indexed = true;
  f.d.base_vertex = 5;
  const uint32_t fetch[2] = {5 + 7, 5 + 2};  // indices 7 and 2
  func::ShadedVertex out[2];
  f.shade(fetch, 2, 0, out);
  EXPECT_EQ(out[0].var[kTc0][0], 7.0f);
  EXPECT_EQ(out[1].var[kTc0][0], 2.0f);
  EXPECT_EQ(out[1].var[kTc0][1], 0.0f);
}

}  // namespace
}  // namespace gfx::d3d9
