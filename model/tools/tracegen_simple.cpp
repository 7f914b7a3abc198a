// The three small bundled traces: triangle (first light), fillrate (raster/ROP bound)
// and bandwidth (DRAM bound). Full-screen quads are given in clip space with identity
// transforms; the triangle goes through a real camera.
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

void identity_transforms(trace::TraceBuilder& b) {
  b.set_transform(TransformKind::World, to_api(identity()));
  b.set_transform(TransformKind::View, to_api(identity()));
  b.set_transform(TransformKind::Projection, to_api(identity()));
}

// A clip-space quad as a 4-vertex triangle strip (top-left, top-right, bottom-left,
// bottom-right: clockwise on screen), with texcoords from (u0, v0) to (u1, v1).
void push_quad(std::vector<Vertex>& out, double x0, double y0, double x1, double y1, double z,
               uint32_t color, double u0 = 0, double v0 = 0, double u1 = 0, double v1 = 0) {
  auto f = [](double d) { return static_cast<float>(d); };
  out.push_back({f(x0), f(y1), f(z), color, f(u0), f(v0)});
  out.push_back({f(x1), f(y1), f(z), color, f(u1), f(v0)});
  out.push_back({f(x0), f(y0), f(z), color, f(u0), f(v1)});
  out.push_back({f(x1), f(y0), f(z), color, f(u1), f(v1)});
}

trace::Header header(const char* name, uint32_t w, uint32_t h) {
  trace::Header hd;
  hd.name = name;
  hd.width = w;
  hd.height = h;
  return hd;
}

}  // namespace

void write_triangle(const std::string& path) {
  auto w = trace::Writer::create(path, header("triangle", 320, 240), trace::Form::Yaml);
  trace::TraceBuilder b(*w);
  auto decl = b.vertex_declaration(decl_position_color());
  const std::vector<Vertex> v = {{0.0f, 1.0f, 0.0f, 0xFFFF0000, 0, 0},
                                 {0.9f, -0.7f, 0.0f, 0xFF00FF00, 0, 0},
                                 {-0.9f, -0.7f, 0.0f, 0xFF0000FF, 0, 0}};
  auto vb = b.vertex_buffer_bytes(pack_pc(v));
  b.set_viewport({0, 0, 320, 240, 0.0f, 1.0f});
  b.set_transform(TransformKind::World, to_api(identity()));
  b.set_transform(TransformKind::View, to_api(look_at_lh({0, 0, -2.5}, {0, 0, 0}, {0, 1, 0})));
  b.set_transform(TransformKind::Projection,
                  to_api(perspective_fov_lh(kPi / 3, 320.0 / 240.0, 0.5, 10.0)));
  b.set_render_state(RenderStateId::Lighting, 0);  // unlit: vertex colours as given
  b.set_render_state(RenderStateId::ZEnable, 0);
  b.set_render_state(RenderStateId::CullMode, api::Cull::None);
  b.set_vertex_declaration(decl);
  b.set_stream_source(0, vb, kStridePC);
  b.clear(api::ClearTarget, 0xFF808080);
  b.draw_primitive(Topology::TriangleList, 0, 1);
  b.present();
  w->finish();
}

void write_fillrate(const std::string& path) {
  constexpr int kQuads = 16;
  static const uint32_t kColors[8] = {0xFFE04040, 0xFF40E040, 0xFF4040E0, 0xFFE0E040,
                                      0xFFE040E0, 0xFF40E0E0, 0xFFF0A040, 0xFFA0A0A0};
  auto w = trace::Writer::create(path, header("fillrate", 640, 480), trace::Form::Binary);
  trace::TraceBuilder b(*w);
  auto decl = b.vertex_declaration(decl_position_color());
  std::vector<Vertex> v;
  for (int i = 0; i < kQuads; ++i) {
    double e = 1.05 + 0.01 * i;  // every quad covers the screen, with slightly different edges
    push_quad(v, -e, -e, e, e, 0.5, kColors[i % 8]);
  }
  auto vb = b.vertex_buffer_bytes(pack_pc(v));
  b.set_viewport({0, 0, 640, 480, 0.0f, 1.0f});
  identity_transforms(b);
  b.set_vertex_declaration(decl);
  b.set_stream_source(0, vb, kStridePC);
  b.set_texture(0, 0);
  for (int frame = 0; frame < 2; ++frame) {
    b.set_render_state(RenderStateId::Lighting, 0);  // unlit: vertex colours as given
    b.set_render_state(RenderStateId::ZEnable, 0);
    b.set_render_state(RenderStateId::AlphaBlendEnable, 0);
    b.set_render_state(RenderStateId::CullMode, api::Cull::None);
    b.set_render_state(RenderStateId::ShadeMode, api::ShadeMode::Flat);
    b.clear(api::ClearTarget, 0xFF000000);
    for (int i = 0; i < kQuads; ++i) b.draw_primitive(Topology::TriangleStrip, 4 * i, 2);
    b.present();
  }
  w->finish();
}

void write_bandwidth(const std::string& path) {
  constexpr int kQuads = 6;
  // 17 texels per pixel in u and v: every pixel lands on texels no neighbour touches.
  constexpr double kTexelsPerPixel = 17.0, kSize = 1024.0;
  auto w = trace::Writer::create(path, header("bandwidth", 640, 480), trace::Form::Binary);
  trace::TraceBuilder b(*w);
  auto decl = b.vertex_declaration(decl_position_color_tex());
  auto tex = b.texture(make_texture(tiles(1024, 16), /*mips=*/false));
  std::vector<Vertex> v;
  const double u_span = 640 * kTexelsPerPixel / kSize, v_span = 480 * kTexelsPerPixel / kSize;
  for (int i = 0; i < kQuads; ++i) {
    double z = 0.9 - 0.1 * i, du = 0.37 * i, dv = 0.23 * i;  // nearer each time: z test passes
    push_quad(v, -1, -1, 1, 1, z, 0x80FFFFFF, du, dv, du + u_span, dv + v_span);
  }
  auto vb = b.vertex_buffer_bytes(pack_pct(v));
  b.set_viewport({0, 0, 640, 480, 0.0f, 1.0f});
  identity_transforms(b);
  b.set_vertex_declaration(decl);
  b.set_stream_source(0, vb, kStridePCT);
  api::SamplerState point;  // point min/mag, no mips, wrap
  b.set_sampler_state(0, point);
  for (int frame = 0; frame < 2; ++frame) {
    b.set_render_state(RenderStateId::Lighting, 0);  // unlit: vertex colours as given
    b.set_render_state(RenderStateId::ZEnable, 1);
    b.set_render_state(RenderStateId::ZFunc, api::CmpFunc::LessEqual);
    b.set_render_state(RenderStateId::ZWriteEnable, 1);
    b.set_render_state(RenderStateId::CullMode, api::Cull::None);
    b.set_render_state(RenderStateId::AlphaBlendEnable, 1);
    b.set_render_state(RenderStateId::SrcBlend, api::Blend::SrcAlpha);
    b.set_render_state(RenderStateId::DestBlend, api::Blend::InvSrcAlpha);
    b.clear(api::ClearTarget | api::ClearZBuffer, 0xFF000000, 1.0f);
    b.set_texture(0, tex);
    for (int i = 0; i < kQuads; ++i) b.draw_primitive(Topology::TriangleStrip, 4 * i, 2);
    b.present();
  }
  w->finish();
}

}  // namespace gfx::tracegen
