// N-patches in the driver: which draws become PN triangles, the generated counts per input
// triangle, strips and indexed draws, and the capability errors.
#include "tess_fixture.h"

namespace gfx::test {
namespace {

trace::DrawPrimitive tri_list(uint32_t primitives) {
  trace::DrawPrimitive d;
  d.topology = api::Topology::TriangleList;
  d.primitive_count = primitives;
  return d;
}

const std::vector<float> kTwoTriangles = {-0.5f, 0.5f, 0.5f, 0.5f, 0.5f,  0.5f, -0.5f, -0.5f, 0.5f,
                                          0.5f,  0.5f, 0.5f, 0.5f, -0.5f, 0.5f, -0.5f, -0.5f, 0.5f};

TEST_F(TessFixture, NPatchesOffBelowOneSegment) {
  bind(2, kTwoTriangles);
  apply(trace::SetNPatchMode{0.99f});
  apply(tri_list(2));
  EXPECT_EQ(draw().tess, nullptr);
  EXPECT_EQ(draw().call, "draw_primitive");
}

TEST_F(TessFixture, NPatchCountsPerInputTriangle) {
  bind(2, kTwoTriangles);
  apply(trace::SetNPatchMode{3.0f});
  apply(tri_list(2));
  ASSERT_NE(draw().tess, nullptr);
  EXPECT_EQ(work().kind, driver::TessWork::Kind::NPatch);
  EXPECT_EQ(work().patches, 2u);
  EXPECT_EQ(work().vertices, 20u);   // 2 x (n+1)(n+2)/2
  EXPECT_EQ(work().triangles, 18u);  // 2 x n^2
  EXPECT_EQ(draw().count, 54u);
  EXPECT_EQ(draw().call, "draw_primitive");
  // n = 1 gives the input triangles back.
  apply(trace::SetNPatchMode{1.0f});
  apply(tri_list(2));
  EXPECT_EQ(work().vertices, 6u);
  EXPECT_EQ(work().triangles, 2u);
}

TEST_F(TessFixture, NPatchStripAndIndexedDraws) {
  bind(2, {-0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, -0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f});
  apply(trace::SetNPatchMode{2.0f});
  trace::DrawPrimitive strip;
  strip.topology = api::Topology::TriangleStrip;
  strip.primitive_count = 2;
  apply(strip);
  EXPECT_EQ(work().vertices, 12u);
  EXPECT_EQ(work().triangles, 8u);

  auto ib = std::make_shared<api::IndexBuffer>();
  ib->format = api::Format::Index16;
  ib->bytes = {0, 0, 1, 0, 2, 0, 2, 0, 1, 0, 3, 0};
  apply(trace::CreateIndexBuffer{9, ib});
  apply(trace::SetIndices{9});
  trace::DrawIndexedPrimitive dip;
  dip.topology = api::Topology::TriangleList;
  dip.num_vertices = 4;
  dip.primitive_count = 2;
  apply(dip);
  EXPECT_EQ(draw().call, "draw_indexed_primitive");
  EXPECT_EQ(work().vertices, 12u);
  EXPECT_EQ(work().fetch.size(), 2u);  // the vertices and the indices
  EXPECT_EQ(work().fetch[1].bytes, 12u);
}

TEST_F(TessFixture, NPatchCapabilityErrorsNameTheDraw) {
  bind(2, kTwoTriangles);
  apply(trace::SetNPatchMode{2.0f});
  driver::PatchCaps caps;
  caps.npatches = false;
  dev_.set_patch_caps(caps);
  std::string e = error_of(tri_list(2));
  EXPECT_EQ(e.rfind("t.yaml:7: draw 0 (draw_primitive): ", 0), 0u) << e;
  EXPECT_NE(e.find("tessellator.npatches"), std::string::npos) << e;

  caps = {};
  caps.adaptive_tessellation = false;
  dev_.set_patch_caps(caps);
  trace::SetRenderStates rs;
  rs.states.push_back({api::RenderStateId::EnableAdaptiveTessellation, 1});
  apply(rs);
  e = error_of(tri_list(2));
  EXPECT_NE(e.find("tessellator.adaptive_tessellation"), std::string::npos) << e;
}

}  // namespace
}  // namespace gfx::test
