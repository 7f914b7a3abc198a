// The PIX importer's surfaces and state blocks on hand-built captures: render-target
// textures and the back buffer bound with SetRenderTarget, StretchRect, UpdateSurface and
// UpdateTexture as copy_rect, ColorFill as a clear with the surface bound, depth surfaces,
// and CreateStateBlock / Capture of the current state (all, pixel, vertex).
#include <gtest/gtest.h>

#include "pix_bytes.h"
#include "pix_test_util.h"

namespace gfx::import {
namespace {

using testing::Commands;
using testing::device;
using testing::import;
using testing::import_error;
using testing::kDev;
using testing::PixBytes;

constexpr uint32_t kA8R8G8B8 = 21, kUsageRenderTarget = 1, kPoolDefault = 0, kPoolSystem = 2;
constexpr uint32_t kNull = 0, kPtr = 0x50;

// CreateTexture(w, h, levels, usage, A8R8G8B8, pool, out handle, shared handle).
void texture(PixBytes& b, uint32_t handle, uint32_t w, uint32_t h, uint32_t levels, uint32_t usage,
             uint32_t pool) {
  b.call(259, {0, kDev, w, h, levels, usage, kA8R8G8B8, pool, kPtr, handle, 0, 0});
}
void surface_level(PixBytes& b, uint32_t tex, uint32_t level, uint32_t surface) {
  b.call(383, {0, tex, level, kPtr, surface});  // IDirect3DTexture9::GetSurfaceLevel
}
void back_buffer(PixBytes& b, uint32_t surface) {
  b.call(254, {0, kDev, 0, 0, 0, kPtr, surface});  // GetBackBuffer(0, 0, MONO)
}
void set_target(PixBytes& b, uint32_t index, uint32_t surface) {
  b.call(273, {0, kDev, index, surface});
}
std::vector<uint32_t> rect(uint32_t l, uint32_t t, uint32_t r, uint32_t bottom) {
  return {kPtr, l, t, r, bottom};
}
std::vector<uint32_t> null_rect() { return {kNull, 0, 0, 0, 0}; }
std::vector<uint32_t> fields(std::initializer_list<std::vector<uint32_t>> parts) {
  std::vector<uint32_t> out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

TEST(PixSurfaces, RenderTargetTexturesAndStretchRect) {
  PixBytes b = device();  // 64x32
  texture(b, 0x7E, 32, 16, 1, kUsageRenderTarget, kPoolDefault);
  surface_level(b, 0x7E, 0, 0x5A);
  back_buffer(b, 0x5B);
  set_target(b, 0, 0x5A);
  b.call(279, {0, kDev, 0, 0, 0, 0, 0, 0, 1, 0xFF00FF00, PixBytes::bits(1.0f), 0});  // Clear
  set_target(b, 0, 0x5B);
  // StretchRect(back buffer (8, 0)-(64, 32) -> the texture's whole level, LINEAR).
  b.call(270, fields({{0, kDev, 0x5B}, rect(8, 0, 64, 32), {0x5A}, null_rect(), {2}}));
  const Commands c = import(b);
  EXPECT_EQ(c.names(), (std::vector<std::string>{"create_texture", "set_render_target", "clear",
                                                 "set_render_target", "copy_rect"}));
  const auto targets = c.all<trace::SetRenderTarget>();
  EXPECT_EQ(targets[0].index, 0u);
  EXPECT_EQ(targets[0].id, 1u);
  EXPECT_EQ(targets[1].id, 0u);  // the back buffer again
  const trace::CopyRect copy = c.all<trace::CopyRect>()[0];
  EXPECT_EQ(copy.source, 0u);
  EXPECT_EQ(copy.dest, 1u);
  EXPECT_EQ((std::array<uint32_t, 4>{copy.src_left, copy.src_top, copy.src_right, copy.src_bottom}),
            (std::array<uint32_t, 4>{8, 0, 64, 32}));
  EXPECT_EQ((std::array<uint32_t, 4>{copy.dst_left, copy.dst_top, copy.dst_right, copy.dst_bottom}),
            (std::array<uint32_t, 4>{0, 0, 32, 16}));
  EXPECT_EQ(copy.filter, api::Filter::Linear);

  PixBytes into_back = device();
  back_buffer(into_back, 0x5B);
  texture(into_back, 0x7E, 32, 16, 1, kUsageRenderTarget, kPoolDefault);
  surface_level(into_back, 0x7E, 0, 0x5A);
  into_back.call(270, fields({{0, kDev, 0x5A}, null_rect(), {0x5B}, null_rect(), {0}}));
  EXPECT_EQ(import_error(into_back),
            "cap.PIXRun: call 4 (IDirect3DDevice9::StretchRect): byte offset 472: a copy into "
            "the back buffer (--skip-unknown skips it)");
}

TEST(PixSurfaces, ColorFillClearsTheRectangleWithTheSurfaceBound) {
  PixBytes b = device();
  b.call(264, {0, kDev, 16, 8, kA8R8G8B8, 0, 0, 0, kPtr, 0x5C, 0, 0});  // CreateRenderTarget
  b.call(293, {0, kDev, 174, 1});  // SCISSORTESTENABLE on: ColorFill ignores it
  b.call(271, fields({{0, kDev, 0x5C}, rect(2, 1, 10, 5), {0xFF112233}}));
  const Commands c = import(b);
  EXPECT_EQ(c.names(),
            (std::vector<std::string>{"set_render_states", "create_texture", "set_render_target",
                                      "set_render_states", "set_viewport", "clear",
                                      "set_render_states", "set_render_target", "set_viewport"}));
  const auto tex = c.all<trace::CreateTexture>()[0];
  EXPECT_EQ(tex.texture->width, 16u);
  EXPECT_EQ(tex.texture->height, 8u);
  const auto rs = c.all<trace::SetRenderStates>();
  EXPECT_EQ(rs[1].states[0].value, 0u);  // the scissor test off around the clear
  EXPECT_EQ(rs[2].states[0].value, 1u);
  const auto vp = c.all<trace::SetViewport>();
  EXPECT_EQ((std::array<uint32_t, 4>{vp[0].viewport.x, vp[0].viewport.y, vp[0].viewport.width,
                                     vp[0].viewport.height}),
            (std::array<uint32_t, 4>{2, 1, 8, 4}));
  EXPECT_EQ(vp[1].viewport.width, 64u);  // the back buffer's viewport again
  const auto clear = c.all<trace::Clear>()[0];
  EXPECT_EQ(clear.flags, uint32_t(api::ClearTarget));
  EXPECT_EQ(clear.color, 0xFF112233u);
  const auto targets = c.all<trace::SetRenderTarget>();
  EXPECT_EQ(targets[0].id, tex.id);
  EXPECT_EQ(targets[1].id, 0u);
}

TEST(PixSurfaces, UpdateTextureAndUpdateSurfaceCopy) {
  PixBytes b = device();
  texture(b, 0x70, 8, 8, 2, 0, kPoolSystem);   // levels 8x8 and 4x4
  texture(b, 0x71, 4, 4, 1, 0, kPoolDefault);  // takes the source's 4x4 level
  texture(b, 0x72, 16, 16, 1, 0, kPoolDefault);
  b.call(267, {0, kDev, 0x70, 0x71});  // UpdateTexture
  surface_level(b, 0x70, 0, 0x60);
  surface_level(b, 0x72, 0, 0x62);
  // UpdateSurface(src, (2, 2)-(6, 6), dst, POINT (10, 1)).
  b.call(266, fields({{0, kDev, 0x60}, rect(2, 2, 6, 6), {0x62, kPtr, 10, 1}}));
  const Commands c = import(b);
  EXPECT_EQ(c.names(), (std::vector<std::string>{"create_texture", "create_texture", "copy_rect",
                                                 "create_texture", "copy_rect"}));
  const auto copies = c.all<trace::CopyRect>();
  EXPECT_EQ(copies[0].source, 1u);
  EXPECT_EQ(copies[0].source_level, 1u);
  EXPECT_EQ(copies[0].dest, 2u);
  EXPECT_EQ(copies[0].dest_level, 0u);
  EXPECT_EQ(copies[0].src_right, 4u);
  EXPECT_EQ(copies[0].dst_bottom, 4u);
  EXPECT_EQ(copies[1].source, 1u);
  EXPECT_EQ(copies[1].dest, 3u);
  EXPECT_EQ((std::array<uint32_t, 8>{copies[1].src_left, copies[1].src_top, copies[1].src_right,
                                     copies[1].src_bottom, copies[1].dst_left, copies[1].dst_top,
                                     copies[1].dst_right, copies[1].dst_bottom}),
            (std::array<uint32_t, 8>{2, 2, 6, 6, 10, 1, 14, 5}));
}

TEST(PixSurfaces, OnlyTheDevicesOwnDepthSurface) {
  PixBytes b = device();
  b.call(276, {0, kDev, kPtr, 0x5D});  // GetDepthStencilSurface
  b.call(275, {0, kDev, 0x5D});        // set it back: nothing to write
  EXPECT_TRUE(import(b).list.empty());
  b.call(265, {0, kDev, 64, 32, 80, 0, 0, 0, kPtr, 0x5E, 0, 0});  // CreateDepthStencilSurface
  b.call(275, {0, kDev, 0x5E});
  const std::string e = import_error(b);
  EXPECT_NE(e.find("(IDirect3DDevice9::SetDepthStencilSurface)"), std::string::npos) << e;
  EXPECT_NE(e.find(": a depth-stencil surface other than the device's own (the trace's targets "
                   "share it) (--skip-unknown skips it)"),
            std::string::npos)
      << e;
}

// The value of render state `id` in the trace's last set_render_states that sets it.
uint32_t last_value(const Commands& c, api::RenderStateId id) {
  uint32_t v = ~0u;
  for (const auto& s : c.all<trace::SetRenderStates>())
    for (const auto& rs : s.states)
      if (rs.id == id) v = rs.value;
  return v;
}

TEST(PixStateBlocks, CreateStateBlockTakesTheCurrentStateOfItsType) {
  using api::RenderStateId;
  const std::vector<uint32_t> clear = {0, kDev, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0};
  PixBytes b = device();
  b.call(293, {0, kDev, 22, 1});          // CULLMODE none: vertex state
  b.call(293, {0, kDev, 23, 4});          // ZFUNC lessequal: pixel state
  b.call(295, {0, kDev, 2, kPtr, 0xB1});  // CreateStateBlock(PIXELSTATE)
  b.call(295, {0, kDev, 3, kPtr, 0xB2});  // CreateStateBlock(VERTEXSTATE)
  b.call(295, {0, kDev, 1, kPtr, 0xB3});  // CreateStateBlock(ALL)
  const auto set_both = [&](uint32_t cull, uint32_t zfunc) {
    b.call(293, {0, kDev, 22, cull});
    b.call(293, {0, kDev, 23, zfunc});
    b.call(279, clear);
  };
  const auto apply = [&](uint32_t block) {
    b.call(507, {0, block});
    b.call(279, clear);
  };
  std::vector<std::pair<uint32_t, uint32_t>> want;  // (cull, zfunc) at each clear
  set_both(3, 8), want.push_back({3, 8});
  apply(0xB1), want.push_back({3, 4});  // pixel: ZFUNC only
  set_both(3, 8), want.push_back({3, 8});
  apply(0xB2), want.push_back({1, 8});  // vertex: CULLMODE only
  set_both(3, 8), want.push_back({3, 8});
  apply(0xB3), want.push_back({1, 4});  // all
  set_both(2, 7), want.push_back({2, 7});
  b.call(506, {0, 0xB2});  // Capture: the vertex block takes CULLMODE 2
  set_both(3, 8), want.push_back({3, 8});
  apply(0xB2), want.push_back({2, 8});
  const Commands c = import(b);
  // Each clear follows a set_render_states; read the states in force at every clear.
  std::vector<std::pair<uint32_t, uint32_t>> got;
  uint32_t cull = ~0u, zfunc = ~0u;
  for (const auto& cmd : c.list) {
    if (const auto* s = std::get_if<trace::SetRenderStates>(&cmd))
      for (const auto& rs : s->states) {
        if (rs.id == RenderStateId::CullMode) cull = rs.value;
        if (rs.id == RenderStateId::ZFunc) zfunc = rs.value;
      }
    if (std::holds_alternative<trace::Clear>(cmd)) got.push_back({cull, zfunc});
  }
  EXPECT_EQ(got, want);
  EXPECT_EQ(last_value(c, RenderStateId::CullMode), 2u);

  PixBytes multiplied = device();
  multiplied.call(282, fields({{0, kDev, 256, kPtr},
                               std::vector<uint32_t>(16, 0)}));  // MultiplyTransform(WORLD)
  multiplied.call(295, {0, kDev, 1, kPtr, 0xB4});
  EXPECT_NE(import_error(multiplied)
                .find("a transform last set by MultiplyTransform in a captured "
                      "state block"),
            std::string::npos);
}

}  // namespace
}  // namespace gfx::import
