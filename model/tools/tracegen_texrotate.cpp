// The rotated-texture microbenchmark (traces/README.md, docs/units/shader-cores.md#texture
// layouts): one 512x512 A8R8G8B8 texture drawn over a 512x512 screen one texel per pixel
// (point filter, texel centres), once as it is and once rotated by 90 degrees (u and v
// swapped, so screen rows walk texture columns), from a copy in each layout:
//   frame 0: linear, unrotated   frame 1: linear, rotated
//   frame 2: tiled,  unrotated   frame 3: tiled,  rotated
// The texture (1 MiB) is far larger than a texture cache, so which lines a screen tile
// shares with the next depends on the layout: a linear line is 16 texels of one row, which
// a rotated screen row crosses one texel at a time; a tiled line is a 4x4 square either way.
// Frames 0 and 2 (and 1 and 3) are the same pixels: the layout never changes what is drawn.
#include <vector>

#include "tools/tracegen_meshes.h"
#include "tools/tracegen_textures.h"
#include "tools/tracegen_traces.h"
#include "trace/builder.h"

namespace gfx::tracegen {

using api::RenderStateId;
using api::Topology;
using api::TransformKind;

namespace {

constexpr uint32_t kSide = 512;  // screen and texture, pixels and texels

// A full-screen clip-space quad as a 4-vertex strip (top-left, top-right, bottom-left,
// bottom-right). D3D9 samples pixel (x, y) at the integer point (x, y), where u runs from
// `lo` to `lo + 1` across the screen: with lo half a texel, pixel x reads the centre of
// texel x. Rotated, u and v are swapped, so pixel (x, y) reads texel (y, x).
void push_screen_quad(std::vector<Vertex>& out, bool rotated) {
  const float lo = 0.5f / kSide, hi = 1.0f + lo;
  auto vtx = [&](float x, float y, float u, float v) {
    out.push_back({x, y, 0.5f, 0xFFFFFFFF, rotated ? v : u, rotated ? u : v});
  };
  vtx(-1, 1, lo, lo);
  vtx(1, 1, hi, lo);
  vtx(-1, -1, lo, hi);
  vtx(1, -1, hi, hi);
}

}  // namespace

void write_texrotate(const std::string& path) {
  trace::Header hd;
  hd.name = "texrotate";
  hd.width = kSide;
  hd.height = kSide;
  auto w = trace::Writer::create(path, hd, trace::Form::Binary);
  trace::TraceBuilder b(*w);
  auto decl = b.vertex_declaration(decl_position_color_tex());
  api::Texture linear = make_texture(tiles(kSide, 32), /*mips=*/false);
  linear.layout = api::TextureLayout::Linear;
  api::Texture tiled = linear;
  tiled.layout = api::TextureLayout::Tiled;
  const api::ResourceId textures[2] = {b.texture(std::move(linear)), b.texture(std::move(tiled))};
  std::vector<Vertex> v;
  push_screen_quad(v, false);
  push_screen_quad(v, true);
  auto vb = b.vertex_buffer_bytes(pack_pct(v));
  b.set_viewport({0, 0, kSide, kSide, 0.0f, 1.0f});
  b.set_transform(TransformKind::World, to_api(identity()));
  b.set_transform(TransformKind::View, to_api(identity()));
  b.set_transform(TransformKind::Projection, to_api(identity()));
  b.set_render_state(RenderStateId::Lighting, 0);  // unlit: vertex colours as given
  b.set_render_state(RenderStateId::ZEnable, 0);
  b.set_render_state(RenderStateId::CullMode, api::Cull::None);
  b.set_vertex_declaration(decl);
  b.set_stream_source(0, vb, kStridePCT);
  api::SamplerState bilinear;  // no mips, wrap
  bilinear.min_filter = bilinear.mag_filter = api::Filter::Linear;
  b.set_sampler_state(0, bilinear);
  for (api::ResourceId tex : textures) {
    b.set_texture(0, tex);
    for (int rotated = 0; rotated < 2; ++rotated) {
      b.clear(api::ClearTarget, 0xFF000000, 1.0f);
      b.draw_primitive(Topology::TriangleStrip, 4 * rotated, 2);
      b.present();
    }
  }
  w->finish();
}

}  // namespace gfx::tracegen
