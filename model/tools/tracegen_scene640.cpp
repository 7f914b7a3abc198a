// scene640: a small depth-tested, textured scene seen by a moving camera over 4 frames.
// A 40x40-quad ground (16-bit indexed list, D3D9 DrawIndexedPrimitive), 30 cubes and
// spheres in five variants that cover both index widths, lists and strips, and both
// draw APIs, three 256x256 mipmapped textures with two filtering setups, and a few
// alpha-blended quads drawn last without depth writes.
#include <array>
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

constexpr int kFrames = 4;
constexpr int kObjects = 30;
constexpr int kRings = 8, kSegments = 12;

// One uploaded mesh: its vertex and index buffers and how it is drawn.
struct Model {
  trace::ResourceId vb = 0, ib = 0;
  uint32_t vertices = 0, indices = 0;
  Topology topology = Topology::TriangleList;
  bool d3d10 = false;  // D3D10 DrawIndexed, else D3D9 DrawIndexedPrimitive
};

Model upload(trace::TraceBuilder& b, const Mesh& m, bool wide, Topology t, bool d3d10) {
  Model md;
  md.vb = b.vertex_buffer_bytes(pack_pct(m.vertices));
  md.ib = wide ? b.index_buffer(m.indices) : b.index_buffer(to_u16(m.indices));
  md.vertices = static_cast<uint32_t>(m.vertices.size());
  md.indices = static_cast<uint32_t>(m.indices.size());
  md.topology = t;
  md.d3d10 = d3d10;
  return md;
}

void draw_model(trace::TraceBuilder& b, const Model& m) {
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

void write_scene640(const std::string& path) {
  trace::Header h;
  h.name = "scene640";
  h.width = 640;
  h.height = 480;
  auto w = trace::Writer::create(path, h, trace::Form::Binary);
  trace::TraceBuilder b(*w);

  // --- resources, all created before the first frame ---
  auto decl = b.vertex_declaration(decl_position_color_tex());
  const trace::ResourceId textures[3] = {
      b.texture(make_texture(checker(256, 32, 0xFFE0E0E0, 0xFF505868), true)),
      b.texture(make_texture(bricks(256, 17), true)),
      b.texture(make_texture(rings(256, 12), true)),
  };
  const Model ground =
      upload(b, ground_grid(40, 40.0, 8.0, 0xFFFFFFFF), false, Topology::TriangleList, false);
  // The five object variants: {mesh, 32-bit indices, topology, D3D10 draw}.
  const Model variants[5] = {
      upload(b, cube(0xFFFFFFFF), false, Topology::TriangleList, false),
      upload(b, sphere_list(kRings, kSegments, 0xFFFFFFFF), false, Topology::TriangleList, true),
      upload(b, sphere_strip(kRings, kSegments, 0xFFFFFFFF, true, 0xFFFFFFFF), true,
             Topology::TriangleStrip, true),
      upload(b, cube(0xFFFFE0C0), true, Topology::TriangleList, true),
      upload(b, sphere_strip(kRings, kSegments, 0xFFC0E0FF, false, 0), false,
             Topology::TriangleStrip, false),
  };
  // Blended quads: vertical, 50% alpha, untextured; four of them around the centre.
  std::vector<Vertex> glass;
  const uint32_t glass_colors[4] = {0x80FF4040, 0x8040FF40, 0x804080FF, 0x80FFFF40};
  for (int i = 0; i < 4; ++i) {
    float x0 = -14.0f + 7.0f * i, x1 = x0 + 6.0f, z = -6.0f + 3.0f * i;
    for (auto [x, y, u, v] :
         {std::array<float, 4>{x0, 9, 0, 0}, {x1, 9, 1, 0}, {x0, 0, 0, 1}, {x1, 0, 1, 1}})
      glass.push_back({x, y, z, glass_colors[i], u, v});
  }
  auto glass_vb = b.vertex_buffer_bytes(pack_pct(glass));

  // Object placement: a 6x5 grid with jitter, sizes and turns from a fixed-seed LCG.
  struct Object {
    Vec3 pos;
    double size, turn;
  };
  std::vector<Object> objects;
  Lcg rng(2024);
  for (int i = 0; i < kObjects; ++i) {
    double size = rng.uniform(1.5, 3.0);
    Vec3 pos{-25.0 + 10.0 * (i % 6) + rng.uniform(-2, 2), size,
             -20.0 + 10.0 * (i / 6) + rng.uniform(-2, 2)};
    objects.push_back({pos, size, rng.uniform(0, 2 * kPi)});
  }

  b.set_viewport({0, 0, 640, 480, 0.0f, 1.0f});
  b.set_transform(TransformKind::Projection,
                  to_api(perspective_fov_lh(kPi / 3, 640.0 / 480.0, 1.0, 200.0)));
  b.set_vertex_declaration(decl);

  for (int f = 0; f < kFrames; ++f) {
    // The camera circles the scene and sinks a little each frame.
    double a = 0.3 * f;
    Vec3 eye{55 * sin_d(a), 24.0 - 2.0 * f, -55 * cos_d(a)};
    b.set_transform(TransformKind::View, to_api(look_at_lh(eye, {0, 0, 0}, {0, 1, 0})));
    opaque_states(b);
    b.clear(api::ClearTarget | api::ClearZBuffer, 0xFF6080A0, 1.0f);

    b.set_transform(TransformKind::World, to_api(identity()));
    b.set_texture(0, textures[0]);
    b.set_sampler_state(0, sampler(true));
    draw_model(b, ground);

    for (int i = 0; i < kObjects; ++i) {
      const Object& o = objects[i];
      Mat4 world = scaling(o.size) * rotation_y(o.turn + 0.15 * f) * translation(o.pos);
      b.set_transform(TransformKind::World, to_api(world));
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
