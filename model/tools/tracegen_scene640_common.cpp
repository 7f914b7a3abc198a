// The scene of tracegen_scene640.h.
#include <array>

#include "tools/tracegen_scene640.h"
#include "tools/tracegen_textures.h"

namespace gfx::tracegen::scene640 {

namespace {
constexpr int kRings = 8, kSegments = 12;
}

std::array<api::Texture, 3> textures() {
  return {make_texture(checker(256, 32, 0xFFE0E0E0, 0xFF505868), true),
          make_texture(bricks(256, 17), true), make_texture(rings(256, 12), true)};
}

Mesh ground() { return ground_grid(40, 40.0, 8.0, 0xFFFFFFFF); }

std::array<Variant, 5> variants() {
  using api::Topology;
  return {
      Variant{cube(0xFFFFFFFF), false, Topology::TriangleList, false},
      Variant{sphere_list(kRings, kSegments, 0xFFFFFFFF), false, Topology::TriangleList, true},
      Variant{sphere_strip(kRings, kSegments, 0xFFFFFFFF, true, 0xFFFFFFFF), true,
              Topology::TriangleStrip, true},
      Variant{cube(0xFFFFE0C0), true, Topology::TriangleList, true},
      Variant{sphere_strip(kRings, kSegments, 0xFFC0E0FF, false, 0), false, Topology::TriangleStrip,
              false},
  };
}

std::vector<Vertex> glass() {
  // Vertical, 50% alpha, untextured; four of them around the centre.
  std::vector<Vertex> v;
  const uint32_t colors[4] = {0x80FF4040, 0x8040FF40, 0x804080FF, 0x80FFFF40};
  for (int i = 0; i < 4; ++i) {
    float x0 = -14.0f + 7.0f * i, x1 = x0 + 6.0f, z = -6.0f + 3.0f * i;
    for (auto [x, y, u, w] :
         {std::array<float, 4>{x0, 9, 0, 0}, {x1, 9, 1, 0}, {x0, 0, 0, 1}, {x1, 0, 1, 1}})
      v.push_back({x, y, z, colors[i], u, w});
  }
  return v;
}

std::vector<Object> objects() {
  // A 6x5 grid with jitter, sizes and turns.
  std::vector<Object> out;
  Lcg rng(2024);
  for (int i = 0; i < kObjects; ++i) {
    double size = rng.uniform(1.5, 3.0);
    Vec3 pos{-25.0 + 10.0 * (i % 6) + rng.uniform(-2, 2), size,
             -20.0 + 10.0 * (i / 6) + rng.uniform(-2, 2)};
    out.push_back({pos, size, rng.uniform(0, 2 * kPi)});
  }
  return out;
}

Model upload(trace::TraceBuilder& b, const Variant& v) {
  Model md;
  md.vb = b.vertex_buffer_bytes(pack_pct(v.mesh.vertices));
  md.ib = v.wide ? b.index_buffer(v.mesh.indices) : b.index_buffer(to_u16(v.mesh.indices));
  md.vertices = static_cast<uint32_t>(v.mesh.vertices.size());
  md.indices = static_cast<uint32_t>(v.mesh.indices.size());
  md.topology = v.topology;
  md.d3d10 = v.d3d10;
  return md;
}

Mat4 projection() { return perspective_fov_lh(kPi / 3, 640.0 / 480.0, 1.0, 200.0); }

Mat4 view(int frame) {
  double a = 0.3 * frame;
  Vec3 eye{55 * sin_d(a), 24.0 - 2.0 * frame, -55 * cos_d(a)};
  return look_at_lh(eye, {0, 0, 0}, {0, 1, 0});
}

Mat4 world(const Object& o, int frame) {
  return scaling(o.size) * rotation_y(o.turn + 0.15 * frame) * translation(o.pos);
}

}  // namespace gfx::tracegen::scene640
