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

// The vertex layout of a draw: POSITION float3 (float4 when some w is not 1), NORMAL
// float3 when lit or read by the vertex program, COLOR0 float4 (GL's colours are floats;
// d3dcolor would round them),
// then TEXCOORDn of the sets the texture stages read (d3d_texture.h), float2, or float4
// when some r is not 0 or q not 1.
struct TexcoordSet {
  uint32_t unit;  // GL unit whose coordinates the set holds
  bool four;      // always 4 floats (a texture matrix other than the identity)
};

struct Layout {
  bool w = false, normal = false;
  std::vector<TexcoordSet> sets;  // D3D set n = sets[n]
  std::vector<bool> set4;
  std::string key() const {
    std::string k = std::string(1, char('0' + (w ? 1 : 0) + (normal ? 2 : 0)));
    for (size_t i = 0; i < sets.size(); ++i) k += set4[i] ? '4' : '2';
    return k;
  }
  uint32_t stride() const {
    uint32_t n = (w ? 4 : 3) + (normal ? 3 : 0) + 4;
    for (bool four : set4) n += four ? 4 : 2;
    return 4 * n;
  }
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
    off = static_cast<uint16_t>(off + 16);
    for (size_t i = 0; i < sets.size(); ++i) {
      e.push_back({0, off, set4[i] ? api::DeclType::Float4 : api::DeclType::Float2,
                   api::DeclUsage::TexCoord, uint8_t(i)});
      off = static_cast<uint16_t>(off + (set4[i] ? 16 : 8));
    }
    return e;
  }
};

void put(std::vector<uint8_t>& out, const float* v, size_t n) {
  size_t at = out.size();
  out.resize(at + 4 * n);
  std::memcpy(out.data() + at, v, 4 * n);
}

Layout layout_for(const GlState& s, const std::vector<D3dStage>& stages,
                  const std::vector<const ImmediateVertex*>& vs) {
  Layout l;
  l.normal = s.lighting || arb_vertex_reads(s, 2);  // a vertex program's vertex.normal
  for (const D3dStage& st : stages) {
    if (!st.texgen) l.sets.push_back({st.unit, !st.matrix_identity});
    // D3D9's sphere map reflects about the vertex normal.
    if (st.texgen && st.stage.texcoord_index >> 16 != 2) l.normal = true;
  }
  l.set4.assign(l.sets.size(), false);
  for (const ImmediateVertex* v : vs) {
    l.w = l.w || v->position[3] != 1.0f;
    for (size_t i = 0; i < l.sets.size(); ++i) {
      const auto& t = v->tex[l.sets[i].unit];
      l.set4[i] = l.set4[i] || l.sets[i].four || t[2] != 0.0f || t[3] != 1.0f;
    }
  }
  return l;
}

void put_vertex(std::vector<uint8_t>& bytes, const Layout& layout, const ImmediateVertex& v) {
  put(bytes, v.position.data(), layout.w ? 4 : 3);
  if (layout.normal) put(bytes, v.normal.data(), 3);
  put(bytes, v.color.data(), 4);
  for (size_t i = 0; i < layout.sets.size(); ++i)
    put(bytes, v.tex[layout.sets[i].unit].data(), layout.set4[i] ? 4 : 2);
}

uint64_t fnv1a(const std::vector<uint8_t>& b) {
  uint64_t h = 1469598103934665603ull;
  for (uint8_t c : b) h = (h ^ c) * 1099511628211ull;
  return h;
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

void D3dEmitter::check_state(const GlState& s) const {
  d3d_render_states(s);
  d3d_texture_stages(s);
  d3d_viewport(s.viewport);
  check_programs(s);
  if (s.lighting)
    for (uint32_t i = 0; i < 8; ++i)
      if (s.lights[i].enabled) d3d_light(s.lights[i], i);
}

void D3dEmitter::add(const GlState& s, D3dBatch batch) {
  if (!in_range() || batch.primitive_count == 0) return;
  if (!pending_state_) {
    check_state(s);  // fail now, on the glEnd that drew, not at the flush of a later call
    pending_state_ = s;
  }
  pending_.push_back(std::move(batch));
}

api::ResourceId D3dEmitter::declaration(const std::string& key, std::vector<api::VertexElement> e) {
  auto decl = declarations_.find(key);
  if (decl == declarations_.end())
    decl = declarations_.emplace(key, out_.vertex_declaration(std::move(e))).first;
  return decl->second;
}

void D3dEmitter::flush() {
  if (pending_.empty()) return;
  const GlState& s = *pending_state_;
  send_state(s);
  std::vector<const ImmediateVertex*> all;
  for (const D3dBatch& b : pending_)
    for (const ImmediateVertex& v : b.vertices) all.push_back(&v);
  std::vector<D3dStage> stages = d3d_texture_stages(s);
  Layout layout = layout_for(s, stages, all);
  send_textures(stages, layout.set4);
  std::vector<uint8_t> bytes;
  for (const ImmediateVertex* v : all) put_vertex(bytes, layout, *v);
  api::ResourceId decl = declaration(layout.key(), layout.elements());
  api::ResourceId vb = out_.vertex_buffer_bytes(std::move(bytes));
  out_.set_vertex_declaration(decl);
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

api::ResourceId D3dEmitter::cached_buffer(std::vector<uint8_t> bytes, int kind) {
  uint64_t h = fnv1a(bytes);
  auto range = buffers_.equal_range(h);
  for (auto it = range.first; it != range.second; ++it)
    if (it->second.kind == kind && it->second.bytes == bytes) return it->second.id;
  api::ResourceId id;
  if (kind == 0) {
    id = out_.vertex_buffer_bytes(bytes);
  } else if (kind == 16) {
    std::vector<uint16_t> idx(bytes.size() / 2);
    std::memcpy(idx.data(), bytes.data(), bytes.size());
    id = out_.index_buffer(idx);
  } else {
    std::vector<uint32_t> idx(bytes.size() / 4);
    std::memcpy(idx.data(), bytes.data(), bytes.size());
    id = out_.index_buffer(idx);
  }
  buffers_.emplace(h, Cached{kind, std::move(bytes), id});
  return id;
}

void D3dEmitter::draw_indexed(const GlState& s, std::vector<ImmediateVertex> vertices,
                              const IndexedPrimitives& p) {
  flush();
  if (!in_range() || p.primitive_count == 0) return;
  check_state(s);
  send_state(s);
  std::vector<const ImmediateVertex*> all;
  for (const ImmediateVertex& v : vertices) all.push_back(&v);
  std::vector<D3dStage> stages = d3d_texture_stages(s);
  Layout layout = layout_for(s, stages, all);
  send_textures(stages, layout.set4);
  std::vector<uint8_t> bytes;
  bytes.reserve(vertices.size() * layout.stride());
  for (const ImmediateVertex& v : vertices) put_vertex(bytes, layout, v);
  // 16-bit indices when they fit, as an application would choose.
  const bool wide = vertices.size() > 0x10000;
  std::vector<uint8_t> ib(p.indices.size() * (wide ? 4 : 2));
  for (size_t i = 0; i < p.indices.size(); ++i) {
    uint32_t x = p.indices[i];
    if (wide) {
      std::memcpy(&ib[4 * i], &x, 4);
    } else {
      uint16_t y = uint16_t(x);
      std::memcpy(&ib[2 * i], &y, 2);
    }
  }
  api::ResourceId decl = declaration(layout.key(), layout.elements());
  api::ResourceId vb = cached_buffer(std::move(bytes), 0);
  api::ResourceId ibid = cached_buffer(std::move(ib), wide ? 32 : 16);
  out_.set_vertex_declaration(decl);
  out_.set_stream_source(0, vb, layout.stride());
  out_.set_indices(ibid);
  out_.draw_indexed_primitive(p.topology, 0, 0, uint32_t(vertices.size()), 0, p.primitive_count);
  ++draws_written_;
}

api::ResourceId D3dEmitter::write_texture(GlTexture& t) {
  if (t.trace_id != 0 && t.written_version == t.version) return t.trace_id;
  api::Texture img;
  img.format = t.format;
  img.width = t.width;
  img.height = t.height;
  img.levels.assign(t.levels.begin(), t.levels.begin() + std::ptrdiff_t(t.level_count()));
  t.trace_id = out_.texture(std::move(img));
  t.written_version = t.version;
  return t.trace_id;
}

api::ResourceId D3dEmitter::texture_id(const GlState& s, uint32_t unit) {
  auto it = s.textures.objects.find(s.textures.units.at(unit).bound);
  if (it == s.textures.objects.end() || !it->second->complete()) return 0;
  return write_texture(*it->second);
}

void D3dEmitter::copy_to_texture(GlTexture& t, trace::CopyRect copy) {
  flush();
  if (!in_range()) return;
  if (!t.complete())
    throw UnsupportedError(
        "a copy into an incomplete texture (its minification filter needs mip levels it lacks)");
  copy.dest = write_texture(t);
  out_.command(copy);
}

void D3dEmitter::send_textures(std::vector<D3dStage>& stages, const std::vector<bool>& set4) {
  size_t set = 0;
  for (uint32_t k = 0; k < stages.size(); ++k) {
    D3dStage& st = stages[k];
    if (!st.texgen) st.stage.texture_transform_flags = set4[set++] ? 4 | 256 : 0;
    api::ResourceId id = write_texture(*st.texture);
    if (sent_textures_[k] != id) {
      out_.set_texture(k, id);
      sent_textures_[k] = id;
    }
    if (!sent_samplers_[k] || !(*sent_samplers_[k] == st.sampler)) {
      out_.set_sampler_state(k, st.sampler);
      sent_samplers_[k] = st.sampler;
    }
    if (!sent_stages_[k] || !(*sent_stages_[k] == st.stage)) {
      out_.command(trace::SetTextureStageState{k, st.stage});
      sent_stages_[k] = st.stage;
    }
    if (st.stage.texture_transform_flags != 0 && sent_tex_transforms_[k] != st.transform) {
      out_.set_transform(api::TransformKind(uint32_t(api::TransformKind::Texture0) + k),
                         st.transform);
      sent_tex_transforms_[k] = st.transform;
    }
  }
  // End the cascade after the last stage, unless D3D9's default state does (a stage that
  // was never set and has no texture passes the diffuse colour).
  const uint32_t k = uint32_t(stages.size());
  if (k < 8 && sent_stages_[k] && sent_stages_[k]->color_op != 1) {
    api::TextureStageState off = *sent_stages_[k];
    off.color_op = 1;
    off.alpha_op = 1;
    out_.command(trace::SetTextureStageState{k, off});
    sent_stages_[k] = off;
  }
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
