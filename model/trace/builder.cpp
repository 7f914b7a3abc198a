// TraceBuilder: thin wrappers that fill command structs.
#include "trace/builder.h"

#include <cstring>

namespace gfx::trace {

void TraceBuilder::flush() {
  if (pending_.empty()) return;
  SetRenderStates s;
  s.states.swap(pending_);
  out_.write(s);
}

void TraceBuilder::command(const Command& c) {
  flush();
  out_.write(c);
}

ResourceId TraceBuilder::vertex_buffer(const std::vector<float>& data) {
  std::vector<uint8_t> bytes(data.size() * 4);
  for (std::size_t i = 0; i < data.size(); ++i) {
    uint32_t u;
    std::memcpy(&u, &data[i], 4);
    for (int k = 0; k < 4; ++k) bytes[i * 4 + k] = static_cast<uint8_t>(u >> (8 * k));
  }
  return vertex_buffer_bytes(std::move(bytes));
}

ResourceId TraceBuilder::vertex_buffer_bytes(std::vector<uint8_t> bytes) {
  auto b = std::make_shared<api::Buffer>();
  b->bytes = std::move(bytes);
  ResourceId id = next_id();
  command(CreateVertexBuffer{id, b});
  return id;
}

ResourceId TraceBuilder::index_buffer(const std::vector<uint16_t>& indices) {
  auto b = std::make_shared<api::IndexBuffer>();
  b->format = api::Format::Index16;
  for (uint16_t i : indices) {
    b->bytes.push_back(static_cast<uint8_t>(i));
    b->bytes.push_back(static_cast<uint8_t>(i >> 8));
  }
  ResourceId id = next_id();
  command(CreateIndexBuffer{id, b});
  return id;
}

ResourceId TraceBuilder::index_buffer(const std::vector<uint32_t>& indices) {
  auto b = std::make_shared<api::IndexBuffer>();
  b->format = api::Format::Index32;
  for (uint32_t i : indices)
    for (int k = 0; k < 4; ++k) b->bytes.push_back(static_cast<uint8_t>(i >> (8 * k)));
  ResourceId id = next_id();
  command(CreateIndexBuffer{id, b});
  return id;
}

ResourceId TraceBuilder::texture(api::Texture t) {
  ResourceId id = next_id();
  command(CreateTexture{id, std::make_shared<api::Texture>(std::move(t))});
  return id;
}

ResourceId TraceBuilder::constant_buffer(std::vector<uint8_t> bytes) {
  auto buffer = std::make_shared<api::Buffer>();
  buffer->bytes = std::move(bytes);
  ResourceId id = next_id();
  command(CreateConstantBuffer{id, buffer});
  return id;
}

ResourceId TraceBuilder::shader(api::ShaderStage stage, api::ShaderFormat format,
                                std::vector<uint8_t> data) {
  auto s = std::make_shared<api::Shader>();
  s->stage = stage;
  s->format = format;
  s->data = std::move(data);
  ResourceId id = next_id();
  command(CreateShader{id, s});
  return id;
}

ResourceId TraceBuilder::vertex_declaration(std::vector<api::VertexElement> elements) {
  auto d = std::make_shared<api::VertexDeclaration>();
  d->elements = std::move(elements);
  ResourceId id = next_id();
  command(CreateVertexDeclaration{id, d});
  return id;
}

void TraceBuilder::release(ResourceId id) { command(ReleaseResource{id}); }

void TraceBuilder::set_vertex_declaration(ResourceId id) { command(SetVertexDeclaration{id}); }
void TraceBuilder::set_stream_source(uint32_t stream, ResourceId buffer, uint32_t stride,
                                     uint32_t offset) {
  command(SetStreamSource{stream, api::StreamSource{buffer, offset, stride}});
}
void TraceBuilder::set_indices(ResourceId id) { command(SetIndices{id}); }
void TraceBuilder::set_texture(uint32_t stage, ResourceId id) { command(SetTexture{stage, id}); }
void TraceBuilder::set_sampler_state(uint32_t stage, const api::SamplerState& s) {
  command(SetSamplerState{stage, s});
}
void TraceBuilder::set_vertex_shader(ResourceId id) { command(SetVertexShader{id}); }
void TraceBuilder::set_pixel_shader(ResourceId id) { command(SetPixelShader{id}); }
void TraceBuilder::set_shader_constants(api::ShaderStage stage, uint32_t start_register,
                                        std::vector<float> values) {
  command(SetShaderConstants{stage, start_register, std::move(values)});
}
void TraceBuilder::set_transform(api::TransformKind kind, const api::Matrix4& m) {
  command(SetTransform{kind, m});
}
void TraceBuilder::set_viewport(const api::Viewport& v) { command(SetViewport{v}); }
void TraceBuilder::set_scissor_rect(const api::ScissorRect& r) { command(SetScissorRect{r}); }

void TraceBuilder::set_render_state(api::RenderStateId id, uint32_t value) {
  for (auto& p : pending_)
    if (p.id == id) {
      p.value = value;
      return;
    }
  pending_.push_back({id, value});
}

void TraceBuilder::draw_primitive(api::Topology t, uint32_t start_vertex,
                                  uint32_t primitive_count) {
  command(DrawPrimitive{t, start_vertex, primitive_count});
}
void TraceBuilder::draw_indexed_primitive(api::Topology t, int32_t base_vertex, uint32_t min_index,
                                          uint32_t num_vertices, uint32_t start_index,
                                          uint32_t primitive_count) {
  command(
      DrawIndexedPrimitive{t, base_vertex, min_index, num_vertices, start_index, primitive_count});
}
void TraceBuilder::draw(api::Topology t, uint32_t vertex_count, uint32_t start_vertex) {
  command(Draw{t, vertex_count, start_vertex});
}
void TraceBuilder::draw_indexed(api::Topology t, uint32_t index_count, uint32_t start_index,
                                int32_t base_vertex) {
  command(DrawIndexed{t, index_count, start_index, base_vertex});
}
void TraceBuilder::draw_instanced(api::Topology t, uint32_t vertex_count_per_instance,
                                  uint32_t instance_count, uint32_t start_vertex,
                                  uint32_t start_instance) {
  command(
      DrawInstanced{t, vertex_count_per_instance, instance_count, start_vertex, start_instance});
}
void TraceBuilder::draw_indexed_instanced(api::Topology t, uint32_t index_count_per_instance,
                                          uint32_t instance_count, uint32_t start_index,
                                          int32_t base_vertex, uint32_t start_instance) {
  command(DrawIndexedInstanced{t, index_count_per_instance, instance_count, start_index,
                               base_vertex, start_instance});
}

void TraceBuilder::clear(uint32_t flags, uint32_t color, float depth, uint32_t stencil) {
  command(Clear{flags, color, depth, stencil});
}
void TraceBuilder::present() { command(Present{}); }

}  // namespace gfx::trace
