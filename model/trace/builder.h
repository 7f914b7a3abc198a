// A convenience layer for generating traces from C++: resources get fresh ids (1, 2, ...),
// render-state changes are batched into one set_render_states command until the next
// other command, and every command goes straight to a Writer (nothing is kept).
#pragma once

#include <type_traits>
#include <vector>

#include "trace/writer.h"

namespace gfx::trace {

class TraceBuilder {
 public:
  explicit TraceBuilder(Writer& out) : out_(out) {}

  // --- resources: each returns the new id ---
  ResourceId vertex_buffer(const std::vector<float>& data);
  ResourceId vertex_buffer_bytes(std::vector<uint8_t> bytes);
  ResourceId index_buffer(const std::vector<uint16_t>& indices);  // index16
  ResourceId index_buffer(const std::vector<uint32_t>& indices);  // index32
  ResourceId texture(api::Texture t);
  ResourceId shader(api::ShaderStage stage, api::ShaderFormat format, std::vector<uint8_t> data);
  ResourceId vertex_declaration(std::vector<api::VertexElement> elements);
  ResourceId constant_buffer(std::vector<uint8_t> bytes);  // D3D10, whole float4 registers
  void release(ResourceId id);

  // --- state ---
  void set_vertex_declaration(ResourceId id);
  void set_stream_source(uint32_t stream, ResourceId buffer, uint32_t stride, uint32_t offset = 0);
  void set_indices(ResourceId id);
  void set_texture(uint32_t stage, ResourceId id);
  void set_sampler_state(uint32_t stage, const api::SamplerState& s);
  void set_vertex_shader(ResourceId id);
  void set_pixel_shader(ResourceId id);
  void set_shader_constants(api::ShaderStage stage, uint32_t start_register,
                            std::vector<float> values);
  void set_transform(api::TransformKind kind, const api::Matrix4& m);
  void set_viewport(const api::Viewport& v);
  void set_scissor_rect(const api::ScissorRect& r);
  // Raw D3D9 value (bools 0/1); a later value for the same state in a batch wins.
  void set_render_state(api::RenderStateId id, uint32_t value);
  template <class E, std::enable_if_t<std::is_enum_v<E>, int> = 0>
  void set_render_state(api::RenderStateId id, E value) {
    set_render_state(id, static_cast<uint32_t>(value));
  }

  // --- draws ---
  void draw_primitive(api::Topology t, uint32_t start_vertex, uint32_t primitive_count);
  void draw_indexed_primitive(api::Topology t, int32_t base_vertex, uint32_t min_index,
                              uint32_t num_vertices, uint32_t start_index,
                              uint32_t primitive_count);
  void draw(api::Topology t, uint32_t vertex_count, uint32_t start_vertex = 0);
  void draw_indexed(api::Topology t, uint32_t index_count, uint32_t start_index = 0,
                    int32_t base_vertex = 0);
  void draw_instanced(api::Topology t, uint32_t vertex_count_per_instance, uint32_t instance_count,
                      uint32_t start_vertex = 0, uint32_t start_instance = 0);
  void draw_indexed_instanced(api::Topology t, uint32_t index_count_per_instance,
                              uint32_t instance_count, uint32_t start_index = 0,
                              int32_t base_vertex = 0, uint32_t start_instance = 0);

  // --- frame ---
  void clear(uint32_t flags, uint32_t color, float depth = 1.0f, uint32_t stencil = 0);
  void present();

  // Any command as is (pending render states go first). Call flush() before finishing
  // the writer if the last thing set was a render state.
  void command(const Command& c);
  void flush();

 private:
  ResourceId next_id() { return next_id_++; }

  Writer& out_;
  ResourceId next_id_ = 1;
  std::vector<RenderStateValue> pending_;
};

}  // namespace gfx::trace
