// The study workloads (traces/README.md, issue 17 point 7): four 320x240 one-frame traces,
// each built to be bound by one part of the GPU, so that a sweep over that part's
// parameters moves cycles the way an architect expects:
//   shader_bound:   a full-screen quad whose ps_3_0 runs a long ALU loop (one texture
//                   fetch from a small texture, then 48 iterations of 4 ALU instructions);
//   texture_bound:  a ground plane seen at a grazing angle, four anisotropic trilinear
//                   fetches a pixel from a 2048x2048 mipmapped texture at unrelated scales
//                   and offsets (poor locality), a one-line ALU tail;
//   geometry_bound: 16 copies of a dense sphere (about 6,000 triangles each) packed into
//                   a 64x64-pixel corner, a one-instruction pixel shader;
//   mixed:          one frame with all three: the ALU-loop shader on the top half (a sky),
//                   the textured plane below it and the spheres in front.
// Every draw uses the same vs_3_0 (clip position = M * position, M in c0..c3 as rows, so
// one shader serves clip-space quads, a perspective camera and per-copy placement), and
// the shaders are D3D9 bytecode assembled here with the project's assembler.
#include <string>
#include <vector>

#include "d3d9/assembler.h"
#include "tools/tracegen_math.h"
#include "tools/tracegen_meshes.h"
#include "tools/tracegen_textures.h"
#include "tools/tracegen_traces.h"
#include "trace/builder.h"

namespace gfx::tracegen {

using api::RenderStateId;
using api::ShaderStage;
using api::Topology;

namespace {

constexpr uint32_t kWidth = 320, kHeight = 240;

constexpr const char* kVertexShader = R"(vs_3_0
dcl_position v0
dcl_color0 v1
dcl_texcoord0 v2
dcl_position o0
dcl_color0 o1
dcl_texcoord0 o2
m4x4 o0, v0, c0
mov o1, v1
mov o2, v2
)";

// 48 iterations of mad, frc, mul, mad on a float4: about 200 ALU instructions a pixel,
// against one texture fetch (a 64x64 texture: it stays in any texture cache). frc keeps the
// values in range, so the picture is a stable pattern rather than a saturated one.
constexpr const char* kAluLoopShader = R"(ps_3_0
defi i0, 48, 0, 0, 0
def c0, 1.37, 0.21, 0.5, 1
def c1, 0.75, 0.125, 0, 0
dcl_texcoord0 v0.xy
dcl_2d s0
texld r0, v0, s0
mov r1, v0.xyxy
rep i0
mad r1, r1, c0.x, c0.y
frc r1, r1
mul r2, r1, r1
mad r1, r2, c1.x, r1
endrep
mul r1, r1, c1.y
mad oC0, r0, c0.z, r1
)";

// Four fetches a pixel at scales 1, 2.7, 5.3 and 9.1 of the texture coordinate, each moved
// by an unrelated offset, so neighbouring fetches land in different parts of the texture.
constexpr const char* kTextureShader = R"(ps_3_0
def c0, 2.7, 5.3, 9.1, 0.25
def c1, 0.31, 0.57, 0.13, 0.79
def c2, 0.47, 0.91, 0, 0
dcl_texcoord0 v0.xy
dcl_2d s0
texld r0, v0, s0
mad r1.xy, v0, c0.x, c1
texld r1, r1, s0
mad r2.xy, v0, c0.y, c1.zwzw
texld r2, r2, s0
mad r3.xy, v0, c0.z, c2
texld r3, r3, s0
add r0, r0, r1
add r2, r2, r3
add r0, r0, r2
mul oC0, r0, c0.w
)";

constexpr const char* kColorShader = R"(ps_3_0
dcl_color0 v0
mov oC0, v0
)";

std::vector<uint8_t> bytecode(const char* text, const char* name) {
  std::vector<uint32_t> words = d3d9::assemble(text, {name});
  std::vector<uint8_t> bytes;
  bytes.reserve(words.size() * 4);
  for (uint32_t w : words)
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(w >> (8 * i)));
  return bytes;
}

// c0..c3 = the columns of the row-vector matrix m, so that m4x4 computes position * m.
std::vector<float> columns(const Mat4& m) {
  std::vector<float> c(16);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) c[i * 4 + j] = static_cast<float>(m.m[j * 4 + i]);
  return c;
}

// A clip-space quad (4-vertex strip, clockwise on screen) from (x0, y0) to (x1, y1).
void push_quad(std::vector<Vertex>& out, float x0, float y0, float x1, float y1, float z,
               uint32_t color, float u0, float v0, float u1, float v1) {
  out.push_back({x0, y1, z, color, u0, v0});
  out.push_back({x1, y1, z, color, u1, v0});
  out.push_back({x0, y0, z, color, u0, v1});
  out.push_back({x1, y0, z, color, u1, v1});
}

// The ground of the texture-bound view: y = 0 from x = -40..40, z = 0.2..60, its texture
// repeated every 10 units, as a 4-vertex strip clockwise seen from above.
void push_ground(std::vector<Vertex>& out) {
  out.push_back({-40, 0, 60, 0xFFFFFFFF, 0, 0});
  out.push_back({40, 0, 60, 0xFFFFFFFF, 8, 0});
  out.push_back({-40, 0, 0.2f, 0xFFFFFFFF, 0, 5.98f});
  out.push_back({40, 0, 0.2f, 0xFFFFFFFF, 8, 5.98f});
}

// The camera of the ground: one unit above it with a 60-degree field of view. Looking 35
// degrees down (texture_bound) the ground fills the screen and its far part is seen at a
// few degrees (anisotropy up to the sampler's cap of 16); looking level (mixed) it fills
// the bottom half, below the sky.
Mat4 ground_camera(double pitch_degrees) {
  const double pitch = pitch_degrees * kPi / 180.0;
  Vec3 eye{0, 1, 0}, at{0, 1 - sin_d(pitch), cos_d(pitch)};
  return look_at_lh(eye, at, {0, 1, 0}) *
         perspective_fov_lh(kPi / 3, double(kWidth) / kHeight, 0.1, 100.0);
}

// Placement of sphere copy i of 16 in a 4x4 block of 64x64 pixels at the screen's
// bottom-left corner: each sphere about 16 pixels across, at depth 0.2.
Mat4 sphere_place(int i) {
  const double sx = 8.0 / (kWidth / 2.0), sy = 8.0 / (kHeight / 2.0);  // 8-pixel radius
  const double cx = -1 + (16.0 * (i % 4) + 8.0) / (kWidth / 2.0);
  const double cy = -1 + (16.0 * (i / 4) + 8.0) / (kHeight / 2.0);
  Mat4 m = identity();
  m.m[0] = sx;
  m.m[5] = sy;
  m.m[10] = 0.1;  // z from -1..1 to 0.1..0.3
  m.m[12] = cx;
  m.m[13] = cy;
  m.m[14] = 0.2;
  return m;
}

// What the four traces share: the shaders, the buffers and the common state.
struct Scene {
  api::ResourceId vs = 0, alu_ps = 0, tex_ps = 0, color_ps = 0;
  api::ResourceId decl = 0, quads = 0, sphere_vb = 0, sphere_ib = 0;
  uint32_t sphere_vertices = 0, sphere_triangles = 0;
  api::ResourceId small_tex = 0, big_tex = 0;
};

// Only what the trace draws is created, so that each file holds only its own resources.
Scene build_scene(trace::TraceBuilder& b, bool alu, bool texture, bool geometry) {
  Scene s;
  auto pixel_shader = [&](const char* text, const char* name) {
    return b.shader(ShaderStage::Pixel, api::ShaderFormat::D3D9Bytecode, bytecode(text, name));
  };
  s.vs = b.shader(ShaderStage::Vertex, api::ShaderFormat::D3D9Bytecode,
                  bytecode(kVertexShader, "workloads.vs"));
  if (alu) s.alu_ps = pixel_shader(kAluLoopShader, "alu_loop.ps");
  if (texture) s.tex_ps = pixel_shader(kTextureShader, "texture.ps");
  if (geometry) s.color_ps = pixel_shader(kColorShader, "color.ps");
  s.decl = b.vertex_declaration(decl_position_color_tex());
  if (alu || texture) {
    std::vector<Vertex> v;
    push_quad(v, -1, -1, 1, 1, 0.5f, 0xFFFFFFFF, 0, 0, 1, 1);  // 0: the whole screen
    // 4: the top half (sky), behind the far end of the ground (depth 0.9993)
    push_quad(v, -1, 0, 1, 1, 0.9999f, 0xFFFFFFFF, 0, 0, 1, 0.5f);
    push_ground(v);  // 8: the ground
    s.quads = b.vertex_buffer_bytes(pack_pct(v));
  }
  if (geometry) {
    Mesh sphere = sphere_list(48, 64, 0xFFC0E0FF);
    s.sphere_vertices = static_cast<uint32_t>(sphere.vertices.size());
    s.sphere_triangles = static_cast<uint32_t>(sphere.indices.size() / 3);
    s.sphere_vb = b.vertex_buffer_bytes(pack_pct(sphere.vertices));
    s.sphere_ib = b.index_buffer(to_u16(sphere.indices));
  }
  if (alu) s.small_tex = b.texture(make_texture(checker(64, 8, 0xFFE0E0E0, 0xFF405060), true));
  if (texture) s.big_tex = b.texture(make_texture(tiles(2048, 32), true));
  b.set_viewport({0, 0, kWidth, kHeight, 0.0f, 1.0f});
  b.set_vertex_declaration(s.decl);
  b.set_vertex_shader(s.vs);
  b.set_render_state(RenderStateId::CullMode, api::Cull::None);
  b.set_render_state(RenderStateId::ZEnable, 0);
  return s;
}

void draw_alu_quad(trace::TraceBuilder& b, const Scene& s, uint32_t first_vertex) {
  b.set_shader_constants(ShaderStage::Vertex, 0, columns(identity()));
  b.set_stream_source(0, s.quads, kStridePCT);
  b.set_pixel_shader(s.alu_ps);
  api::SamplerState bilinear;
  bilinear.min_filter = bilinear.mag_filter = api::Filter::Linear;
  b.set_sampler_state(0, bilinear);
  b.set_texture(0, s.small_tex);
  b.draw_primitive(Topology::TriangleStrip, first_vertex, 2);
}

void draw_ground(trace::TraceBuilder& b, const Scene& s, double pitch_degrees) {
  b.set_shader_constants(ShaderStage::Vertex, 0, columns(ground_camera(pitch_degrees)));
  b.set_stream_source(0, s.quads, kStridePCT);
  b.set_pixel_shader(s.tex_ps);
  api::SamplerState aniso;  // anisotropic minification, trilinear mips, wrap
  aniso.min_filter = api::Filter::Anisotropic;
  aniso.mag_filter = api::Filter::Linear;
  aniso.mip_filter = api::Filter::Linear;
  aniso.max_anisotropy = 16;
  b.set_sampler_state(0, aniso);
  b.set_texture(0, s.big_tex);
  b.draw_primitive(Topology::TriangleStrip, 8, 2);
}

void draw_spheres(trace::TraceBuilder& b, const Scene& s) {
  b.set_stream_source(0, s.sphere_vb, kStridePCT);
  b.set_indices(s.sphere_ib);
  b.set_pixel_shader(s.color_ps);
  b.set_render_state(RenderStateId::CullMode, api::Cull::Ccw);  // D3D9's default
  for (int i = 0; i < 16; ++i) {
    b.set_shader_constants(ShaderStage::Vertex, 0, columns(sphere_place(i)));
    b.draw_indexed_primitive(Topology::TriangleList, 0, 0, s.sphere_vertices, 0,
                             s.sphere_triangles);
  }
  b.set_render_state(RenderStateId::CullMode, api::Cull::None);
}

void write_workload(const std::string& path, const char* name, bool alu, bool texture,
                    bool geometry) {
  trace::Header hd;
  hd.name = name;
  hd.width = kWidth;
  hd.height = kHeight;
  auto w = trace::Writer::create(path, hd, trace::Form::Binary);
  trace::TraceBuilder b(*w);
  const Scene s = build_scene(b, alu, texture, geometry);
  const bool depth = geometry;  // the spheres need depth; the full-screen passes do not
  b.clear(depth ? api::ClearTarget | api::ClearZBuffer : api::ClearTarget, 0xFF203040, 1.0f);
  b.set_render_state(RenderStateId::ZEnable, depth ? 1 : 0);
  // In the mixed frame the sky covers the top half only, the ground the rest.
  if (alu) draw_alu_quad(b, s, texture ? 4 : 0);
  if (texture) draw_ground(b, s, alu ? 0.0 : 35.0);
  if (geometry) draw_spheres(b, s);
  b.present();
  w->finish();
}

}  // namespace

void write_shader_bound(const std::string& path) {
  write_workload(path, "shader_bound", true, false, false);
}
void write_texture_bound(const std::string& path) {
  write_workload(path, "texture_bound", false, true, false);
}
void write_geometry_bound(const std::string& path) {
  write_workload(path, "geometry_bound", false, false, true);
}
void write_mixed(const std::string& path) { write_workload(path, "mixed", true, true, true); }

}  // namespace gfx::tracegen
