// The functional renderer walks each instance in windows of index slots, so that a draw of
// any size holds a bounded number of shaded vertices (a billion points used to grow at
// 60 MB/s until bad_alloc). Rendering with windows of 1..13 slots must give exactly the
// pixels and the primitive counts of one window over the whole draw, for every topology
// whose primitives straddle a window edge: strips and fans keep their vertices (and the fan
// centre) across it, cuts and PrimitiveIDs carry on, instances restart.
#include <random>

#include "func/pipeline/renderer.h"
#include "limits_fixture.h"

namespace gfx::test {
namespace {

struct Vertex {
  float x, y, z;
  uint32_t color;
};

class Windows : public ::testing::Test {
 protected:
  Windows() : device_(header()) {
    auto decl = std::make_shared<api::VertexDeclaration>();
    decl->elements.push_back({0, 0, api::DeclType::Float3, api::DeclUsage::Position, 0});
    decl->elements.push_back({0, 12, api::DeclType::D3DColor, api::DeclUsage::Color, 0});
    apply(trace::CreateVertexDeclaration{1, decl});
    apply(trace::SetVertexDeclaration{1});
    std::mt19937 rng(10);
    std::uniform_real_distribution<float> pos(-1.0f, 1.0f), depth(0.1f, 0.9f);
    std::vector<Vertex> v(40);
    for (auto& p : v) p = {pos(rng), pos(rng), depth(rng), uint32_t(rng()) | 0xFF000000u};
    auto vb = std::make_shared<api::Buffer>();
    vb->bytes.resize(v.size() * sizeof(Vertex));
    std::memcpy(vb->bytes.data(), v.data(), vb->bytes.size());
    apply(trace::CreateVertexBuffer{2, vb});
    trace::SetStreamSource s;
    s.source = {2, 0, sizeof(Vertex)};
    apply(s);
    // Indices with reuse across the whole buffer and two strip cuts (D3D10 index32).
    std::vector<uint32_t> idx;
    for (uint32_t i = 0; i < 30; ++i) idx.push_back((i * 7) % 40);
    idx[9] = idx[20] = 0xFFFFFFFFu;
    auto ib = std::make_shared<api::IndexBuffer>();
    ib->format = api::Format::Index32;
    ib->bytes.resize(idx.size() * 4);
    std::memcpy(ib->bytes.data(), idx.data(), ib->bytes.size());
    apply(trace::CreateIndexBuffer{3, ib});
    apply(trace::SetIndices{3});
    trace::SetRenderStates rs;
    rs.states.push_back({api::RenderStateId::CullMode, uint32_t(api::Cull::None)});
    rs.states.push_back({api::RenderStateId::Lighting, 0});
    apply(rs);
  }
  static trace::Header header() {
    trace::Header h;
    h.width = h.height = 48;
    return h;
  }
  void apply(const trace::Command& c) { device_.apply(c, "w.yaml:1"); }

  // Renders `draw` with windows of `window` slots and with one window; both must agree.
  void same_as_one_window(const trace::Command& draw, uint32_t window) {
    apply(draw);
    const func::DrawContext& d = *device_.last_draw();
    func::FunctionalRenderer whole(48, 48, 1u << 20), split(48, 48, window);
    func::clear(whole.target(), 0, 0, 48, 48, api::ClearTarget | api::ClearZBuffer, 0, 1.0f, 0);
    func::clear(split.target(), 0, 0, 48, 48, api::ClearTarget | api::ClearZBuffer, 0, 1.0f, 0);
    const func::DrawCounts a = whole.draw(d), b = split.draw(d);
    const std::string what = std::string(trace::name_of(draw)) + " " +
                             std::string(api::to_name(d.topology)) + ", window " +
                             std::to_string(window);
    EXPECT_GT(a.pixels_written, 0u) << what;
    EXPECT_EQ(a.indices, b.indices) << what;
    EXPECT_EQ(a.primitives, b.primitives) << what;
    EXPECT_EQ(a.triangles, b.triangles) << what;
    EXPECT_EQ(a.quads, b.quads) << what;
    EXPECT_EQ(a.pixels_shaded, b.pixels_shaded) << what;
    EXPECT_EQ(a.pixels_written, b.pixels_written) << what;
    EXPECT_EQ(a.out_of_bounds, b.out_of_bounds) << what;
    EXPECT_TRUE(whole.target().color == split.target().color) << what;
    EXPECT_TRUE(whole.target().depth == split.target().depth) << what;
    // Windows shorter than the draw shade shared vertices again, never fewer.
    EXPECT_GE(b.vertices_shaded, a.vertices_shaded) << what;
  }

  driver::Device device_;
};

const uint32_t kWindows[] = {1, 2, 3, 4, 5, 7, 13};

TEST_F(Windows, NonIndexedTopologies) {
  const std::pair<api::Topology, uint32_t> draws[] = {
      {api::Topology::TriangleList, 13}, {api::Topology::TriangleStrip, 38},
      {api::Topology::TriangleFan, 38},  {api::Topology::LineStrip, 39},
      {api::Topology::LineList, 20},     {api::Topology::PointList, 40}};
  for (uint32_t w : kWindows)
    for (const auto& [t, prims] : draws) same_as_one_window(draw_primitive(t, 0, prims), w);
}

TEST_F(Windows, IndexedStripsWithCutsAndAdjacency) {
  for (uint32_t w : kWindows) {
    trace::DrawIndexed strip = draw_indexed(30);
    strip.topology = api::Topology::TriangleStrip;
    same_as_one_window(strip, w);
    trace::DrawIndexed adj = draw_indexed(30);
    adj.topology = api::Topology::TriangleStripAdj;
    same_as_one_window(adj, w);
    trace::DrawIndexed list = draw_indexed(30);
    list.topology = api::Topology::TriangleListAdj;
    same_as_one_window(list, w);
  }
}

TEST_F(Windows, InstancesRestartAtEveryInstance) {
  for (uint32_t w : kWindows) {
    trace::DrawInstanced d = draw_instanced(17, 3);
    d.topology = api::Topology::TriangleStrip;
    same_as_one_window(d, w);
  }
}

TEST(WindowSize, BoundsTheShadedVerticesOfADraw) {
  // The default keeps every draw of the bundled traces in one window (the bunny has about
  // 208 K indices), and bounds a draw of any size to about 116 MiB of shaded vertices (a
  // vertex holds D3D9's 12 varyings and D3D10's 16 output registers).
  EXPECT_EQ(func::FunctionalRenderer::kWalkWindow, 1u << 18);
  EXPECT_EQ(sizeof(func::ShadedVertex), 16u * (1 + func::kNumVaryings));
  EXPECT_LE(sizeof(func::ShadedVertex) * func::FunctionalRenderer::kWalkWindow, 116u << 20);
}

}  // namespace
}  // namespace gfx::test
