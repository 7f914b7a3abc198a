// scene640: a small depth-tested, textured scene seen by a moving camera over 4 frames.
// A 40x40-quad ground (16-bit indexed list, D3D9 DrawIndexedPrimitive), 30 cubes and
// spheres in five variants that cover both index widths, lists and strips, and both
// draw APIs, three 256x256 mipmapped textures with two filtering setups, and a few
// alpha-blended quads drawn last without depth writes.
#include "tools/tracegen_scene640.h"

#include <array>
#include <string>
#include <vector>

#include "tools/tracegen_meshes.h"
#include "tools/tracegen_traces.h"
#include "trace/builder.h"

namespace gfx::tracegen {

using api::RenderStateId;
using api::Topology;
using api::TransformKind;

namespace {

void draw_model(trace::TraceBuilder& b, const scene640::Model& m) {
  b.set_stream_source(0, m.vb, kStridePCT);
  b.set_indices(m.ib);
  if (m.d3d10) {
    b.draw_indexed(m.topology, m.indices);
  } else {
    // D3D9 counts primitives; for the strips with degenerate joins that includes them.
    uint32_t prims = m.topology == Topology::TriangleList ? m.indices / 3 : m.indices - 2;
    b.draw_indexed_primitive(m.topology, 0, 0, m.vertices, 0, prims);
  }
}

api::SamplerState sampler(bool linear) {
  api::SamplerState s;
  s.min_filter = s.mag_filter = linear ? api::Filter::Linear : api::Filter::Point;
  s.mip_filter = api::Filter::Point;
  return s;
}

void opaque_states(trace::TraceBuilder& b) {
  b.set_render_state(RenderStateId::Lighting, 0);  // unlit: vertex colours as given
  b.set_render_state(RenderStateId::ZEnable, 1);
  b.set_render_state(RenderStateId::ZFunc, api::CmpFunc::LessEqual);
  b.set_render_state(RenderStateId::ZWriteEnable, 1);
  b.set_render_state(RenderStateId::CullMode, api::Cull::Ccw);
  b.set_render_state(RenderStateId::AlphaBlendEnable, 0);
}

}  // namespace

void write_scene640(const std::string& path) { write_scene640(path, 0); }

void write_scene640(const std::string& path, uint32_t samples) {
  trace::Header h;
  h.name = samples > 1 ? "scene640_msaa" + std::to_string(samples) + "x" : "scene640";
  h.width = 640;
  h.height = 480;
  h.sample_count = samples;
  auto w = trace::Writer::create(path, h, trace::Form::Binary);
  trace::TraceBuilder b(*w);

  // --- resources, all created before the first frame ---
  auto decl = b.vertex_declaration(decl_position_color_tex());
  trace::ResourceId textures[3];
  const auto images = scene640::textures();
  for (int i = 0; i < 3; ++i) textures[i] = b.texture(images[i]);
  const scene640::Model ground =
      scene640::upload(b, {scene640::ground(), false, Topology::TriangleList, false});
  const auto shapes = scene640::variants();
  scene640::Model variants[5];
  for (int i = 0; i < 5; ++i) variants[i] = scene640::upload(b, shapes[i]);
  auto glass_vb = b.vertex_buffer_bytes(pack_pct(scene640::glass()));
  const std::vector<scene640::Object> objects = scene640::objects();

  b.set_viewport({0, 0, 640, 480, 0.0f, 1.0f});
  b.set_transform(TransformKind::Projection, to_api(scene640::projection()));
  b.set_vertex_declaration(decl);

  for (int f = 0; f < scene640::kFrames; ++f) {
    b.set_transform(TransformKind::View, to_api(scene640::view(f)));
    opaque_states(b);
    b.clear(api::ClearTarget | api::ClearZBuffer, scene640::kClearColor, 1.0f);

    b.set_transform(TransformKind::World, to_api(identity()));
    b.set_texture(0, textures[0]);
    b.set_sampler_state(0, sampler(true));
    draw_model(b, ground);

    for (int i = 0; i < scene640::kObjects; ++i) {
      b.set_transform(TransformKind::World, to_api(scene640::world(objects[i], f)));
      b.set_texture(0, textures[i % 3]);
      b.set_sampler_state(0, sampler(i % 2 == 0));  // linear + point mip, or point
      draw_model(b, variants[i % 5]);
    }

    // Transparent quads last: blended over the opaque scene, tested but not written.
    b.set_transform(TransformKind::World, to_api(identity()));
    b.set_texture(0, 0);
    b.set_render_state(RenderStateId::ZWriteEnable, 0);
    b.set_render_state(RenderStateId::CullMode, api::Cull::None);
    b.set_render_state(RenderStateId::AlphaBlendEnable, 1);
    b.set_render_state(RenderStateId::SrcBlend, api::Blend::SrcAlpha);
    b.set_render_state(RenderStateId::DestBlend, api::Blend::InvSrcAlpha);
    b.set_stream_source(0, glass_vb, kStridePCT);
    for (int i = 0; i < 4; ++i) b.draw_primitive(Topology::TriangleStrip, 4 * i, 2);
    b.present();
  }
  w->finish();
}

}  // namespace gfx::tracegen
