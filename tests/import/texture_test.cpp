// Textures: images in D3D9 texel layouts, completeness, texture environments as stage
// operations, texgen as TCI modes and matrices, the texture matrix, DXT blocks.
#include <gtest/gtest.h>

#include "collect.h"
#include "common/error.h"

namespace gfx::import {
namespace {

const std::string kTexHead = "GLI0.t\nglViewport(0,0,8,8)\n";
const std::string kTexTri =
    "glBegin(GL_TRIANGLES)\nglTexCoord2f(0,0)\nglVertex2f(0,0)\nglTexCoord2f(1,0)\n"
    "glVertex2f(1,0)\nglTexCoord2f(1,1)\nglVertex2f(1,1)\nglEnd()\n";
// A bound, enabled, complete 1x1 texture of buffer 1 in `format`.
std::string tex_setup(const std::string& internal, const std::string& format) {
  return "glGenTextures(1,{3})\nglBindTexture(GL_TEXTURE_2D,3)\n"
         "glTexParameteri(GL_TEXTURE_2D,GL_TEXTURE_MIN_FILTER,GL_NEAREST)\n"
         "glTexImage2D(GL_TEXTURE_2D,0," +
         internal + ",1,1,0," + format + ",GL_UNSIGNED_BYTE,*1)\nglEnable(GL_TEXTURE_2D)\n";
}

api::TextureStageState stage0(const Collect& c) {
  auto s = c.all<trace::SetTextureStageState>();
  EXPECT_FALSE(s.empty());
  return s.empty() ? api::TextureStageState{} : s.front().state;
}

TEST(GlTextures, RgbRowsAlignedToFourBecomeX8R8G8B8) {
  CaptureDir dir("tex1");
  dir.buffers({{}, {1, 2, 3, 4, 5, 6, 0, 0, 7, 8, 9, 10, 11, 12, 0, 0}});
  const std::string image =
      "glGenTextures(1,{3})\nglBindTexture(GL_TEXTURE_2D,3)\n"
      "glTexImage2D(GL_TEXTURE_2D,0,3,2,2,0,GL_RGB,GL_UNSIGNED_BYTE,*1)\n"
      "glEnable(GL_TEXTURE_2D)\n";
  // GL's default minification filter wants mip levels: level 0 alone is incomplete and
  // the unit does not texture.
  Collect none = dir.import(kTexHead + image + kTexTri);
  EXPECT_TRUE(none.all<trace::CreateTexture>().empty());
  EXPECT_TRUE(none.all<trace::SetTexture>().empty());
  Collect c = dir.import(kTexHead + image +
                         "glTexParameterf(GL_TEXTURE_2D,GL_TEXTURE_MIN_FILTER,9729)\n" + kTexTri);
  auto t = c.all<trace::CreateTexture>();
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].texture->format, api::Format::X8R8G8B8);
  EXPECT_EQ(t[0].texture->width, 2u);
  ASSERT_EQ(t[0].texture->levels.size(), 1u);
  // Rows in GL's order (row 0 at t = 0 is D3D's row 0 at v = 0), texels B G R X.
  EXPECT_EQ(t[0].texture->levels[0],
            (std::vector<uint8_t>{3, 2, 1, 255, 6, 5, 4, 255, 9, 8, 7, 255, 12, 11, 10, 255}));
  auto samplers = c.all<trace::SetSamplerState>();
  ASSERT_EQ(samplers.size(), 1u);
  EXPECT_EQ(samplers[0].state.min_filter, api::Filter::Linear);
  EXPECT_EQ(samplers[0].state.mip_filter, api::Filter::None);
  EXPECT_EQ(samplers[0].state.address_u, api::Address::Wrap);
  // The vertices carry texture coordinates: float3 + float4 + float2.
  auto vbs = c.all<trace::CreateVertexBuffer>();
  ASSERT_EQ(vbs.size(), 1u);
  std::vector<float> f = values_of<float>(vbs[0].buffer->bytes);
  ASSERT_EQ(f.size(), 3u * 9);
  EXPECT_EQ(f[9 + 7], 1.0f);   // second vertex s
  EXPECT_EQ(f[18 + 8], 1.0f);  // third vertex t
}

TEST(GlTextures, LuminanceAlphaAndBgraFormats) {
  CaptureDir dir("tex2");
  dir.buffers({{}, {10, 20, 30, 40}});
  Collect la =
      dir.import(kTexHead + tex_setup("GL_LUMINANCE_ALPHA", "GL_LUMINANCE_ALPHA") + kTexTri);
  ASSERT_EQ(la.all<trace::CreateTexture>().size(), 1u);
  EXPECT_EQ(la.all<trace::CreateTexture>()[0].texture->format, api::Format::A8L8);
  EXPECT_EQ(la.all<trace::CreateTexture>()[0].texture->levels[0], (std::vector<uint8_t>{10, 20}));
  Collect bgra = dir.import(kTexHead + tex_setup("GL_RGBA8", "GL_BGRA") + kTexTri);
  EXPECT_EQ(bgra.all<trace::CreateTexture>()[0].texture->levels[0],
            (std::vector<uint8_t>{10, 20, 30, 40}));  // BGRA is D3D's byte order already
  Collect a = dir.import(kTexHead + tex_setup("GL_ALPHA", "GL_RGBA") + kTexTri);
  EXPECT_EQ(a.all<trace::CreateTexture>()[0].texture->format, api::Format::A8);
  EXPECT_EQ(a.all<trace::CreateTexture>()[0].texture->levels[0], (std::vector<uint8_t>{40}));
}

struct EnvCase {
  const char* mode;
  const char* internal;
  uint32_t color_op, color_arg1, color_arg2, alpha_op;
};

TEST(GlTextures, EachEnvironmentModeAsStageOperations) {
  CaptureDir dir("tex3");
  dir.buffers({{}, {10, 20, 30, 40}});
  const EnvCase cases[] = {
      {"GL_MODULATE", "4", 4, 2, 1, 4},         // Cf Ct, Af At
      {"GL_MODULATE", "3", 4, 2, 1, 3},         // RGB: Cf Ct, Af
      {"GL_REPLACE", "4", 2, 2, 1, 2},          // Ct, At
      {"GL_REPLACE", "3", 2, 2, 1, 3},          // Ct, Af (CURRENT as arg2)
      {"GL_DECAL", "4", 13, 2, 1, 3},           // Cf (1 - At) + Ct At, Af
      {"GL_DECAL", "3", 2, 2, 1, 3},            // Ct, Af
      {"GL_ADD", "4", 7, 2, 1, 4},              // Cf + Ct, Af At
      {"GL_BLEND", "4", 26, 6, 1, 4},           // lerp(Ct; Cc, Cf), Af At
      {"GL_MODULATE", "GL_ALPHA", 3, 2, 1, 4},  // alpha textures leave the colour
  };
  for (const EnvCase& e : cases) {
    SCOPED_TRACE(std::string(e.mode) + " " + e.internal);
    Collect c = dir.import(kTexHead + tex_setup(e.internal, "GL_RGBA") +
                           "glTexEnvfv(GL_TEXTURE_ENV,GL_TEXTURE_ENV_COLOR,{1,0,0.2,1})\n"
                           "glTexEnvi(GL_TEXTURE_ENV,GL_TEXTURE_ENV_MODE," +
                           e.mode + ")\n" + kTexTri);
    api::TextureStageState s = stage0(c);
    EXPECT_EQ(s.color_op, e.color_op);
    EXPECT_EQ(s.color_arg1, e.color_arg1);
    EXPECT_EQ(s.color_arg2, e.color_arg2);
    EXPECT_EQ(s.alpha_op, e.alpha_op);
    EXPECT_EQ(s.texcoord_index, 0u);
    EXPECT_EQ(s.texture_transform_flags, 0u);
    if (std::string(e.mode) == "GL_BLEND") {
      EXPECT_EQ(s.color_arg0, 2u);         // TEXTURE is the blend factor
      EXPECT_EQ(s.constant, 0xFFFF0033u);  // GL_TEXTURE_ENV_COLOR, 8-bit
    }
  }
  EXPECT_THROW(dir.import(kTexHead + tex_setup("GL_LUMINANCE", "GL_RGBA") +
                          "glTexEnvi(GL_TEXTURE_ENV,GL_TEXTURE_ENV_MODE,GL_DECAL)\n" + kTexTri),
               Error);
}

TEST(GlTextures, SphereMapIsD3dSphereMapWithLocalViewer) {
  CaptureDir dir("tex4");
  dir.buffers({{}, {10, 20, 30, 40}});
  Collect c = dir.import(kTexHead + tex_setup("4", "GL_RGBA") +
                         "glTexGeni(GL_S,GL_TEXTURE_GEN_MODE,GL_SPHERE_MAP)\n"
                         "glTexGeni(GL_T,GL_TEXTURE_GEN_MODE,GL_SPHERE_MAP)\n"
                         "glEnable(GL_TEXTURE_GEN_S)\nglEnable(GL_TEXTURE_GEN_T)\n" +
                         kTexTri);
  api::TextureStageState s = stage0(c);
  EXPECT_EQ(s.texcoord_index, 0x40000u);            // D3DTSS_TCI_SPHEREMAP
  EXPECT_EQ(s.texture_transform_flags, 4u | 256u);  // COUNT4 | PROJECTED
  auto tt = c.all<trace::SetTransform>();
  api::Matrix4 m{};
  for (const auto& t : tt)
    if (t.kind == api::TransformKind::Texture0) m = t.matrix;
  // (s, t, 1, 0) -> (s, t, 0, 1): row 2 of the row-vector matrix feeds w.
  EXPECT_EQ(m, (api::Matrix4{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0}));
  // No coordinate set in the vertices, a normal for the reflection.
  auto vbs = c.all<trace::CreateVertexBuffer>();
  ASSERT_EQ(vbs.size(), 1u);
  EXPECT_EQ(vbs[0].buffer->bytes.size(), 3u * 4 * (3 + 3 + 4));
  bool local_viewer = false;
  for (const auto& rs : c.all<trace::SetRenderStates>())
    for (const auto& r : rs.states)
      if (r.id == api::RenderStateId::LocalViewer) local_viewer = r.value == 1;
  EXPECT_TRUE(local_viewer);
}

TEST(GlTextures, ObjectLinearPlanesThroughTheViewFlip) {
  CaptureDir dir("tex5");
  dir.buffers({{}, {10, 20, 30, 40}});
  Collect c = dir.import(kTexHead + tex_setup("4", "GL_RGBA") +
                         "glTexGeni(GL_S,GL_TEXTURE_GEN_MODE,GL_OBJECT_LINEAR)\n"
                         "glTexGeni(GL_T,GL_TEXTURE_GEN_MODE,GL_OBJECT_LINEAR)\n"
                         "glTexGenfv(GL_S,GL_OBJECT_PLANE,{1,2,3,4})\n"
                         "glEnable(GL_TEXTURE_GEN_S)\nglEnable(GL_TEXTURE_GEN_T)\n" +
                         kTexTri);
  EXPECT_EQ(stage0(c).texcoord_index, 0x20000u);  // D3DTSS_TCI_CAMERASPACEPOSITION
  api::Matrix4 m{};
  for (const auto& t : c.all<trace::SetTransform>())
    if (t.kind == api::TransformKind::Texture0) m = t.matrix;
  // s = (1, 2, 3, 4) . (x, y, -z', 1) of D3D's view position (x, y, z'); t = y; q = 1.
  EXPECT_EQ(m, (api::Matrix4{1, 0, 0, 0, 2, 1, 0, 0, -3, 0, 0, 0, 4, 0, 0, 1}));
}

TEST(GlTextures, TextureMatrixDividesByQ) {
  CaptureDir dir("tex6");
  dir.buffers({{}, {10, 20, 30, 40}});
  Collect c = dir.import(kTexHead + tex_setup("4", "GL_RGBA") +
                         "glMatrixMode(GL_TEXTURE)\nglTranslatef(0.5,0,0)\n"
                         "glMatrixMode(GL_MODELVIEW)\n" +
                         kTexTri + "glDisable(GL_TEXTURE_2D)\n" + kTexTri);
  auto stages = c.all<trace::SetTextureStageState>();
  ASSERT_EQ(stages.size(), 2u);
  EXPECT_EQ(stages[0].state.texture_transform_flags, 4u | 256u);
  EXPECT_EQ(stages[1].state.color_op, 1u);  // the untextured draw ends the cascade at 0
  api::Matrix4 m{};
  for (const auto& t : c.all<trace::SetTransform>())
    if (t.kind == api::TransformKind::Texture0) m = t.matrix;
  EXPECT_EQ(m[12], 0.5f);
  auto vbs = c.all<trace::CreateVertexBuffer>();
  ASSERT_EQ(vbs.size(), 2u);
  EXPECT_EQ(vbs[0].buffer->bytes.size(), 3u * 4 * (3 + 4 + 4));  // s t r q
}

TEST(GlTextures, Dxt1BlocksAndMipLevels) {
  CaptureDir dir("tex7");
  std::vector<uint8_t> block = {1, 2, 3, 4, 5, 6, 7, 8};
  dir.buffers({{}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, block, block});
  const std::string head = kTexHead + "glBindTexture(GL_TEXTURE_2D,1)\n";
  Collect c = dir.import(
      head +
      "glCompressedTexImage2DARB(GL_TEXTURE_2D,0,GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,8,4,0,16,*1)\n"
      "glCompressedTexImage2DARB(GL_TEXTURE_2D,1,GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,4,2,0,8,*2)\n"
      "glCompressedTexImage2DARB(GL_TEXTURE_2D,2,GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,2,1,0,8,*3)\n"
      "glCompressedTexImage2DARB(GL_TEXTURE_2D,3,GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,1,1,0,8,*3)\n"
      "glEnable(GL_TEXTURE_2D)\n" +
      kTexTri);
  auto t = c.all<trace::CreateTexture>();
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].texture->format, api::Format::DXT1);
  ASSERT_EQ(t[0].texture->levels.size(), 4u);
  EXPECT_EQ(t[0].texture->levels[2], block);
  EXPECT_THROW(dir.import(head + "glCompressedTexImage2DARB(GL_TEXTURE_2D,0,"
                                 "GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,8,4,0,16,*1)\n"
                                 "glCompressedTexImage2DARB(GL_TEXTURE_2D,1,"
                                 "GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,4,4,0,8,*2)\n"),
               Error);
}

TEST(GlTextures, ShortImageNamesTheBytes) {
  CaptureDir dir("tex8");
  dir.buffers({{}, {1, 2, 3, 4, 5, 6, 0, 0, 7, 8, 9}});
  try {
    dir.import(kTexHead + "glTexImage2D(GL_TEXTURE_2D,0,3,2,2,0,GL_RGB,GL_UNSIGNED_BYTE,*1)\n");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              dir.path("cap.txt") +
                  ":3: glTexImage2D: the image needs 14 bytes (2x2, rows of 8) but the buffer "
                  "holds 11");
  }
}

}  // namespace
}  // namespace gfx::import

namespace gfx::import {
namespace {

// GL_SINGLE_COLOR adds specular light before texturing, D3D9 after: an error only when
// there is specular light to add.
TEST(GlTextures, SingleColourSpecularUnderTexturing) {
  CaptureDir dir("tex9");
  dir.buffers({{}, {10, 20, 30, 40}});
  const std::string lit = kTexHead + tex_setup("4", "GL_RGBA") +
                          "glEnable(GL_LIGHTING)\nglEnable(GL_LIGHT0)\n";  // light 0: white
  EXPECT_NO_THROW(dir.import(lit + kTexTri));  // GL's default material has no specular
  const std::string shiny = lit + "glMaterialfv(GL_FRONT,GL_SPECULAR,{1,1,1,1})\n";
  EXPECT_THROW(dir.import(shiny + kTexTri), Error);
  EXPECT_NO_THROW(dir.import(
      shiny + "glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL,GL_SEPARATE_SPECULAR_COLOR)\n" +
      kTexTri));
}

}  // namespace
}  // namespace gfx::import

namespace gfx::import {
namespace {

// An eye plane is kept as p M^-1 of the modelview when it is given (here a translation
// by -5 in z), then used in eye space whatever the draw's modelview.
TEST(GlTextures, EyeLinearPlaneTakesTheModelviewWhenGiven) {
  CaptureDir dir("tex10");
  dir.buffers({{}, {10, 20, 30, 40}});
  Collect c = dir.import(kTexHead + tex_setup("4", "GL_RGBA") +
                         "glTranslatef(0,0,-5)\nglTexGenfv(GL_S,GL_EYE_PLANE,{0,0,1,0})\n"
                         "glLoadIdentity()\nglRotatef(30,0,1,0)\n"
                         "glEnable(GL_TEXTURE_GEN_S)\nglEnable(GL_TEXTURE_GEN_T)\n" +
                         kTexTri);
  api::Matrix4 m{};
  for (const auto& t : c.all<trace::SetTransform>())
    if (t.kind == api::TransformKind::Texture0) m = t.matrix;
  // s = (0, 0, 1, 5) . eye = (0, 0, -1, 5) . D3D view position; t = the default plane y.
  EXPECT_EQ(m, (api::Matrix4{0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 5, 0, 0, 1}));
  EXPECT_EQ(stage0(c).texcoord_index, 0x20000u);
}

TEST(GlArrays, DrawRangeElementsFromClientIndices) {
  CaptureDir dir("arrays4");
  std::vector<float> pos(4 * 2);
  for (int i = 0; i < 4; ++i) pos[2 * i] = float(i);
  dir.buffers({{}, bytes_of(pos), bytes_of(std::vector<uint16_t>{1, 2, 3})});
  const std::string arrays =
      "glVertexPointer(2,GL_FLOAT,0,*1)\n"
      "glEnableClientState(GL_VERTEX_ARRAY)\n";
  Collect c = dir.import(kTexHead + arrays +
                         "glDrawRangeElements(GL_TRIANGLES,1,3,3,GL_UNSIGNED_SHORT,*2)\n");
  auto vbs = c.all<trace::CreateVertexBuffer>();
  ASSERT_EQ(vbs.size(), 1u);
  EXPECT_EQ(values_of<float>(vbs[0].buffer->bytes)[0], 1.0f);  // the span starts at index 1
  auto ibs = c.all<trace::CreateIndexBuffer>();
  ASSERT_EQ(ibs.size(), 1u);
  EXPECT_EQ(values_of<uint16_t>(ibs[0].buffer->bytes), (std::vector<uint16_t>{0, 1, 2}));
  try {
    dir.import(kTexHead + arrays +
               "glDrawRangeElements(GL_TRIANGLES,2,3,3,GL_UNSIGNED_SHORT,*2)\n");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), dir.path("cap.txt") +
                                         ":5: glDrawRangeElements: index 1 lies outside the "
                                         "range given");
  }
}

}  // namespace
}  // namespace gfx::import
