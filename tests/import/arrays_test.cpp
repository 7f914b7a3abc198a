// Vertex arrays and buffer objects: the vertex and index buffers and the indexed draws
// they become, flat shading's provoking-vertex order, buffers written once per content,
// and errors naming the call, the data file and the byte offset.
#include <gtest/gtest.h>

#include "collect.h"
#include "common/error.h"
#include "import/gl_batch.h"

namespace gfx::import {
namespace {

const std::string kArrHead = "GLI0.t\nglViewport(0,0,8,8)\n";

// Three float3 positions and three RGBA8 colours.
const std::vector<float> kPos = {0, 0, 0, 1, 0, 0, 0, 1, 0};
const std::vector<uint8_t> kColors = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 51};

TEST(GlArrays, BufferObjectPositionsAndClientColours) {
  CaptureDir dir("arrays1");
  dir.buffers({{}, bytes_of(kPos), kColors});
  Collect c = dir.import(kArrHead +
                         "glGenBuffersARB(1,{7})\nglBindBufferARB(GL_ARRAY_BUFFER,7)\n"
                         "glBufferDataARB(GL_ARRAY_BUFFER,36,*1,GL_STATIC_DRAW)\n"
                         "glVertexPointer(3,GL_FLOAT,0,0)\nglBindBufferARB(GL_ARRAY_BUFFER,0)\n"
                         "glColorPointer(4,GL_UNSIGNED_BYTE,0,*2)\n"
                         "glEnableClientState(GL_VERTEX_ARRAY)\n"
                         "glEnableClientState(GL_COLOR_ARRAY)\n"
                         "glDrawArrays(GL_TRIANGLES,0,3)\n");
  auto vbs = c.all<trace::CreateVertexBuffer>();
  ASSERT_EQ(vbs.size(), 1u);
  // POSITION float3, COLOR0 float4 (bytes / 255).
  EXPECT_EQ(values_of<float>(vbs[0].buffer->bytes),
            (std::vector<float>{0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 0.2f}));
  auto ibs = c.all<trace::CreateIndexBuffer>();
  ASSERT_EQ(ibs.size(), 1u);
  EXPECT_EQ(ibs[0].buffer->format, api::Format::Index16);
  EXPECT_EQ(values_of<uint16_t>(ibs[0].buffer->bytes), (std::vector<uint16_t>{0, 1, 2}));
  auto draws = c.all<trace::DrawIndexedPrimitive>();
  ASSERT_EQ(draws.size(), 1u);
  EXPECT_EQ(draws[0].topology, api::Topology::TriangleList);
  EXPECT_EQ(draws[0].num_vertices, 3u);
  EXPECT_EQ(draws[0].primitive_count, 1u);
  EXPECT_EQ(c.all<trace::SetIndices>().size(), 1u);
}

// Indices 5..8 of an element buffer: the vertex buffer spans them, the indices are
// rebased; flat shading turns the strip into a list led by GL's provoking vertices.
TEST(GlArrays, FlatElementsStripBecomesAListLedByTheProvokingVertex) {
  CaptureDir dir("arrays2");
  std::vector<float> pos(9 * 3);
  for (int i = 0; i < 9; ++i) pos[3 * i] = float(i);
  dir.buffers({{}, bytes_of(pos), bytes_of(std::vector<uint32_t>{5, 6, 7, 8})});
  const std::string draw = "glDrawElements(GL_TRIANGLE_STRIP,4,GL_UNSIGNED_INT,0)\n";
  Collect c = dir.import(kArrHead +
                         "glShadeModel(GL_FLAT)\nglBindBuffer(GL_ARRAY_BUFFER,1)\n"
                         "glBufferData(GL_ARRAY_BUFFER,108,*1,GL_STATIC_DRAW)\n"
                         "glVertexPointer(3,GL_FLOAT,12,0)\n"
                         "glBindBuffer(GL_ELEMENT_ARRAY_BUFFER,2)\n"
                         "glBufferData(GL_ELEMENT_ARRAY_BUFFER,16,*2,GL_STATIC_DRAW)\n"
                         "glEnableClientState(GL_VERTEX_ARRAY)\n" +
                         draw + "wglSwapBuffers(0)\n" + draw);
  auto vbs = c.all<trace::CreateVertexBuffer>();
  ASSERT_EQ(vbs.size(), 1u);  // the second frame draws the same bytes: no new buffers
  std::vector<float> f = values_of<float>(vbs[0].buffer->bytes);
  ASSERT_EQ(f.size(), 4u * 7);
  EXPECT_EQ(f[0], 5.0f);  // the first vertex of the buffer is index 5
  EXPECT_EQ(f[21], 8.0f);
  auto ibs = c.all<trace::CreateIndexBuffer>();
  ASSERT_EQ(ibs.size(), 1u);
  // Triangles (0 1 2) and (2 1 3) in GL's winding, provoked by 2 and 3.
  EXPECT_EQ(values_of<uint16_t>(ibs[0].buffer->bytes), (std::vector<uint16_t>{2, 0, 1, 3, 2, 1}));
  auto draws = c.all<trace::DrawIndexedPrimitive>();
  ASSERT_EQ(draws.size(), 2u);
  EXPECT_EQ(draws[1].topology, api::Topology::TriangleList);
  EXPECT_EQ(draws[1].primitive_count, 2u);
  bool flat = false;
  for (const auto& s : c.all<trace::SetRenderStates>())
    for (const auto& r : s.states)
      if (r.id == api::RenderStateId::ShadeMode) flat = r.value == uint32_t(api::ShadeMode::Flat);
  EXPECT_TRUE(flat);
}

TEST(GlArrays, FlatOrderOfEveryMode) {
  std::vector<uint32_t> v = {0, 1, 2, 3, 4, 5};
  auto order = [&](uint32_t mode) { return convert_indexed(mode, v, true).indices; };
  using I = std::vector<uint32_t>;
  EXPECT_EQ(order(gl::TRIANGLES), (I{2, 0, 1, 5, 3, 4}));
  EXPECT_EQ(order(gl::TRIANGLE_FAN), (I{2, 0, 1, 3, 0, 2, 4, 0, 3, 5, 0, 4}));
  EXPECT_EQ(order(gl::QUADS), (I{3, 0, 1, 3, 1, 2}));  // quad 0 1 2 3 split along 3-1
  // Quad strip quads 0 1 3 2 and 2 3 5 4, provoked by 3 and 5.
  EXPECT_EQ(order(gl::QUAD_STRIP), (I{3, 2, 0, 3, 0, 1, 5, 4, 2, 5, 2, 3}));
  EXPECT_EQ(order(gl::LINE_STRIP), (I{1, 0, 2, 1, 3, 2, 4, 3, 5, 4}));
  EXPECT_EQ(convert_indexed(gl::POLYGON, v, true).topology, api::Topology::TriangleFan);
  EXPECT_EQ(convert_indexed(gl::TRIANGLE_STRIP, v, false).indices, v);  // smooth: as given
}

std::string arrays_error(const CaptureDir& dir, const std::string& body) {
  try {
    dir.import(kArrHead + body);
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(GlArrays, ErrorsNameTheCallTheFileAndTheByteOffset) {
  CaptureDir dir("arrays3");
  dir.buffers({{}, bytes_of(kPos)});
  // Descriptor 2 is not in the files.
  EXPECT_EQ(arrays_error(dir,
                         "glBindBuffer(GL_ARRAY_BUFFER,1)\n"
                         "glBufferData(GL_ARRAY_BUFFER,36,*2,GL_STATIC_DRAW)\n"),
            dir.path("cap.txt") + ":4: glBufferData: " + dir.path("BufferDescriptors.dat") +
                ": buffer descriptor 2 is not in the file (2 descriptors)");
  // Four vertices from a client array of three.
  EXPECT_EQ(arrays_error(dir,
                         "glVertexPointer(3,GL_FLOAT,0,*1)\n"
                         "glEnableClientState(GL_VERTEX_ARRAY)\nglDrawArrays(GL_POINTS,0,4)\n"),
            dir.path("cap.txt") +
                ":5: glDrawArrays: array element 3 reads byte offset 36 of client buffer *1, "
                "which holds 36 bytes");
  EXPECT_EQ(arrays_error(dir, "glDrawElements(GL_POINTS,10,GL_UNSIGNED_INT,*1)\n"),
            dir.path("cap.txt") +
                ":3: glDrawElements: 10 indices from byte offset 0 run past the end of client "
                "buffer *1 (36 bytes)");
}

}  // namespace
}  // namespace gfx::import
