#include "import/d3d_emitter.h"

#include <cstring>

#include "import/gl_program_constants.h"

namespace gfx::import {

namespace {

bool same(const std::vector<float>& a, const std::vector<float>& b) { return a == b; }

bool same_light(const trace::SetLight& a, const trace::SetLight& b) {
  return a.type == b.type && same(a.diffuse, b.diffuse) && same(a.specular, b.specular) &&
         same(a.ambient, b.ambient) && same(a.position, b.position) &&
         same(a.direction, b.direction) && a.range == b.range && a.falloff == b.falloff &&
         a.attenuation0 == b.attenuation0 && a.attenuation1 == b.attenuation1 &&
         a.attenuation2 == b.attenuation2 && a.theta == b.theta && a.phi == b.phi;
}

bool same_material(const trace::SetMaterial& a, const trace::SetMaterial& b) {
  return same(a.diffuse, b.diffuse) && same(a.ambient, b.ambient) && same(a.specular, b.specular) &&
         same(a.emissive, b.emissive) && a.power == b.power;
}

bool same_viewport(const api::Viewport& a, const api::Viewport& b) {
  return a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height &&
         a.min_z == b.min_z && a.max_z == b.max_z;
}

// The vertex layout of a group: POSITION float3 (float4 when some w is not 1), NORMAL
// float3 when lit or read by the vertex program, COLOR0 float4 (GL's colours are floats; d3dcolor would round them).
struct Layout {
  bool w = false, normal = false;
  unsigned key() const { return (w ? 1u : 0u) | (normal ? 2u : 0u); }
  uint32_t stride() const { return 4 * ((w ? 4 : 3) + (normal ? 3 : 0) + 4); }
  std::vector<api::VertexElement> elements() const {
    std::vector<api::VertexElement> e;
    uint16_t off = 0;
    e.push_back(
        {0, off, w ? api::DeclType::Float4 : api::DeclType::Float3, api::DeclUsage::Position, 0});
    off = static_cast<uint16_t>(off + (w ? 16 : 12));
    if (normal) {
      e.push_back({0, off, api::DeclType::Float3, api::DeclUsage::Normal, 0});
      off = static_cast<uint16_t>(off + 12);
    }
    e.push_back({0, off, api::DeclType::Float4, api::DeclUsage::Color, 0});
    return e;
  }
};

void put(std::vector<uint8_t>& out, const float* v, size_t n) {
  size_t at = out.size();
  out.resize(at + 4 * n);
  std::memcpy(out.data() + at, v, 4 * n);
}

}  // namespace

bool D3dEmitter::in_range() const {
  return frame_ >= frames_.start_frame &&
         (frames_.frame_count == 0 || frame_ < frames_.start_frame + frames_.frame_count);
}

bool D3dEmitter::past_range() const {
  return frames_.frame_count != 0 && frame_ >= frames_.start_frame + frames_.frame_count;
}

api::Viewport D3dEmitter::d3d_viewport(const GlViewport& v) const {
  api::Viewport d;
  int64_t y = int64_t(window_h_) - (v.y + v.height);  // GL's origin is the lower left
  if (v.x < 0 || y < 0 || v.x + v.width > window_w_ || v.width <= 0 || v.height <= 0)
    throw UnsupportedError("viewport " + std::to_string(v.x) + "," + std::to_string(v.y) + " " +
                           std::to_string(v.width) + "x" + std::to_string(v.height) +
                           " does not lie inside the " + std::to_string(window_w_) + "x" +
                           std::to_string(window_h_) + " window");
  d.x = uint32_t(v.x);
  d.y = uint32_t(y);
  d.width = uint32_t(v.width);
  d.height = uint32_t(v.height);
  return d;
}

void D3dEmitter::send_viewport(const api::Viewport& v) {
  if (sent_viewport_ && same_viewport(*sent_viewport_, v)) return;
  out_.set_viewport(v);
  sent_viewport_ = v;
}

void D3dEmitter::send_state(const GlState& s) {
  for (const auto& [id, value] : d3d_render_states(s)) {
    auto it = sent_states_.find(id);
    if (it != sent_states_.end() && it->second == value) continue;
    out_.set_render_state(id, value);
    sent_states_[id] = value;
  }
  send_viewport(d3d_viewport(s.viewport));
  api::Matrix4 world = d3d_world(s.modelview.back());
  if (sent_world_ != world) {
    out_.set_transform(api::TransformKind::World, world);
    sent_world_ = world;
  }
  if (!sent_view_) {
    out_.set_transform(api::TransformKind::View, d3d_view());
    sent_view_ = true;
  }
  api::Matrix4 proj =
      d3d_projection(s.projection.back(), double(s.viewport.width), double(s.viewport.height));
  if (sent_projection_ != proj) {
    out_.set_transform(api::TransformKind::Projection, proj);
    sent_projection_ = proj;
  }
  send_programs(s);
  if (!s.lighting) return;  // lights and material matter only to lit draws
  trace::SetMaterial m = d3d_material(s.material);
  if (!sent_material_ || !same_material(*sent_material_, m)) {
    out_.command(m);
    sent_material_ = m;
  }
  for (uint32_t i = 0; i < 8; ++i) {
    const GlLight& l = s.lights[i];
    if (l.enabled) {
      trace::SetLight d = d3d_light(l, i);
      if (!sent_lights_[i] || !same_light(*sent_lights_[i], d)) {
        out_.command(d);
        sent_lights_[i] = d;
      }
    }
    if (l.enabled != sent_enabled_[i]) {
      out_.command(trace::LightEnable{i, l.enabled ? 1u : 0u});
      sent_enabled_[i] = l.enabled;
    }
  }
}

void D3dEmitter::add(const GlState& s, D3dBatch batch) {
  if (!in_range() || batch.primitive_count == 0) return;
  if (!pending_state_) {
    // Fail now, on the glEnd that drew, rather than at the flush of a later call.
    d3d_render_states(s);
    d3d_viewport(s.viewport);
    check_programs(s);
    if (s.lighting)
      for (uint32_t i = 0; i < 8; ++i)
        if (s.lights[i].enabled) d3d_light(s.lights[i], i);
    pending_state_ = s;
  }
  pending_.push_back(std::move(batch));
}

void D3dEmitter::flush() {
  if (pending_.empty()) return;
  const GlState& s = *pending_state_;
  send_state(s);
  Layout layout;
  layout.normal = s.lighting || arb_vertex_reads(s, 2);  // a vertex program's vertex.normal
  for (const D3dBatch& b : pending_)
    for (const ImmediateVertex& v : b.vertices) layout.w = layout.w || v.position[3] != 1.0f;
  std::vector<uint8_t> bytes;
  for (const D3dBatch& b : pending_)
    for (const ImmediateVertex& v : b.vertices) {
      put(bytes, v.position.data(), layout.w ? 4 : 3);
      if (layout.normal) put(bytes, v.normal.data(), 3);
      put(bytes, v.color.data(), 4);
    }
  auto decl = declarations_.find(layout.key());
  if (decl == declarations_.end())
    decl = declarations_.emplace(layout.key(), out_.vertex_declaration(layout.elements())).first;
  api::ResourceId vb = out_.vertex_buffer_bytes(std::move(bytes));
  out_.set_vertex_declaration(decl->second);
  out_.set_stream_source(0, vb, layout.stride());
  uint32_t start = 0;
  for (const D3dBatch& b : pending_) {
    out_.draw_primitive(b.topology, start, b.primitive_count);
    start += static_cast<uint32_t>(b.vertices.size());
    ++draws_written_;
  }
  pending_.clear();
  pending_state_.reset();
}

void D3dEmitter::clear(const GlState& s, uint32_t gl_mask) {
  flush();
  if (!in_range()) return;
  uint32_t flags = 0;
  if (gl_mask & gl::COLOR_BUFFER_BIT) flags |= api::ClearTarget;
  if (gl_mask & gl::DEPTH_BUFFER_BIT) flags |= api::ClearZBuffer;
  if (gl_mask & gl::STENCIL_BUFFER_BIT) flags |= api::ClearStencil;
  if (gl_mask & ~(gl::COLOR_BUFFER_BIT | gl::DEPTH_BUFFER_BIT | gl::STENCIL_BUFFER_BIT))
    throw UnsupportedError("glClear mask " + std::to_string(gl_mask) +
                           " has bits other than colour, depth and stencil");
  if (flags == 0) return;
  // GL clears the whole window whatever the viewport; D3D9 clears the viewport.
  api::Viewport full;
  full.width = window_w_;
  full.height = window_h_;
  send_viewport(full);
  out_.clear(flags, d3d_color(s.clear_color), static_cast<float>(s.clear_depth), 0);
}

void D3dEmitter::present() {
  flush();
  if (in_range()) {
    out_.present();
    ++frames_written_;
  }
  ++frame_;
}

}  // namespace gfx::import
