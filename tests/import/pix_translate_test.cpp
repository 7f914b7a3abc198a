// The D3D9 device model of `gfxsim-import pix` on hand-built captures: resources reach
// the trace before the first draw that reads them (and again when rewritten), texture
// rows lose their padding and convert, FVFs become declarations, draws from user memory
// get buffers, and untranslatable calls stop the import or are skipped and counted.
#include <gtest/gtest.h>

#include "common/error.h"
#include "import/import_pix.h"
#include "import/pix_fvf.h"
#include "import/pix_translator.h"
#include "pix_bytes.h"
#include "pix_test_util.h"
#include "trace/writer.h"

namespace gfx::import {
namespace {

using testing::PixBytes;
using testing::Commands;
using testing::device;
using testing::import;
using testing::import_error;
using testing::kDev;

// CreateVertexBuffer(length, usage 0, fvf 0, pool 0, out handle, shared handle).
void vertex_buffer(PixBytes& b, uint32_t handle, uint32_t length) {
  b.call(262, {0, kDev, length, 0, 0, 0, 0x50, handle, 0, 0});
}
void unlock_buffer(PixBytes& b, uint32_t handle, uint32_t offset,
                   const std::vector<uint8_t>& data) {
  b.call(442, {0, handle, offset, 0, 0x60, 0});  // Lock(offset, size, ppbData, flags)
  b.call(443, {0, handle}, PixBytes::array(data));
}

TEST(PixImport, MultiSampleTypeSetsTheSampleCount) {
  EXPECT_EQ(pix_device(read_pix("cap.PIXRun", device().bytes)).sample_count, 0u);
  EXPECT_EQ(pix_device(read_pix("cap.PIXRun", device(4).bytes)).sample_count, 4u);
  try {
    pix_device(read_pix("cap.PIXRun", device(3).bytes));
    FAIL() << "MultiSampleType 3 accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("MultiSampleType 3 is not modelled"), std::string::npos)
        << e.what();
  }
}

TEST(PixImport, DeviceSetsTheHeaderAndBuffersComeBeforeTheirDraw) {
  PixBytes b = device();
  vertex_buffer(b, 0xB1, 36);  // three XYZ vertices
  unlock_buffer(b, 0xB1, 4, {1, 2, 3, 4});
  b.call(325, {0, kDev, 0x002});           // SetFVF(XYZ)
  b.call(336, {0, kDev, 0, 0xB1, 0, 12});  // SetStreamSource(0, vb, 0, 12)
  b.call(277, {0, kDev});                  // BeginScene: ignored
  b.call(317, {0, kDev, 4, 0, 1});         // DrawPrimitive(TRIANGLELIST, 0, 1)
  unlock_buffer(b, 0xB1, 0, {9});          // rewritten after the draw
  b.call(317, {0, kDev, 4, 0, 1});
  b.call(253, {0, kDev, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});  // Present
  PixCapture cap = read_pix("cap.PIXRun", b.bytes);
  EXPECT_EQ(pix_device(cap).width, 64u);
  EXPECT_EQ(pix_device(cap).depth_format, api::Format::D16);
  Commands c = import(b);
  EXPECT_EQ(c.names(),
            (std::vector<std::string>{"create_vertex_declaration", "set_vertex_declaration",
                                      "create_vertex_buffer", "set_stream_source", "draw_primitive",
                                      "create_vertex_buffer", "set_stream_source", "draw_primitive",
                                      "present"}));
  auto vbs = c.all<trace::CreateVertexBuffer>();
  std::vector<uint8_t> want(36, 0);
  want[4] = 1, want[5] = 2, want[6] = 3, want[7] = 4;
  EXPECT_EQ(vbs[0].buffer->bytes, want);
  want[0] = 9;
  EXPECT_EQ(vbs[1].buffer->bytes, want);
  EXPECT_EQ(vbs[0].id, vbs[1].id);  // re-created under its id
  EXPECT_EQ(c.all<trace::SetStreamSource>()[0].source.stride, 12u);
}

TEST(PixImport, TextureRowsLoseTheirPaddingAndR8G8B8Converts) {
  PixBytes b = device();
  // CreateTexture(2x2, 2 levels, usage 0, D3DFMT_R8G8B8, pool 1)
  b.call(259, {0, kDev, 2, 2, 2, 0, 20, 1, 0x70, 0x7E, 0, 0});
  b.call(383, {0, 0x7E, 0, 0x80, 0x5F0});  // GetSurfaceLevel(0) -> surface 0x5F0
  // Surface LockRect: pitch 8 (2 bytes of padding per row), whole level, flags 0
  b.call(472, {0, 0x5F0, 0x90, 8, 0xAAAA, 0, 0, 0, 0, 0, 0});
  b.call(473, {0, 0x5F0}, PixBytes::array({1, 2, 3, 4, 5, 6, 0xEE, 0xEE, 7, 8, 9, 10, 11, 12}));
  // Texture LockRect(level 1, pitch 4, rect (0,0)-(1,1)), then UnlockRect(1)
  b.call(384, {0, 0x7E, 1, 0x90, 4, 0xBBBB, 0x94, 0, 0, 1, 1, 0});
  b.call(385, {0, 0x7E, 1}, PixBytes::array({0x10, 0x20, 0x30}));
  b.call(301, {0, kDev, 0, 0x7E});  // SetTexture(0, tex)
  b.call(305, {0, kDev, 0, 5, 2});  // SetSamplerState(0, MAGFILTER, LINEAR)
  b.call(317, {0, kDev, 4, 0, 1});
  Commands c = import(b);
  auto tex = c.all<trace::CreateTexture>();
  ASSERT_EQ(tex.size(), 1u);
  EXPECT_EQ(tex[0].texture->format, api::Format::X8R8G8B8);
  ASSERT_EQ(tex[0].texture->levels.size(), 2u);
  EXPECT_EQ(tex[0].texture->levels[0],
            (std::vector<uint8_t>{1, 2, 3, 0xFF, 4, 5, 6, 0xFF, 7, 8, 9, 0xFF, 10, 11, 12, 0xFF}));
  EXPECT_EQ(tex[0].texture->levels[1], (std::vector<uint8_t>{0x10, 0x20, 0x30, 0xFF}));
  auto samplers = c.all<trace::SetSamplerState>();
  ASSERT_EQ(samplers.size(), 1u);
  EXPECT_EQ(samplers[0].state.mag_filter, api::Filter::Linear);
  EXPECT_EQ(samplers[0].state.min_filter, api::Filter::Point);
  auto bound = c.all<trace::SetTexture>();
  ASSERT_EQ(bound.size(), 1u);
  EXPECT_EQ(bound[0].id, tex[0].id);
}

TEST(PixImport, CubeFacesLandInTheirPlaceOfTheLevel) {
  PixBytes b = device();
  b.call(261, {0, kDev, 2, 1, 0, 21, 1, 0x70, 0xC0, 0, 0});  // CreateCubeTexture(2, 1 level)
  // CubeTexture LockRect(face 3 = -Y, level 0, pitch 8, whole face), UnlockRect(3, 0)
  b.call(428, {0, 0xC0, 3, 0, 0x90, 8, 0xAAAA, 0, 0, 0, 0, 0, 0});
  std::vector<uint8_t> face3(16), face5(16);
  for (int i = 0; i < 16; ++i) face3[i] = uint8_t(30 + i), face5[i] = uint8_t(50 + i);
  b.call(429, {0, 0xC0, 3, 0}, PixBytes::array(face3));
  b.call(427, {0, 0xC0, 5, 0, 0x80, 0x5F5});  // GetCubeMapSurface(-Z, 0) -> surface
  b.call(472, {0, 0x5F5, 0x90, 8, 0xBBBB, 0, 0, 0, 0, 0, 0});
  b.call(473, {0, 0x5F5}, PixBytes::array(face5));
  b.call(301, {0, kDev, 0, 0xC0});
  b.call(317, {0, kDev, 4, 0, 1});
  Commands c = import(b);
  auto tex = c.all<trace::CreateTexture>();
  ASSERT_EQ(tex.size(), 1u);
  EXPECT_EQ(tex[0].texture->kind, api::TextureKind::Cube);
  const std::vector<uint8_t>& level = tex[0].texture->levels.at(0);
  ASSERT_EQ(level.size(), 6u * 16);
  EXPECT_EQ(std::vector<uint8_t>(level.begin() + 48, level.begin() + 64), face3);
  EXPECT_EQ(std::vector<uint8_t>(level.begin() + 80, level.end()), face5);
  EXPECT_EQ(std::vector<uint8_t>(level.begin(), level.begin() + 48), std::vector<uint8_t>(48, 0));
}

TEST(PixImport, VolumeSlicesLoseTheirPaddingAndLodFollowsCreation) {
  PixBytes b = device();
  // CreateVolumeTexture(2x2x2, 1 level, usage 0, A8R8G8B8, pool 1)
  b.call(260, {0, kDev, 2, 2, 2, 1, 0, 21, 1, 0x70, 0x7F, 0, 0});
  // LockBox(level 0, row pitch 8, slice pitch 20, whole level), UnlockBox(0)
  b.call(406, {0, 0x7F, 0, 0x90, 8, 20, 0xCCCC, 0, 0, 0, 0, 0, 0, 0, 0});
  std::vector<uint8_t> bytes;
  for (int i = 0; i < 16; ++i) bytes.push_back(uint8_t(i));
  for (int i = 0; i < 4; ++i) bytes.push_back(0xEE);  // the slice's padding
  for (int i = 0; i < 16; ++i) bytes.push_back(uint8_t(100 + i));
  b.call(407, {0, 0x7F, 0}, PixBytes::array(bytes));
  b.call(398, {0, 0x7F, 1});  // SetLOD(1) before the texture is in the trace
  b.call(301, {0, kDev, 0, 0x7F});
  b.call(317, {0, kDev, 4, 0, 1});
  b.call(398, {0, 0x7F, 0});  // and after
  Commands c = import(b);
  auto lods = c.all<trace::SetLod>();
  ASSERT_EQ(lods.size(), 2u);
  EXPECT_EQ(lods[0].lod, 1u);
  EXPECT_EQ(lods[1].lod, 0u);
  const std::vector<std::string> names = c.names();
  EXPECT_EQ(std::vector<std::string>(names.end() - 5, names.end()),
            (std::vector<std::string>{"create_texture", "set_lod", "set_texture", "draw_primitive",
                                      "set_lod"}));
  auto tex = c.all<trace::CreateTexture>();
  ASSERT_EQ(tex.size(), 1u);
  EXPECT_EQ(lods[0].id, tex[0].id);
  EXPECT_EQ(tex[0].texture->kind, api::TextureKind::Volume);
  EXPECT_EQ(tex[0].texture->depth, 2u);
  std::vector<uint8_t> want(bytes.begin(), bytes.begin() + 16);
  want.insert(want.end(), bytes.begin() + 20, bytes.end());
  EXPECT_EQ(tex[0].texture->levels.at(0), want);
}

TEST(PixImport, FvfBecomesADeclaration) {
  // XYZ | TEX1: the ATTILA captures' layout
  auto e = fvf_elements(0x102);
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[1].offset, 12u);
  EXPECT_EQ(e[1].type, api::DeclType::Float2);
  EXPECT_EQ(e[1].usage, api::DeclUsage::TexCoord);
  // XYZB3 with UBYTE4 indices (two weights), normal, diffuse, specular, two sets of
  // texture coordinates: one float, then four
  const uint32_t fvf = 0x0A | 0x1000 | 0x10 | 0x40 | 0x80 | 0x200 | (3u << 16) | (2u << 18);
  e = fvf_elements(fvf);
  using api::DeclType;
  using api::DeclUsage;
  const std::vector<std::pair<DeclType, DeclUsage>> want = {
      {DeclType::Float3, DeclUsage::Position},     {DeclType::Float2, DeclUsage::BlendWeight},
      {DeclType::UByte4, DeclUsage::BlendIndices}, {DeclType::Float3, DeclUsage::Normal},
      {DeclType::D3DColor, DeclUsage::Color},      {DeclType::D3DColor, DeclUsage::Color},
      {DeclType::Float1, DeclUsage::TexCoord},     {DeclType::Float4, DeclUsage::TexCoord}};
  ASSERT_EQ(e.size(), want.size());
  const std::vector<uint16_t> offsets = {0, 12, 20, 24, 36, 40, 44, 48};
  for (size_t i = 0; i < e.size(); ++i) {
    EXPECT_EQ(e[i].type, want[i].first) << i;
    EXPECT_EQ(e[i].usage, want[i].second) << i;
    EXPECT_EQ(e[i].offset, offsets[i]) << i;
  }
  EXPECT_EQ(e[5].usage_index, 1u);
  EXPECT_EQ(e[7].usage_index, 1u);
  EXPECT_EQ(fvf_stride(fvf), 64u);
  EXPECT_EQ(fvf_elements(0x004 | 0x40)[0].usage, DeclUsage::PositionT);  // XYZRHW
  EXPECT_THROW(fvf_elements(0x002 | 0x200000), ConversionError);         // a size bit past TEXCOUNT
}

TEST(PixImport, DrawFromUserMemoryGetsABufferAndUnbindsStreamZero) {
  PixBytes b = device();
  vertex_buffer(b, 0xB1, 36);
  b.call(336, {0, kDev, 0, 0xB1, 0, 12});
  // DrawPrimitiveUP(TRIANGLELIST, 1 primitive, data, stride 12) + 36 bytes
  b.call(319, {0, kDev, 4, 1, 0x9000, 12}, PixBytes::array(std::vector<uint8_t>(36, 7)));
  b.call(317, {0, kDev, 4, 0, 1});  // DrawPrimitive: stream 0 is now empty
  Commands c = import(b);
  auto vbs = c.all<trace::CreateVertexBuffer>();
  ASSERT_EQ(vbs.size(), 1u);  // the capture's buffer is never drawn from
  EXPECT_EQ(vbs[0].buffer->bytes, std::vector<uint8_t>(36, 7));
  auto streams = c.all<trace::SetStreamSource>();
  ASSERT_EQ(streams.size(), 2u);
  EXPECT_EQ(streams[0].source.buffer, vbs[0].id);
  EXPECT_EQ(streams[1].source.buffer, 0u);
  EXPECT_EQ(c.all<trace::DrawPrimitive>().size(), 2u);
}

TEST(PixImport, StatesBecomeTheirCommands) {
  PixBytes b = device();
  b.call(293, {0, kDev, 22, 1});                 // SetRenderState(CULLMODE, NONE)
  b.call(293, {0, kDev, 26, 1});                 // DITHERENABLE: nothing to model
  b.call(303, {0, kDev, 1, 1, 4});               // SetTextureStageState(1, COLOROP, MODULATE)
  std::vector<uint32_t> f = {0, kDev, 2, 0x10};  // SetTransform(VIEW, matrix)
  for (int i = 0; i < 16; ++i) f.push_back(PixBytes::bits(float(i)));
  b.call(280, f);
  b.call(283, {0, kDev, 0x10, 1, 2, 30, 20, 0, PixBytes::bits(1.0f)});  // SetViewport
  // SetVertexShaderConstantF(3, data, 1)
  b.call(330, {0, kDev, 3, 0x20, PixBytes::bits(5.0f), 1},
         PixBytes::array(PixBytes::floats({5, 6, 7, 8})));
  Commands c = import(b);
  auto rs = c.all<trace::SetRenderStates>();
  ASSERT_EQ(rs.size(), 1u);
  ASSERT_EQ(rs[0].states.size(), 1u);
  EXPECT_EQ(rs[0].states[0].id, api::RenderStateId::CullMode);
  EXPECT_EQ(rs[0].states[0].value, 1u);
  auto tss = c.all<trace::SetTextureStageState>();
  ASSERT_EQ(tss.size(), 1u);
  EXPECT_EQ(tss[0].state.color_op, 4u);
  EXPECT_EQ(tss[0].state.alpha_op, 1u);        // stages past 0 start disabled
  EXPECT_EQ(tss[0].state.texcoord_index, 1u);  // and read their own coordinate set
  auto tr = c.all<trace::SetTransform>();
  ASSERT_EQ(tr.size(), 1u);
  EXPECT_EQ(tr[0].kind, api::TransformKind::View);
  EXPECT_EQ(tr[0].matrix[13], 13.0f);
  auto vp = c.all<trace::SetViewport>();
  ASSERT_EQ(vp.size(), 1u);
  EXPECT_EQ(vp[0].viewport.x, 1u);
  EXPECT_EQ(vp[0].viewport.height, 20u);
  EXPECT_EQ(vp[0].viewport.max_z, 1.0f);
  auto k = c.all<trace::SetShaderConstants>();
  ASSERT_EQ(k.size(), 1u);
  EXPECT_EQ(k[0].start_register, 3u);
  EXPECT_EQ(k[0].values, (std::vector<float>{5, 6, 7, 8}));
}

TEST(PixImport, UntranslatableCallsStopOrAreSkipped) {
  // The device's record chunk spans 40..160, so the next call's record sits at 208.
  PixBytes b = device();
  b.call(252, {0, kDev, 0x50, 0});  // Reset(pPresentationParameters)
  b.call(293, {0, kDev, 128, 1});   // SetRenderState(WRAP0, 1)
  EXPECT_EQ(import_error(b),
            "cap.PIXRun: call 1 (IDirect3DDevice9::Reset): byte offset 208: call not "
            "supported by the importer (--skip-unknown skips it)");
  TranslateOptions skip;
  skip.skip_unknown = true;
  Commands c;
  ImportReport r = import_pix(read_pix("cap.PIXRun", b.bytes), c, skip);
  EXPECT_EQ(r.skipped, (std::map<std::string, uint32_t>{{"IDirect3DDevice9::Reset", 1},
                                                        {"IDirect3DDevice9::SetRenderState", 1}}));
  PixBytes bad = device();
  bad.call(336, {0, kDev, 0, 0xBAD, 0, 12});  // a buffer never created
  EXPECT_EQ(import_error(bad, skip),
            "cap.PIXRun: call 1 (IDirect3DDevice9::SetStreamSource): byte offset 208: unknown "
            "vertex buffer 0xBAD");
}

TEST(PixImport, DrawsPastTheirBuffersAreErrors) {
  // Three XYZ vertices; an index buffer of three 16-bit indices (0, 1, 2).
  PixBytes b = device();
  vertex_buffer(b, 0xB1, 36);
  b.call(263, {0, kDev, 6, 0, 101, 0, 0x50, 0x1B, 0, 0});  // CreateIndexBuffer(6, INDEX16)
  b.call(456, {0, 0x1B, 0, 0, 0x60, 0});
  b.call(457, {0, 0x1B}, PixBytes::array({0, 0, 1, 0, 2, 0}));
  b.call(325, {0, kDev, 0x002});
  b.call(336, {0, kDev, 0, 0xB1, 0, 12});
  b.call(340, {0, kDev, 0x1B});
  PixBytes draw_past = b, base_past = b, indices_past = b;
  draw_past.call(317, {0, kDev, 4, 1, 1});              // vertices 1..3
  base_past.call(318, {0, kDev, 4, 1, 0, 3, 0, 1});     // base 1: vertices 1..3
  indices_past.call(318, {0, kDev, 5, 0, 0, 3, 1, 1});  // strip from index 1: 1..3
  // The chunks so far end at 734: the draw's event spans 734..762, its record starts at 782.
  const std::string at = "cap.PIXRun: call 8 (IDirect3DDevice9::";
  EXPECT_EQ(import_error(draw_past),
            at + "DrawPrimitive): byte offset 782: the draw reads vertices 1..3 of stream 0, "
                 "bytes up to 48 of a vertex buffer of 36");
  EXPECT_EQ(import_error(base_past),
            at + "DrawIndexedPrimitive): byte offset 782: the draw reads vertices 1..3 of "
                 "stream 0, bytes up to 48 of a vertex buffer of 36");
  EXPECT_EQ(import_error(indices_past),
            at + "DrawIndexedPrimitive): byte offset 782: the draw reads indices 1..3, bytes up "
                 "to 8 of an index buffer of 6");
  b.call(318, {0, kDev, 4, 0, 0, 3, 0, 1});  // the whole buffer: fine
  EXPECT_EQ(import(b).all<trace::DrawIndexedPrimitive>().size(), 1u);
}

TEST(PixImport, RecordedStateBlocksApplyTheirCalls) {
  PixBytes b = device();
  const std::vector<uint32_t> clear = {0, kDev, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0};
  b.call(296, {0, kDev});              // BeginStateBlock
  b.call(293, {0, kDev, 22, 1});       // recorded, not applied
  b.call(297, {0, kDev, 0x50, 0x5B});  // EndStateBlock -> block 0x5B
  b.call(293, {0, kDev, 22, 3});
  b.call(279, clear);
  b.call(507, {0, 0x5B});  // Apply
  b.call(279, clear);
  Commands c = import(b);
  EXPECT_EQ(c.names(),
            (std::vector<std::string>{"set_render_states", "clear", "set_render_states", "clear"}));
  auto rs = c.all<trace::SetRenderStates>();
  EXPECT_EQ(rs[0].states.back().value, 3u);
  EXPECT_EQ(rs[1].states.back().value, 1u);
  PixBytes bad = device();
  bad.call(507, {0, 0x77});  // a block Begin/EndStateBlock did not make
  EXPECT_EQ(import_error(bad),
            "cap.PIXRun: call 1 (IDirect3DStateBlock9::Apply): byte offset 208: Apply of an "
            "unknown state block");
}

TEST(PixImport, FramesBeforeTheStartKeepStateOnly) {
  PixBytes b = device();
  const std::vector<uint32_t> present = {0, kDev, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  const std::vector<uint32_t> clear = {
      0, kDev, 0, 0, 0, 0, 0, 0, 3, 0xFF0000FF, PixBytes::bits(1.0f), 0};
  for (int frame = 0; frame < 3; ++frame) {
    b.call(293, {0, kDev, 22, uint32_t(1 + frame)});
    b.call(279, clear);
    b.call(253, present);
  }
  TranslateOptions o;
  o.frames.start_frame = 1;
  o.frames.frame_count = 1;
  Commands c;
  ImportReport r = import_pix(read_pix("cap.PIXRun", b.bytes), c, o);
  EXPECT_EQ(r.frames, 1u);
  // Frame 0's state and frame 1's share one batch, the later value winning; frame 2 is
  // never read.
  EXPECT_EQ(c.names(), (std::vector<std::string>{"set_render_states", "clear", "present"}));
  EXPECT_EQ(c.all<trace::Clear>()[0].color, 0xFF0000FFu);
  EXPECT_EQ(c.all<trace::SetRenderStates>()[0].states.back().value, 2u);
}

}  // namespace
}  // namespace gfx::import
