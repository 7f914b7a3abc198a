// Whole-stream trace validation.
#include "trace/validate.h"

#include <algorithm>
#include <limits>
#include <string>

#include "common/error.h"
#include "trace/check.h"
#include "trace/draws.h"
#include "trace/views.h"

namespace gfx::trace {
namespace {

const char* kind_name(int k) {
  static const char* const kNames[] = {"vertex buffer",   "index buffer", "texture",
                                       "vertex shader",   "pixel shader", "vertex declaration",
                                       "constant buffer", "view"};
  return kNames[k];
}

std::string with_article(const char* noun) {
  return std::string(noun[0] == 'i' ? "an " : "a ") + noun;
}

}  // namespace

const Validator::Resource& Validator::need(ResourceId id, Kind kind, const char* what) const {
  auto it = live_.find(id);
  if (it == live_.end())
    throw Error(std::string(what) + " " + std::to_string(id) +
                " was never created or has been released");
  if (it->second.kind != kind)
    throw Error(std::string(what) + " " + std::to_string(id) + " is " +
                with_article(kind_name(static_cast<int>(it->second.kind))) + ", not " +
                with_article(kind_name(static_cast<int>(kind))));
  return it->second;
}

void Validator::check_bound(ResourceId id, Kind kind, const char* what) const {
  if (id != 0) need(id, kind, what);
}

ResourceId Validator::check_view(ResourceId id, api::ViewKind kind, const char* what) const {
  if (id == 0) return 0;
  const Resource& r = need(id, Kind::View, what);
  const auto& view = *static_cast<const CreateView*>(r.object.get());
  if (view.kind != kind)
    throw Error(std::string(what) + " " + std::to_string(id) + " is a " +
                std::string(api::to_name(view.kind)) + " view, not a " +
                std::string(api::to_name(kind)) + " one");
  return view.resource;
}

struct Validator::Visit {
  Validator& v;
  void add(ResourceId id, Kind kind, std::shared_ptr<const void> obj, uint64_t size) {
    v.live_[id] = Resource{kind, std::move(obj), size};  // re-creating an id replaces it
  }
  void operator()(const CreateVertexBuffer& c) {
    add(c.id, Kind::VertexBuffer, c.buffer, c.buffer->bytes.size());
  }
  void operator()(const CreateIndexBuffer& c) {
    add(c.id, Kind::IndexBuffer, c.buffer, c.buffer->count());
  }
  void operator()(const CreateTexture& c) { add(c.id, Kind::Texture, c.texture, 0); }
  void operator()(const CreateShader& c) {
    add(c.id, c.shader->stage == api::ShaderStage::Vertex ? Kind::VertexShader : Kind::PixelShader,
        c.shader, 0);
  }
  void operator()(const CreateVertexDeclaration& c) {
    add(c.id, Kind::Declaration, c.declaration, 0);
  }
  void operator()(const ReleaseResource& c) {
    if (!v.live_.erase(c.id))
      throw Error("release_resource: resource " + std::to_string(c.id) +
                  " was never created or is already released");
  }
  void operator()(const SetVertexDeclaration& c) {
    v.check_bound(c.id, Kind::Declaration, "set_vertex_declaration: vertex declaration");
    v.declaration_ = c.id;
  }
  void operator()(const SetStreamSource& c) {
    v.check_bound(c.source.buffer, Kind::VertexBuffer, "set_stream_source: vertex buffer");
    v.streams_[c.stream] = c.source;
  }
  void operator()(const SetStreamSourceFreq& c) {
    if (c.stream < api::kMaxStreams) v.stream_freq_[c.stream] = c.setting;
  }
  void operator()(const SetIndices& c) {
    v.check_bound(c.id, Kind::IndexBuffer, "set_indices: index buffer");
    v.indices_ = c.id;
  }
  void operator()(const SetTexture& c) {
    v.check_bound(c.id, Kind::Texture, "set_texture: texture");
    v.textures_[api::sampler_slot(c.stage)] = c.id;  // the stage was checked on reading
  }
  void operator()(const SetVertexShader& c) {
    v.check_bound(c.id, Kind::VertexShader, "set_vertex_shader: shader");
    v.vertex_shader_ = c.id;
  }
  void operator()(const SetPixelShader& c) {
    v.check_bound(c.id, Kind::PixelShader, "set_pixel_shader: shader");
    v.pixel_shader_ = c.id;
  }
  // D3D10 constant buffers: the ids bound are constant buffers, updates stay inside them.
  void operator()(const CreateConstantBuffer& c) {
    add(c.id, Kind::ConstantBuffer, c.buffer, c.buffer->bytes.size());
  }
  void operator()(const UpdateConstantBuffer& c) {
    const Resource& r = v.need(c.id, Kind::ConstantBuffer, "update_constant_buffer: buffer");
    if (uint64_t{c.offset} + c.bytes.size() > r.size)
      throw Error("update_constant_buffer: bytes " + std::to_string(c.offset) + ".." +
                  std::to_string(uint64_t{c.offset} + c.bytes.size()) + " run past buffer " +
                  std::to_string(c.id) + "'s " + std::to_string(r.size) + " bytes");
  }
  void operator()(const SetConstantBuffers& c) {
    for (ResourceId id : c.ids)
      v.check_bound(id, Kind::ConstantBuffer, "set_constant_buffers: buffer");
  }
  // Sampler state objects have their own ids, as D3D10's state objects do (0: the default
  // object). Shader resource views are texture ids, bound like set_texture (pixel slot #
  // is stage #, vertex slot # the vertex sampler #).
  void operator()(const CreateSamplerState& c) { v.sampler_states_.insert(c.id); }
  void operator()(const SetSamplers& c) {
    for (ResourceId id : c.ids)
      if (id != 0 && !v.sampler_states_.count(id))
        throw Error("set_samplers: sampler state " + std::to_string(id) + " was never created");
  }
  // Views share the resources' id space: an id holds a texture (its own whole view) or a
  // shader_resource view, whichever was created under it last.
  void operator()(const SetShaderResources& c) {
    for (std::size_t i = 0; i < c.ids.size(); ++i) {
      ResourceId texture = c.ids[i];
      const auto it = v.live_.find(texture);
      if (it != v.live_.end() && it->second.kind == Kind::View)
        texture =
            v.check_view(texture, api::ViewKind::ShaderResource, "set_shader_resources: view");
      else
        v.check_bound(texture, Kind::Texture, "set_shader_resources: texture");
      const uint64_t slot = c.start_slot + i;
      const bool vertex = c.stage == api::ShaderStage::Vertex;
      if (slot < (vertex ? api::kVertexSamplers : api::kPixelSamplers))
        v.textures_[(vertex ? api::kPixelSamplers : 0) + slot] = texture;
    }
  }
  // D3D10 input layouts, state objects with their own ids: created against a live vertex
  // shader (the signature match is the caller's, with the decoded shader).
  void operator()(const CreateInputLayout& c) {
    v.need(c.shader, Kind::VertexShader, "create_input_layout: shader");
    v.input_layouts_[c.id] = c.layout;
  }
  void operator()(const SetInputLayout& c) {
    if (c.id != 0 && !v.input_layouts_.count(c.id))
      throw Error("set_input_layout: input layout " + std::to_string(c.id) + " was never created");
    v.input_layout_ = c.id;
  }
  void operator()(const CreateView& c) {
    if (c.resource != 0) {
      const Resource& r = v.need(c.resource, Kind::Texture, "create_view: texture");
      try {
        check_view_of(c, *static_cast<const api::Texture*>(r.object.get()));
      } catch (const FieldError& e) {
        throw Error("create_view: field '" + e.field() + "': " + e.what());
      }
    }
    add(c.id, Kind::View, std::make_shared<CreateView>(c), 0);
  }
  void operator()(const SetRenderTargets& c) {
    for (ResourceId id : c.render_targets)
      v.check_view(id, api::ViewKind::RenderTarget, "set_render_targets: render target view");
    v.check_view(c.depth_stencil, api::ViewKind::DepthStencil,
                 "set_render_targets: depth-stencil view");
  }
  void operator()(const ClearRenderTargetView& c) {
    v.check_view(c.view, api::ViewKind::RenderTarget, "clear_render_target_view: view");
  }
  void operator()(const ClearDepthStencilView& c) {
    v.check_view(c.view, api::ViewKind::DepthStencil, "clear_depth_stencil_view: view");
  }
  void operator()(const Resolve& c) { v.need(c.texture, Kind::Texture, "resolve: texture"); }
  // The textures a copy names are live 2D textures with the levels it names, and its
  // rectangles lie inside those levels (the back buffer's size is the header's, which the
  // driver checks).
  void operator()(const CopyRect& c) {
    const auto level_of = [&](ResourceId id, uint32_t level, const char* field,
                              const char* level_field) -> std::pair<uint32_t, uint32_t> {
      const std::string what = std::string("copy_rect: ") + field;
      const auto& t = *static_cast<const api::Texture*>(
          v.need(id, Kind::Texture, what.c_str()).object.get());
      if (t.kind != api::TextureKind::Texture2D)
        throw Error("copy_rect: field '" + std::string(field) + "': texture " +
                    std::to_string(id) + " is a " + std::string(api::to_name(t.kind)) +
                    ", not a 2D texture");
      if (level >= t.levels.size())
        throw Error("copy_rect: field '" + std::string(level_field) + "': texture " +
                    std::to_string(id) + " has " + std::to_string(t.levels.size()) +
                    " levels, no level " + std::to_string(level));
      return {std::max(1u, t.width >> level), std::max(1u, t.height >> level)};
    };
    using Size = std::pair<uint32_t, uint32_t>;
    const auto inside = [](const char* side, uint32_t r, uint32_t b, Size size) {
      const std::string p(side);
      if (r > size.first)
        throw Error("copy_rect: field '" + p + "_right': " + std::to_string(r) +
                    " is past the surface's width " + std::to_string(size.first));
      if (b > size.second)
        throw Error("copy_rect: field '" + p + "_bottom': " + std::to_string(b) +
                    " is past the surface's height " + std::to_string(size.second));
    };
    if (c.source != 0)
      inside("src", c.src_right, c.src_bottom,
             level_of(c.source, c.source_level, "source", "source_level"));
    inside("dst", c.dst_right, c.dst_bottom, level_of(c.dest, c.dest_level, "dest", "dest_level"));
  }
  void operator()(const Present&) { ++v.frames_; }
  template <class T> void operator()(const T&) {}
};

void Validator::command(const Command& c) {
  ++commands_;
  limits_.command(c);
  std::visit(Visit{*this}, c);
  if (is_draw(c)) check_draw(c);
}

void Validator::check_draw(const Command& c) {
  const std::string name = name_of(c);
  try {
    // A patch drawn from its handle's cache ignores the current streams and declaration.
    if (const auto* r = std::get_if<DrawRectPatch>(&c); r && !r->has_info) return;
    if (const auto* t = std::get_if<DrawTriPatch>(&c); t && !t->has_info) return;
    DrawCounts d;
    draw_counts(c, d);
    const bool d3d9 = std::holds_alternative<DrawIndexedPrimitive>(c) ||
                      std::holds_alternative<DrawPrimitive>(c) ||
                      std::holds_alternative<DrawRectPatch>(c) ||
                      std::holds_alternative<DrawTriPatch>(c);
    const StreamUse use = stream_use(d3d9, d.indexed);
    check_bound(vertex_shader_, Kind::VertexShader, "vertex shader");
    check_bound(pixel_shader_, Kind::PixelShader, "pixel shader");
    for (uint32_t s = 0; s < api::kMaxSamplers; ++s)
      check_bound(textures_[s], Kind::Texture, ("texture on stage " + std::to_string(s)).c_str());

    if (const auto* r = std::get_if<DrawRectPatch>(&c)) {  // the control-point grid
      const int64_t first =
          int64_t{r->start_vertex_offset_height} * r->stride + r->start_vertex_offset_width;
      check_vertex_range(use, first, first + int64_t{r->height - 1} * r->stride + r->width - 1);
      return;
    }
    if (const auto* t = std::get_if<DrawTriPatch>(&c)) {
      check_vertex_range(use, t->start_vertex_offset,
                         int64_t{t->start_vertex_offset} + t->num_vertices - 1);
      return;
    }
    if (d.count == 0) return;
    // Per-instance streams (D3D9: indexed draws only) hold one element per `divisor`
    // instances from the start instance; D3D9's instance count is stream 0's INDEXEDDATA.
    uint64_t instances = d.instances, start_instance = 0;
    if (const auto* i = std::get_if<DrawInstanced>(&c)) start_instance = i->start_instance;
    if (const auto* i = std::get_if<DrawIndexedInstanced>(&c)) start_instance = i->start_instance;
    if (d3d9 && (stream_freq_[0] & kStreamIndexedData))
      instances =
          std::max<uint64_t>(1, stream_freq_[0] & ~(kStreamIndexedData | kStreamInstanceData));
    if (instances == 0) return;  // a D3D10 draw of no instances reads nothing
    uint32_t per_vertex = 0xFFFF;
    for (uint32_t s = 0; s < api::kMaxStreams; ++s) {
      if (!use.per_instance[s]) continue;
      per_vertex &= ~(1u << s);
      const uint32_t div = use.divisor[s];
      const uint64_t last = start_instance + (div ? (instances - 1) / div : 0);
      try {
        check_vertex_range(use, int64_t(start_instance), int64_t(last), 1u << s);
      } catch (const Error& e) {
        throw Error(std::string("per-instance data: ") + e.what());
      }
    }
    if (!d.indexed) {
      check_vertex_range(use, static_cast<int64_t>(d.first),
                         static_cast<int64_t>(d.first + d.count - 1), per_vertex);
      return;
    }
    if (indices_ == 0) throw Error("no index buffer is set");
    const Resource& ib = need(indices_, Kind::IndexBuffer, "index buffer");
    if (d.first + d.count > ib.size)
      throw Error("indices " + std::to_string(d.first) + ".." +
                  std::to_string(d.first + d.count - 1) + " lie outside index buffer " +
                  std::to_string(indices_) + " (" + std::to_string(ib.size) + " indices)");
    // D3D10 indexed draws treat the format's maximum as a strip cut, D3D9 as an index.
    const auto& buf = *static_cast<const api::IndexBuffer*>(ib.object.get());
    const bool wide = buf.format == api::Format::Index32;
    const bool d3d10 = !std::holds_alternative<DrawIndexedPrimitive>(c);
    const uint32_t cut = wide ? 0xFFFFFFFFu : 0xFFFFu;
    int64_t lo = std::numeric_limits<int64_t>::max(), hi = std::numeric_limits<int64_t>::min();
    for (uint64_t i = d.first; i < d.first + d.count; ++i) {
      const uint8_t* p = buf.bytes.data() + i * (wide ? 4 : 2);
      uint32_t index = wide ? p[0] | (p[1] << 8) | (p[2] << 16) | (uint32_t{p[3]} << 24)
                            : static_cast<uint32_t>(p[0] | (p[1] << 8));
      if (d3d10 && index == cut) continue;
      lo = std::min<int64_t>(lo, index);
      hi = std::max<int64_t>(hi, index);
    }
    if (lo <= hi) check_vertex_range(use, lo + d.base_vertex, hi + d.base_vertex, per_vertex);
  } catch (const Error& e) {
    throw Error(name + ": " + e.what());
  }
}

Validator::StreamUse Validator::stream_use(bool d3d9, bool indexed) const {
  StreamUse use;
  if (!d3d9 && input_layout_ != 0) {
    // A D3D10 draw reads the bound input layout: its slots, classes and step rates.
    const api::InputLayout& layout = *input_layouts_.at(input_layout_);
    const std::vector<uint32_t> offsets = api::resolve_input_layout(layout);
    use.reader = "the input layout";
    for (std::size_t i = 0; i < layout.elements.size(); ++i) {
      const api::InputElement& e = layout.elements[i];
      use.used[e.input_slot] = true;
      use.need_end[e.input_slot] = std::max<uint64_t>(
          use.need_end[e.input_slot], offsets[i] + api::vertex_format_info(e.format).bytes);
      use.per_instance[e.input_slot] = e.input_slot_class == api::InputClass::PerInstance;
      use.divisor[e.input_slot] = e.instance_data_step_rate;
    }
    return use;
  }
  if (declaration_ == 0) throw Error("no vertex declaration is set");
  const auto& decl = *static_cast<const api::VertexDeclaration*>(
      need(declaration_, Kind::Declaration, "vertex declaration").object.get());
  for (const auto& e : decl.elements) {
    use.used[e.stream] = true;
    use.need_end[e.stream] =
        std::max<uint64_t>(use.need_end[e.stream], e.offset + api::decl_type_size(e.type));
  }
  for (uint32_t s = 0; s < api::kMaxStreams; ++s) {
    if (!(stream_freq_[s] & kStreamInstanceData) || (d3d9 && !indexed)) continue;
    use.per_instance[s] = true;
    use.divisor[s] = stream_freq_[s] & ~(kStreamIndexedData | kStreamInstanceData);
  }
  return use;
}

void Validator::check_vertex_range(const StreamUse& use, int64_t first, int64_t last,
                                   uint32_t stream_mask) const {
  if (first < 0)
    throw Error("vertex " + std::to_string(first) + " is negative (base_vertex too small)");
  const auto& used = use.used;
  const auto& need_end = use.need_end;
  for (uint32_t s = 0; s < api::kMaxStreams; ++s) {
    if (!used[s] || !(stream_mask >> s & 1)) continue;
    const auto& src = streams_[s];
    if (src.buffer == 0)
      throw Error(std::string(use.reader) + " reads stream " + std::to_string(s) +
                  ", which has no vertex buffer");
    const Resource& vb = need(src.buffer, Kind::VertexBuffer,
                              ("vertex buffer of stream " + std::to_string(s)).c_str());
    // Checked: `last` may reach 2^33 and the stride 2^32, past 64 bits together.
    uint64_t end = 0;
    const bool overflow =
        __builtin_mul_overflow(static_cast<uint64_t>(last), uint64_t{src.stride}, &end) ||
        __builtin_add_overflow(end, uint64_t{src.offset} + need_end[s], &end);
    if (overflow)
      throw Error("vertices " + std::to_string(first) + ".." + std::to_string(last) +
                  " of stream " + std::to_string(s) +
                  " need more than 2^64 bytes of vertex buffer " + std::to_string(src.buffer) +
                  ", which has " + std::to_string(vb.size));
    if (end > vb.size)
      throw Error("vertices " + std::to_string(first) + ".." + std::to_string(last) +
                  " of stream " + std::to_string(s) + " need " + std::to_string(end) +
                  " bytes of vertex buffer " + std::to_string(src.buffer) + ", which has " +
                  std::to_string(vb.size));
  }
}

}  // namespace gfx::trace
