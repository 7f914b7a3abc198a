// The D3D10 system values as the functional input assembler generates them, checked with
// a real vertex program (asm with the dcl_vertexid / dcl_instanceid extensions) that copies
// (ID, SV_InstanceID, SV_VertexID) to a varying, the way Wine's test_vertex_id streams
// them out: the golden table of d3d-semantics.md §4.2, the instanced strip-with-adjacency
// example of the D3D10 system-value documentation, per-instance streams, and the 2^32 wrap.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <memory>
#include <vector>

#include "d3d9/assembler.h"
#include "d3d9/translate.h"
#include "func/geom/instance_walk.h"
#include "func/geom/primitive_assembly.h"
#include "func/pipeline/stages.h"
#include "vertex_id_golden.h"

namespace gfx::func {
namespace {

using test::Triple;

std::shared_ptr<api::Buffer> floats(const std::vector<float>& v) {
  auto b = std::make_shared<api::Buffer>();
  b->bytes.resize(v.size() * 4);
  std::memcpy(b->bytes.data(), v.data(), b->bytes.size());
  return b;
}

struct Draw {
  DrawContext d;
  std::shared_ptr<api::VertexDeclaration> decl = std::make_shared<api::VertexDeclaration>();
  std::shared_ptr<api::Buffer> ids = floats({0, 1, 2, 3, 4, 5, 6, 7, 8, 5, 6, 7});
  std::shared_ptr<api::IndexBuffer> indices = std::make_shared<api::IndexBuffer>();

  // `instance_ids`: also read texcoord1 from a per-instance stream 1 into o1.w.
  explicit Draw(bool instance_data = false) {
    const char* vs =
        instance_data
            ? "vs_3_0\ndef c0, 0, 0, 0, 1\ndcl_texcoord0 v0\ndcl_texcoord1 v3\ndcl_vertexid v1\n"
              "dcl_instanceid v2\ndcl_position o0\ndcl_texcoord0 o1\nmov o0, c0\nmov o1.x, v0.x\n"
              "mov o1.y, v2.x\nmov o1.z, v1.x\nmov o1.w, v3.x\n"
            : "vs_3_0\ndef c0, 0, 0, 0, 1\ndcl_texcoord0 v0\ndcl_vertexid v1\ndcl_instanceid v2\n"
              "dcl_position o0\ndcl_texcoord0 o1\nmov o0, c0\nmov o1.x, v0.x\nmov o1.y, v2.x\n"
              "mov o1.z, v1.x\n";
    auto p = std::make_shared<Program>(d3d9::translate(d3d9::parse_asm(vs)));
    decl->elements.push_back({0, 0, api::DeclType::Float1, api::DeclUsage::TexCoord, 0});
    if (instance_data)
      decl->elements.push_back({1, 0, api::DeclType::Float1, api::DeclUsage::TexCoord, 1});
    indices->format = api::Format::Index16;
    const uint16_t idx[6] = {6, 7, 8, 0, 1, 2};
    indices->bytes.resize(sizeof idx);
    std::memcpy(indices->bytes.data(), idx, sizeof idx);
    d.api = api::DrawApi::D3D10;
    d.declaration = decl;
    d.streams[0] = {ids.get(), 0, 4};
    d.indices = indices;
    d.vertex_program = p;
    d.fetch_plan = make_fetch_plan(*decl, p->inputs);
  }

  // Every vertex reference of every instance, in order, as the shader saw it; the
  // primitives' (PrimitiveID, InstanceID) in `prims`; o1.w per reference in `extra`.
  std::vector<Triple> run(std::vector<std::array<uint32_t, 2>>* prims = nullptr,
                          std::vector<float>* extra = nullptr) {
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
      PrimitiveAssembler pa(d.topology);
      Primitive p;
      for (uint32_t r : walk.refs) {
        if (r == InstanceWalk::kCut) {
          pa.cut();
          continue;
        }
        const Vec4 v = shaded[r].var[int(Varying::TexCoord0)];
        out.push_back({uint32_t(v.x), uint32_t(v.y), uint32_t(v.z)});
        if (extra) extra->push_back(v.w);
        if (pa.push(r, p) && prims)
          prims->push_back({p.id, uint32_t(shaded[p.v[0]].var[int(Varying::TexCoord0)].y)});
      }
    }
    return out;
  }
};

TEST(SystemValuesIa, WineVertexIdTable) {
  for (const test::VertexIdCase& c : test::wine_vertex_id_table()) {
    Draw t;
    c.apply(t.d);
    EXPECT_EQ(t.run(), c.expected) << c.what;
  }
}

TEST(SystemValuesIa, InstancedTriangleStripWithAdjacencyExample) {
  // The D3D10 documentation's example: a 10-vertex strip with adjacency, 2 instances.
  Draw t;
  t.ids = floats({0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  t.d.streams[0] = {t.ids.get(), 0, 4};
  t.d.topology = api::Topology::TriangleStripAdj;
  t.d.count = 10;
  t.d.instance_count = 2;
  std::vector<std::array<uint32_t, 2>> prims;
  const auto refs = t.run(&prims);
  ASSERT_EQ(refs.size(), 20u);
  for (uint32_t i = 0; i < 20; ++i) {
    EXPECT_EQ(refs[i][2], i % 10) << "VertexID of reference " << i;
    EXPECT_EQ(refs[i][1], i / 10) << "InstanceID of reference " << i;
  }
  EXPECT_EQ(prims,
            (std::vector<std::array<uint32_t, 2>>{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}}));
}

TEST(SystemValuesIa, PerInstanceStreamStepsByDivisorFromStartInstance) {
  Draw t(true);
  auto per_instance = floats({10, 11, 12, 13});
  t.d.streams[1] = {per_instance.get(), 0, 4};
  t.d.per_instance[1] = true;
  t.d.instance_divisor[1] = 2;
  t.d.count = 1;
  t.d.instance_count = 5;
  t.d.start_instance = 1;
  std::vector<float> extra;
  const auto refs = t.run(nullptr, &extra);
  // Elements 1 + instance / 2: 1, 1, 2, 2, 3; InstanceID still counts from 0.
  EXPECT_EQ(extra, (std::vector<float>{11, 11, 12, 12, 13}));
  for (uint32_t i = 0; i < 5; ++i) EXPECT_EQ(refs[i][1], i);
}

TEST(SystemValuesIa, StripCutIsD3D10Only) {
  Draw t;
  const uint16_t idx[7] = {0, 1, 2, 0xFFFF, 3, 4, 5};
  t.indices->bytes.resize(sizeof idx);
  std::memcpy(t.indices->bytes.data(), idx, sizeof idx);
  t.d.indexed = true;
  t.d.count = 7;
  t.d.topology = api::Topology::TriangleStrip;
  std::vector<std::array<uint32_t, 2>> prims;
  t.run(&prims);
  EXPECT_EQ(prims.size(), 2u);   // 0-1-2 and 3-4-5
  t.d.api = api::DrawApi::D3D9;  // 0xFFFF is an ordinary index (reads past the buffer)
  prims.clear();
  t.run(&prims);
  EXPECT_EQ(prims.size(), 5u);
}

TEST(SystemValuesIa, CountersWrapAt2To32) {
  DrawContext d;
  d.indexed = true;
  d.base_vertex = 5;
  EXPECT_EQ(d.fetch_of(0xFFFFFFFEu), 3u);                        // the fetch position wraps
  EXPECT_EQ(d.vertex_id(d.fetch_of(0xFFFFFFFEu)), 0xFFFFFFFEu);  // VertexID stays the index
  d.base_vertex = -2;
  EXPECT_EQ(d.fetch_of(1), 0xFFFFFFFFu);
  EXPECT_EQ(d.vertex_id(0xFFFFFFFFu), 1u);
  d.indexed = false;
  d.first = 0xFFFFFFFFu;
  EXPECT_EQ(d.vertex_id(d.first + 2), 2u);  // start vertex 2^32-1, third vertex
  d.start_instance = 0xFFFFFFFFu;
  d.per_instance[1] = true;
  d.instance_divisor[1] = 1;
  EXPECT_EQ(d.instance_element(1, 0), 0xFFFFFFFFu);
  EXPECT_EQ(d.instance_element(1, 1), 0u);
  d.instance_divisor[1] = 0;  // step rate 0: every instance reads the start element
  EXPECT_EQ(d.instance_element(1, 7), 0xFFFFFFFFu);
}

TEST(SystemValuesIa, IndexPastTheBufferReadsZeroAndIsCounted) {
  Draw t;
  t.d.indexed = true;
  t.d.first = 4;
  t.d.count = 4;  // slots 4, 5 exist (1, 2); 6, 7 lie past the buffer and read index 0
  VertexDedup dedup;
  InstanceWalk walk;
  walk_instance(t.d, dedup, walk);
  EXPECT_EQ(walk.out_of_bounds, 2u);
  EXPECT_EQ(walk.fetch, (std::vector<uint32_t>{1, 2, 0}));
  EXPECT_EQ(walk.refs, (std::vector<uint32_t>{0, 1, 2, 2}));
}

}  // namespace
}  // namespace gfx::func
