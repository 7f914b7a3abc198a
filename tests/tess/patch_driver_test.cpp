// The driver's patch handle rules (reference notes 2.3) and RT-patch draws: capture, cached
// draws that ignore the current streams, segment overrides, handle 0, DeletePatch, rect/tri
// invalidation, and the errors that name the draw.
#include "tess_fixture.h"

namespace gfx::test {
namespace {

using Kind = driver::TessWork::Kind;

TEST_F(TessFixture, CaptureTessellatesAndRecordsTheFetch) {
  bind(2, grid4(-0.5f, 0.5f, 1.0f));
  EXPECT_EQ(apply(rect(5, {2, 2, 2, 2})), driver::Device::Action::Draw);
  EXPECT_EQ(draw().call, "draw_rect_patch");
  EXPECT_EQ(work().kind, Kind::RectPatch);
  EXPECT_EQ(work().vertices, 9u);   // (n+1)^2
  EXPECT_EQ(work().triangles, 8u);  // 2 n^2
  EXPECT_EQ(draw().count, 24u);     // 8 triangles as an indexed triangle list
  EXPECT_TRUE(draw().indexed);
  EXPECT_EQ(work().control_points, 16u);
  EXPECT_FALSE(work().from_cache);
  EXPECT_NE(work().capture, 0u);
  ASSERT_EQ(work().fetch.size(), 4u);  // one range per grid row
  EXPECT_EQ(work().fetch[0].bytes, 48u);
  EXPECT_EQ(work().fetch[3].offset, 144u);
  // Bezier corners are interpolated exactly: the first generated vertex is corner c0.
  EXPECT_EQ(position(0).x, -0.5f);
  EXPECT_EQ(position(0).y, 0.5f);
  EXPECT_EQ(position(0).w, 1.0f);
}

TEST_F(TessFixture, CachedDrawIgnoresTheCurrentStreams) {
  bind(2, grid4(-0.5f, 0.5f, 1.0f));
  apply(rect(5, {3, 3, 3, 3}));
  const auto first = dev_.last_draw();
  const uint64_t capture = work().capture;
  bind(3, grid4(0.0f, 0.0f, 0.25f));  // other control points bound now
  apply(rect(5, {}, false));
  EXPECT_TRUE(work().from_cache);
  EXPECT_EQ(work().capture, capture);
  EXPECT_EQ(draw().stream_buffers[0]->bytes, first->stream_buffers[0]->bytes);
  // A dynamic patch does read the new streams.
  apply(rect(0, {3, 3, 3, 3}));
  EXPECT_NE(draw().stream_buffers[0]->bytes, first->stream_buffers[0]->bytes);
  EXPECT_EQ(position(0).x, 0.0f);
}

TEST_F(TessFixture, NewSegmentsOverrideTheCachedOnesForThatDraw) {
  bind(2, grid4(-0.5f, 0.5f, 1.0f));
  apply(rect(5, {2, 2, 2, 2}));
  apply(rect(5, {4, 4, 4, 4}, false));
  EXPECT_EQ(work().vertices, 25u);
  EXPECT_EQ(work().triangles, 32u);
  apply(rect(5, {}, false));  // no segments: the captured ones
  EXPECT_EQ(work().vertices, 9u);
}

TEST_F(TessFixture, HandleZeroIsDynamicAndNeedsInfo) {
  bind(2, grid4(-0.5f, 0.5f, 1.0f));
  apply(rect(0, {1, 1, 1, 1}));
  EXPECT_EQ(work().capture, 0u);  // nothing cached
  EXPECT_EQ(work().vertices, 4u);
  const std::string e = error_of(rect(0, {}, false));
  EXPECT_NE(e.find("t.yaml:7: draw 1 (draw_rect_patch)"), std::string::npos) << e;
  EXPECT_NE(e.find("handle 0"), std::string::npos) << e;
}

TEST_F(TessFixture, DeletePatchFreesTheHandle) {
  bind(2, grid4(-0.5f, 0.5f, 1.0f));
  apply(rect(5, {2, 2, 2, 2}));
  apply(trace::DeletePatch{5});
  const std::string e = error_of(rect(5, {}, false));
  EXPECT_NE(e.find("draw 1 (draw_rect_patch): handle 5 holds no patch"), std::string::npos) << e;
  EXPECT_NE(error_of(trace::DeletePatch{5}).find("handle 5 holds no patch"), std::string::npos);
  // Capturing again under the same handle works and gets a new capture id.
  apply(rect(5, {2, 2, 2, 2}));
  EXPECT_EQ(work().vertices, 9u);
}

TEST_F(TessFixture, RectAndTriDrawsInvalidateEachOther) {
  bind(2, grid4(-0.5f, 0.5f, 1.0f));  // 16 points: the first 10 make a cubic tri patch
  apply(rect(5, {2, 2, 2, 2}));
  trace::DrawTriPatch tri;
  tri.handle = 5;
  tri.has_info = 0;
  tri.segments = {};
  std::string e = error_of(tri);
  EXPECT_NE(e.find("draw 1 (draw_tri_patch): handle 5 held a rect patch"), std::string::npos) << e;
  e = error_of(rect(5, {}, false));  // the rect patch is gone too
  EXPECT_NE(e.find("handle 5 holds no patch"), std::string::npos) << e;

  tri.has_info = 1;
  tri.segments = {3, 3, 3};
  apply(tri);  // capture a tri patch under 6, then overwrite it with a rect capture
  tri.handle = 6;
  apply(tri);
  EXPECT_EQ(work().kind, Kind::TriPatch);
  EXPECT_EQ(work().vertices, 10u);  // (n+1)(n+2)/2
  EXPECT_EQ(work().triangles, 9u);  // n^2
  apply(rect(6, {1, 1, 1, 1}));
  tri.has_info = 0;
  tri.segments = {};
  e = error_of(tri);
  EXPECT_NE(e.find("handle 6 held a rect patch"), std::string::npos) << e;
}

TEST_F(TessFixture, GridPastItsBufferNamesTheDraw) {
  std::vector<float> f = grid4(-0.5f, 0.5f, 1.0f);
  f.resize(15 * 3);  // one control point short
  bind(2, f);
  const std::string e = error_of(rect(0, {2, 2, 2, 2}));
  EXPECT_EQ(e.rfind("t.yaml:7: draw 0 (draw_rect_patch): ", 0), 0u) << e;
  EXPECT_NE(e.find("grid runs past the vertex data"), std::string::npos) << e;
}

TEST_F(TessFixture, DisabledCapabilitiesNameTheDrawAndTheCapability) {
  bind(2, grid4(-0.5f, 0.5f, 1.0f));
  driver::PatchCaps caps;
  caps.rt_patches = false;
  dev_.set_patch_caps(caps);
  std::string e = error_of(rect(0, {2, 2, 2, 2}));
  EXPECT_NE(e.find("draw 0 (draw_rect_patch)"), std::string::npos) << e;
  EXPECT_NE(e.find("tessellator.rt_patches"), std::string::npos) << e;
  caps = {};
  caps.quintic_rt_patches = false;
  dev_.set_patch_caps(caps);
  auto q = rect(0, {1, 1, 1, 1});
  q.degree = api::Degree::Quintic;
  q.width = q.height = q.stride = 6;
  e = error_of(q);
  EXPECT_NE(e.find("tessellator.quintic_rt_patches"), std::string::npos) << e;
}

TEST_F(TessFixture, SegmentsAreClampedToTheMaximumLevel) {
  bind(2, grid4(-0.5f, 0.5f, 1.0f));
  driver::PatchCaps caps;
  caps.max_tessellation_level = 4.0f;
  dev_.set_patch_caps(caps);
  apply(rect(0, {8, 8, 8, 8}));
  EXPECT_EQ(work().vertices, 25u);
}

}  // namespace
}  // namespace gfx::test
