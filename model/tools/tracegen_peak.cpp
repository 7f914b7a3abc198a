// The peak-rate microbenchmarks (docs/benchmarks.md). The fill, Z-only and blend traces
// draw on a render target small enough that the ROP's Z and colour caches hold it whole
// (64x64 pixels of 4 bytes = 16 KiB, the baseline's cache size), cleared first, so that no
// draw's lookup misses and memory cannot be what limits the rate. Each of their draws is one
// triangle larger than the screen (the rasterizer cuts it to the viewport), so it covers
// all 1,024 quads of the target with no partly covered quad, and pays the rasterizer's
// per-triangle start-up once. The Hi-Z trace has the same shape: a full-screen occluder
// first, then draws entirely behind it, each rejected tile by tile. The clear trace needs a
// large surface instead (the per-Clear cost outside the line writes must be a small share),
// and the latency trace a single quad.
// scripts/peak_bench.py runs them and compares each figure with the peak its config implies.
#include <vector>

#include "tools/tracegen_meshes.h"
#include "tools/tracegen_traces.h"
#include "trace/builder.h"

namespace gfx::tracegen {

using api::RenderStateId;
using api::Topology;
using api::TransformKind;

namespace {

constexpr uint32_t kSide = 64;  // render target width and height, pixels
constexpr int kDraws = 64;      // full-screen draws of a rate trace

trace::Header peak_header(const char* name, uint32_t side, uint32_t samples = 0) {
  trace::Header hd;
  hd.name = name;
  hd.width = side;
  hd.height = side;
  hd.sample_count = samples;  // 0: the single-sample header (no MSAA extension)
  return hd;
}

void common_state(trace::TraceBuilder& b, uint32_t side) {
  b.set_viewport({0, 0, side, side, 0.0f, 1.0f});
  b.set_transform(TransformKind::World, to_api(identity()));
  b.set_transform(TransformKind::View, to_api(identity()));
  b.set_transform(TransformKind::Projection, to_api(identity()));
  b.set_render_state(RenderStateId::Lighting, 0);  // unlit: vertex colours as given
  b.set_render_state(RenderStateId::CullMode, api::Cull::None);
  b.set_render_state(RenderStateId::ShadeMode, api::ShadeMode::Flat);
}

// One clip-space triangle per draw covering [-1, 1]^2 (corners (-1, 1), (3, 1), (-1, -3):
// top-left, right, bottom; clockwise on screen), draw i at depth z(i) in colour c(i).
// margin m > 0 moves the edges out by m (corners (-1-m, 1+m), (3+2m, 1+m), (-1-m, -3-2m)):
// D3D9 samples pixel (x, y) at the integer point (x, y), on the left and top edges, and
// half of a 4x pixel's sample positions lie left of or above it.
template <class Z, class C>
std::vector<Vertex> screen_triangles(int n, Z z, C c, float m = 0.0f) {
  std::vector<Vertex> v;
  for (int i = 0; i < n; ++i) {
    const float d = static_cast<float>(z(i));
    const uint32_t col = c(i);
    v.push_back({-1.0f - m, 1.0f + m, d, col, 0, 0});
    v.push_back({3.0f + 2 * m, 1.0f + m, d, col, 0, 0});
    v.push_back({-1.0f - m, -3.0f - 2 * m, d, col, 0, 0});
  }
  return v;
}

uint32_t palette(int i) {
  static const uint32_t kColors[4] = {0xFFE04040, 0xFF40E040, 0xFF4040E0, 0xFFE0E040};
  return kColors[i % 4];
}

// The rate traces share one shape: one frame, a Clear of what the draws touch (so every
// line is in its cache before the first draw), kDraws full-screen draws, a Present.
// side and samples are the target's size and sample count, margin the triangles' (the 4x
// fill trace's differ).
template <class States, class Z, class C>
void write_rate_trace(const std::string& path, const char* name, uint32_t clear_flags,
                      States states, Z z, C c, uint32_t side = kSide, uint32_t samples = 0,
                      float margin = 0.0f) {
  auto w = trace::Writer::create(path, peak_header(name, side, samples), trace::Form::Binary);
  trace::TraceBuilder b(*w);
  auto decl = b.vertex_declaration(decl_position_color());
  auto vb = b.vertex_buffer_bytes(pack_pc(screen_triangles(kDraws, z, c, margin)));
  common_state(b, side);
  b.set_vertex_declaration(decl);
  b.set_stream_source(0, vb, kStridePC);
  b.set_texture(0, 0);
  states(b);
  b.clear(clear_flags, 0xFF000000, 1.0f);
  for (int i = 0; i < kDraws; ++i) b.draw_primitive(Topology::TriangleList, 3 * i, 1);
  b.present();
  w->finish();
}

}  // namespace

namespace {

void fill_states(trace::TraceBuilder& b) {
  b.set_render_state(RenderStateId::ZEnable, 0);
  b.set_render_state(RenderStateId::AlphaBlendEnable, 0);
}

}  // namespace

void write_peak_fill(const std::string& path) {
  write_rate_trace(path, "peak_fill", api::ClearTarget, fill_states, [](int) { return 0.5; },
                   palette);
}

void write_peak_fill_4x(const std::string& path) {
  // peak_fill at 4 samples a pixel. A pixel is 16 bytes, so the target shrinks to 32x32
  // (16 KiB of colour, the baseline's colour cache) to keep every draw's lookup a hit;
  // each draw then covers all 256 quads, every sample of each (the margin of a quarter of
  // the clip square, 4 pixels, takes in the samples left of column 0 and above row 0).
  constexpr uint32_t kSide4x = 32;
  write_rate_trace(path, "peak_fill_4x", api::ClearTarget, fill_states,
                   [](int) { return 0.5; }, palette, kSide4x, 4, 0.25f);
}

void write_peak_zonly(const std::string& path) {
  // Each draw nearer than the one before: every pixel passes the LESS test and is written.
  write_rate_trace(
      path, "peak_zonly", api::ClearZBuffer,
      [](trace::TraceBuilder& b) {
        b.set_render_state(RenderStateId::ZEnable, 1);
        b.set_render_state(RenderStateId::ZFunc, api::CmpFunc::Less);
        b.set_render_state(RenderStateId::ZWriteEnable, 1);
        b.set_render_state(RenderStateId::ColorWriteEnable, 0);
        b.set_render_state(RenderStateId::AlphaBlendEnable, 0);
      },
      [](int i) { return 0.9 - 0.01 * i; }, palette);
}

void write_peak_blend(const std::string& path) {
  write_rate_trace(
      path, "peak_blend", api::ClearTarget,
      [](trace::TraceBuilder& b) {
        b.set_render_state(RenderStateId::ZEnable, 0);
        b.set_render_state(RenderStateId::AlphaBlendEnable, 1);
        b.set_render_state(RenderStateId::SrcBlend, api::Blend::SrcAlpha);
        b.set_render_state(RenderStateId::DestBlend, api::Blend::InvSrcAlpha);
      },
      [](int) { return 0.5; }, [](int i) { return (palette(i) & 0x00FFFFFF) | 0x40000000; });
}

void write_peak_hiz(const std::string& path) {
  // Draw 0, nearest, covers the screen and writes depth; every later draw lies behind it
  // everywhere, so once draw 0's quads are tested each of their quads fails against its
  // Hi-Z tile's bound: 1,024 quads, 64 whole 8x8 tiles a draw, rejected with no depth
  // lookup. Only draw 0 is shaded: the frame is its colour.
  write_rate_trace(
      path, "peak_hiz", api::ClearTarget | api::ClearZBuffer,
      [](trace::TraceBuilder& b) {
        b.set_render_state(RenderStateId::ZEnable, 1);
        b.set_render_state(RenderStateId::ZFunc, api::CmpFunc::Less);
        b.set_render_state(RenderStateId::ZWriteEnable, 1);
        b.set_render_state(RenderStateId::AlphaBlendEnable, 0);
      },
      [](int i) { return i == 0 ? 0.1 : 0.5; }, palette);
}

void write_peak_clear(const std::string& path) {
  // Large enough that the per-Clear cost outside the line writes (the marker's way down
  // the pipeline, the report back, the command fetch) is a small share: a colour and
  // depth Clear of 512x512 is 2 x 16,384 lines. Frames 0 and 1 clear once, frame 2
  // kClears times; frame 0 starts cold, so the difference of frames 2 and 1 is kClears - 1
  // Clears, the Presents' write-back of the same dirty lines cancelling out.
  constexpr uint32_t kClearSide = 512;
  constexpr int kClears = 5;
  auto w = trace::Writer::create(path, peak_header("peak_clear", kClearSide), trace::Form::Binary);
  trace::TraceBuilder b(*w);
  common_state(b, kClearSide);
  const int clears[3] = {1, 1, kClears};
  for (int n : clears) {
    for (int i = 0; i < n; ++i)  // red 0x33 * (i + 1): the frame shows its last Clear
      b.clear(api::ClearTarget | api::ClearZBuffer, 0xFF000000u | uint32_t(0x33 * (i + 1)) << 16,
              1.0f - 0.1f * float(i));
    b.present();
  }
  w->finish();
}

void write_peak_latency(const std::string& path) {
  // One triangle covering a single quad, drawn alone in each of two frames. Frame 0 warms
  // the caches the draw reads (command stream aside): the vertex lines; the Clear before
  // each draw puts its Z and colour lines in the ROP's caches. Frame 1's draw is the
  // unloaded path whose cycles docs/benchmarks.md derives from the config.
  auto w = trace::Writer::create(path, peak_header("peak_latency", kSide), trace::Form::Binary);
  trace::TraceBuilder b(*w);
  auto decl = b.vertex_declaration(decl_position_color());
  // Screen positions (-0.4, -0.4), (1.9, -0.4), (-0.4, 1.9) in clip space of a 64x64
  // viewport: D3D9 samples pixel (x, y) at the integer position (x, y), so the triangle
  // covers pixels (0, 0), (1, 0) and (0, 1), all in the top-left quad.
  auto px = [](double p) { return static_cast<float>(p / 32.0 - 1.0); };
  auto py = [](double p) { return static_cast<float>(1.0 - p / 32.0); };
  const std::vector<Vertex> v = {{px(-0.4), py(-0.4), 0.5f, 0xFFFFFFFF, 0, 0},
                                 {px(1.9), py(-0.4), 0.5f, 0xFFFFFFFF, 0, 0},
                                 {px(-0.4), py(1.9), 0.5f, 0xFFFFFFFF, 0, 0}};
  auto vb = b.vertex_buffer_bytes(pack_pc(v));
  common_state(b, kSide);
  b.set_vertex_declaration(decl);
  b.set_stream_source(0, vb, kStridePC);
  b.set_texture(0, 0);
  b.set_render_state(RenderStateId::ZEnable, 1);
  b.set_render_state(RenderStateId::ZFunc, api::CmpFunc::LessEqual);
  b.set_render_state(RenderStateId::ZWriteEnable, 1);
  b.set_render_state(RenderStateId::AlphaBlendEnable, 0);
  for (int frame = 0; frame < 2; ++frame) {
    b.clear(api::ClearTarget | api::ClearZBuffer, 0xFF000000, 1.0f);
    b.draw_primitive(Topology::TriangleList, 0, 1);
    b.present();
  }
  w->finish();
}

}  // namespace gfx::tracegen
