// Batching: GL primitive modes as D3D9 topologies, and glBegin/glEnd batches sharing a
// vertex buffer until the state changes; plus the state the importer emits (lighting
// always explicit, GL's window-wide clear, cull winding) and its call errors.
#include <gtest/gtest.h>

#include <cstring>

#include "collect.h"
#include "common/error.h"
#include "import/gl_batch.h"
#include "import/gli_reader.h"
#include "import/import_gli.h"
#include "trace/writer.h"

namespace gfx::import {
namespace {

std::vector<ImmediateVertex> numbered(int n) {
  std::vector<ImmediateVertex> v(n);
  for (int i = 0; i < n; ++i) v[i].position[0] = float(i);
  return v;
}

std::vector<int> order(const D3dBatch& b) {
  std::vector<int> out;
  for (const ImmediateVertex& v : b.vertices) out.push_back(int(v.position[0]));
  return out;
}

TEST(GlBatch, QuadsBecomeTriangleListsKeepingWinding) {
  D3dBatch b = convert_primitive(gl::QUADS, numbered(9));  // two quads, one vertex left over
  EXPECT_EQ(b.topology, api::Topology::TriangleList);
  EXPECT_EQ(b.primitive_count, 4u);
  EXPECT_EQ(order(b), (std::vector<int>{0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7}));
}

TEST(GlBatch, QuadStripQuadsGoAroundTheirEdge) {
  D3dBatch b = convert_primitive(gl::QUAD_STRIP, numbered(6));
  EXPECT_EQ(b.primitive_count, 4u);
  EXPECT_EQ(order(b), (std::vector<int>{0, 1, 3, 0, 3, 2, 2, 3, 5, 2, 5, 4}));
}

TEST(GlBatch, PolygonIsAFanAndLineLoopIsClosed) {
  D3dBatch p = convert_primitive(gl::POLYGON, numbered(5));
  EXPECT_EQ(p.topology, api::Topology::TriangleFan);
  EXPECT_EQ(p.primitive_count, 3u);
  D3dBatch l = convert_primitive(gl::LINE_LOOP, numbered(3));
  EXPECT_EQ(l.topology, api::Topology::LineStrip);
  EXPECT_EQ(l.primitive_count, 3u);
  EXPECT_EQ(order(l), (std::vector<int>{0, 1, 2, 0}));
}

TEST(GlBatch, IncompletePrimitivesDrawNothing) {
  EXPECT_EQ(convert_primitive(gl::TRIANGLES, numbered(5)).primitive_count, 1u);
  EXPECT_EQ(convert_primitive(gl::TRIANGLE_FAN, numbered(2)).primitive_count, 0u);
  EXPECT_TRUE(convert_primitive(gl::TRIANGLE_FAN, numbered(2)).vertices.empty());
  EXPECT_EQ(convert_primitive(gl::LINES, numbered(3)).primitive_count, 1u);
  EXPECT_EQ(convert_primitive(gl::POINTS, numbered(3)).topology, api::Topology::PointList);
  EXPECT_THROW(convert_primitive(42, numbered(3)), ConversionError);
}

Collect import_text(const std::string& body, TranslateOptions o = {}) {
  Collect c;
  import_gli(parse_gli_text("GLI0.t\nglViewport(0,0,64,32)\n" + body, "cap.txt"), c, o);
  return c;
}

const std::string kTri =
    "glBegin(GL_TRIANGLES)\nglVertex2f(0,0)\nglVertex2f(1,0)\nglVertex2f(1,1)\nglEnd()\n";

TEST(GlImport, BatchesUnderTheSameStateShareOneBuffer) {
  Collect c = import_text(kTri + "glColor3f(1,0,0)\n" + kTri + "wglSwapBuffers(0)=TRUE\n");
  auto buffers = c.all<trace::CreateVertexBuffer>();
  ASSERT_EQ(buffers.size(), 1u);
  EXPECT_EQ(buffers[0].buffer->bytes.size(), 6u * 7 * 4);  // float3 position, float4 colour
  auto draws = c.all<trace::DrawPrimitive>();
  ASSERT_EQ(draws.size(), 2u);
  EXPECT_EQ(draws[1].start_vertex, 3u);
  EXPECT_EQ(draws[1].primitive_count, 1u);
  EXPECT_EQ(c.all<trace::Present>().size(), 1u);
}

// glColor4ub is c / 255, glColor3d a double; the vertex takes the current colour.
TEST(GlImport, VerticesTakeTheCurrentColour) {
  Collect c = import_text(
      "glBegin(GL_POINTS)\nglColor4ub(255,0,51,102)\nglVertex2f(0,0)\n"
      "glColor3d(0.5,0.25,1)\nglVertex3f(1,2,3)\nglEnd()\n");
  auto buffers = c.all<trace::CreateVertexBuffer>();
  ASSERT_EQ(buffers.size(), 1u);
  std::vector<float> f(buffers[0].buffer->bytes.size() / 4);
  std::memcpy(f.data(), buffers[0].buffer->bytes.data(), buffers[0].buffer->bytes.size());
  EXPECT_EQ(f, (std::vector<float>{0, 0, 0, 1, 0, 0.2f, 0.4f, 1, 2, 3, 0.5f, 0.25f, 1, 1}));
}

TEST(GlImport, AStateChangeBetweenBatchesStartsANewBuffer) {
  Collect c = import_text(kTri + "glTranslatef(1,0,0)\n" + kTri);
  EXPECT_EQ(c.all<trace::CreateVertexBuffer>().size(), 2u);
  auto draws = c.all<trace::DrawPrimitive>();
  ASSERT_EQ(draws.size(), 2u);
  EXPECT_EQ(draws[1].start_vertex, 0u);
}

uint32_t state_value(const Collect& c, api::RenderStateId id) {
  uint32_t v = 0xDEAD;
  for (const auto& s : c.all<trace::SetRenderStates>())
    for (const auto& r : s.states)
      if (r.id == id) v = r.value;
  return v;
}

TEST(GlImport, LightingIsAlwaysExplicitAndCullWindingFlips) {
  Collect off = import_text(kTri);
  EXPECT_EQ(state_value(off, api::RenderStateId::Lighting), 0u);
  EXPECT_EQ(state_value(off, api::RenderStateId::CullMode), uint32_t(api::Cull::None));
  EXPECT_EQ(state_value(off, api::RenderStateId::ZFunc), uint32_t(api::CmpFunc::Less));
  // GL front = CCW, cull back: GL's clockwise triangles go, which are D3D's CCW ones.
  Collect back = import_text("glEnable(GL_CULL_FACE)\n" + kTri);
  EXPECT_EQ(state_value(back, api::RenderStateId::CullMode), uint32_t(api::Cull::Ccw));
  Collect front = import_text("glEnable(GL_CULL_FACE)\nglFrontFace(GL_CW)\n" + kTri);
  EXPECT_EQ(state_value(front, api::RenderStateId::CullMode), uint32_t(api::Cull::Cw));
}

TEST(GlImport, ClearCoversTheWindowAndViewportsFlipToTheTop) {
  Collect c = import_text(
      "glViewport(0,0,32,16)\nglClearColor(1,0.5,0,1)\nglClear(GL_COLOR_BUFFER_BIT)\n" + kTri);
  auto vps = c.all<trace::SetViewport>();
  ASSERT_EQ(vps.size(), 2u);
  EXPECT_EQ(vps[0].viewport.width, 64u);  // the clear: whole window
  EXPECT_EQ(vps[0].viewport.height, 32u);
  EXPECT_EQ(vps[1].viewport.y, 16u);  // GL y 0 height 16 of 32: D3D rows 16..31
  EXPECT_EQ(vps[1].viewport.width, 32u);
  auto clears = c.all<trace::Clear>();
  ASSERT_EQ(clears.size(), 1u);
  EXPECT_EQ(clears[0].color, 0xFFFF8000u);
  EXPECT_EQ(clears[0].flags, uint32_t(api::ClearTarget));
}

TEST(GlImport, DirectionalLightPointsAwayFromItsEyeSpacePosition) {
  Collect c = import_text(
      "glTranslatef(0,0,-5)\nglLightfv(GL_LIGHT0,GL_POSITION,{1,2,3,0})\nglEnable(GL_LIGHTING)\n"
      "glEnable(GL_LIGHT0)\nglNormal3f(0,0,1)\n" +
      kTri);
  auto lights = c.all<trace::SetLight>();
  ASSERT_EQ(lights.size(), 1u);
  EXPECT_EQ(lights[0].type, api::LightType::Directional);
  EXPECT_EQ(lights[0].direction, (std::vector<float>{-1, -2, -3}));  // w = 0: no translation
  EXPECT_EQ(lights[0].diffuse, (std::vector<float>{1, 1, 1, 1}));
  EXPECT_EQ(c.all<trace::LightEnable>().size(), 1u);
  auto m = c.all<trace::SetMaterial>();
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].diffuse, (std::vector<float>{0.8f, 0.8f, 0.8f, 1}));
  EXPECT_EQ(state_value(c, api::RenderStateId::Lighting), 1u);
  EXPECT_EQ(state_value(c, api::RenderStateId::Ambient), 0xFF333333u);  // 0.2 * 255 = 51
}

TEST(GlImport, PositionalLightIsTransformedWhenSpecified) {
  Collect c = import_text(
      "glTranslatef(0,0,-5)\nglLightfv(GL_LIGHT1,GL_POSITION,{1,2,3,1})\nglLoadIdentity()\n"
      "glEnable(GL_LIGHTING)\nglEnable(GL_LIGHT1)\n" +
      kTri);
  auto lights = c.all<trace::SetLight>();
  ASSERT_EQ(lights.size(), 1u);
  EXPECT_EQ(lights[0].type, api::LightType::Point);
  EXPECT_EQ(lights[0].position, (std::vector<float>{1, 2, -2}));
  EXPECT_EQ(lights[0].diffuse, (std::vector<float>{0, 0, 0, 1}));  // lights 1..7 start black
}

std::string import_error(const std::string& body, TranslateOptions o = {}) {
  try {
    import_text(body, o);
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(GlImport, UntranslatableCallsStopWithFileLineAndCall) {
  EXPECT_EQ(import_error("glEnd()\nglCallList(1)\n"), "cap.txt:3: glEnd: glEnd without glBegin");
  EXPECT_EQ(import_error("glCallList(1)\n"),
            "cap.txt:3: glCallList: call not supported by the importer (--skip-unknown "
            "skips it)");
  EXPECT_EQ(import_error("glLightModeli(GL_LIGHT_MODEL_TWO_SIDE,1)\n"),
            "cap.txt:3: glLightModeli: two-sided lighting is not supported (--skip-unknown "
            "skips it)");
  EXPECT_EQ(import_error("glEnable(GL_NO_SUCH)\n"),
            "cap.txt:3: glEnable: unknown GL enum GL_NO_SUCH (--skip-unknown skips it)");
  EXPECT_EQ(import_error("glEnable(GL_STENCIL_TEST)\n"),
            "cap.txt:3: glEnable: capability GL_STENCIL_TEST is not supported (--skip-unknown "
            "skips it)");
  EXPECT_EQ(import_error("glBegin(GL_TRIANGLES)\nglTranslatef(1,0,0)\n"),
            "cap.txt:4: glTranslatef: not allowed between glBegin and glEnd");
}

TEST(GlImport, SkipUnknownCountsWhatItSkips) {
  TranslateOptions o;
  o.skip_unknown = true;
  Collect c;
  ImportReport r = import_gli(parse_gli_text("GLI0.t\nglViewport(0,0,8,8)\nglCallList(1)\n"
                                             "glCallList(2)\nwglMakeCurrent(1,2)=1\n" +
                                                 kTri,
                                             "cap.txt"),
                              c, o);
  EXPECT_EQ(r.skipped, (std::map<std::string, uint32_t>{{"glCallList", 2}}));
  EXPECT_EQ(r.draws, 1u);
}

TEST(GlImport, FrameRangeDropsEarlierFrames) {
  TranslateOptions o;
  o.frames.start_frame = 1;
  o.frames.frame_count = 1;
  std::string frame = "glClear(GL_COLOR_BUFFER_BIT)\n" + kTri + "wglSwapBuffers(0)=TRUE\n";
  Collect c = import_text(frame + frame + frame, o);
  EXPECT_EQ(c.all<trace::Present>().size(), 1u);
  EXPECT_EQ(c.all<trace::Clear>().size(), 1u);
  EXPECT_EQ(c.all<trace::DrawPrimitive>().size(), 1u);
}

}  // namespace
}  // namespace gfx::import
