// The fields of every trace command, written once. describe(v, command) walks the fields
// in their fixed order, calling the visitor with each field's name and a reference to it.
// Four visitors share this walk: the binary encoder and decoder, the YAML reader and the
// YAML writer (plus the enum check), so the two forms cannot drift apart.
//
// A visitor provides:
//   v(name, x[, required])  for integral, enum, float, std::string, api::Matrix4,
//                           std::vector<float>, std::vector<uint32_t> (id lists), and the
//                           wrappers below
//   v.list(name, std::vector<R>&)                     nested records (api::VertexElement,
//                                                    api::InputElement), each described
//   v.render_states(std::vector<RenderStateValue>&)  the body of set_render_states
//   v.resource(std::shared_ptr<const T>&) -> T&      the object a create_* command owns
// Nested structs (stream source, viewport, sampler state, ...) are flattened into their
// command, so YAML stays one mapping per command.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "trace/commands.h"

namespace gfx::trace::schema {

// How the YAML writer spells a byte blob (the reader accepts every spelling).
enum class BlobStyle : uint8_t {
  Words,   // runs of f32 where the words are plain floats, u32 hex elsewhere
  U16,     // 16-bit index list
  U32,     // 32-bit index list
  Tokens,  // shader token DWORDs in hex
  Text,    // shader asm text
  Bytes,   // base64 (texture levels)
};

struct Blob {
  std::vector<uint8_t>& bytes;
  BlobStyle style;
};
struct Levels {  // texture mip levels, each a Bytes blob
  std::vector<std::vector<uint8_t>>& levels;
};
struct Color {  // 0xAARRGGBB, spelt in hex
  uint32_t& value;
};
struct ClearMask {  // api::ClearFlags bits, spelt as a list of names
  uint32_t& value;
};
struct Methods {  // the D3DDECLMETHOD of each vertex element, spelt as a list of names
  std::vector<api::VertexElement>& elements;
};

constexpr bool kRequired = true;

// Optional tails: fields added to a command after format version 1 come last, as a group
// that writers leave out while every field of it holds its default. So a trace that does
// not use them has the same bytes as before (the committed traces stay identical), and a
// version-1 binary payload, which simply ends before the group, still decodes: the binary
// decoder (the visitor with left(), the bytes remaining) reads the group only when bytes
// remain, the YAML reader (the visitor with finish()) looks the fields up by name as
// always. Older readers reject a payload that carries the group ("bytes beyond its last
// field") rather than misread it.
namespace detail {
template <class V, class = void> struct HasLeft : std::false_type {};
template <class V> struct HasLeft<V, std::void_t<decltype(std::declval<const V&>().left())>>
    : std::true_type {};
template <class V, class = void> struct HasFinish : std::false_type {};
template <class V> struct HasFinish<V, std::void_t<decltype(std::declval<V&>().finish())>>
    : std::true_type {};
}  // namespace detail

// Whether visitor `v` walks an optional tail whose fields are not all default when
// `non_default` is true.
template <class V> bool extension_present(const V& v, bool non_default) {
  if constexpr (detail::HasLeft<V>::value) {
    return v.left() != 0;
  } else if constexpr (detail::HasFinish<V>::value) {
    return true;
  } else {
    return non_default;
  }
}

template <class V> void describe(V& v, Header& h) {
  v("name", h.name);
  v("width", h.width, kRequired);
  v("height", h.height, kRequired);
  // Optional tail (after version 1): the depth surface's format.
  if (!extension_present(v, h.depth_format != api::Format::D24S8 || h.sample_count != 0)) return;
  v("depth_format", h.depth_format);
  // Second optional tail: the back buffer's sample count (MSAA).
  if (!extension_present(v, h.sample_count != 0)) return;
  v("sample_count", h.sample_count);
}

template <class V> void describe(V& v, api::VertexElement& e) {
  v("stream", e.stream);
  v("offset", e.offset, kRequired);
  v("type", e.type, kRequired);
  v("usage", e.usage, kRequired);
  v("usage_index", e.usage_index);
}

template <class V> void describe(V& v, api::InputElement& e) {
  v("semantic_name", e.semantic_name, kRequired);
  v("semantic_index", e.semantic_index);
  v("format", e.format, kRequired);
  v("input_slot", e.input_slot);
  v("aligned_byte_offset", e.aligned_byte_offset);
  v("input_slot_class", e.input_slot_class);
  v("instance_data_step_rate", e.instance_data_step_rate);
}

// --- resources ---
template <class V> void describe(V& v, CreateVertexBuffer& c) {
  v("id", c.id, kRequired);
  api::Buffer& b = v.resource(c.buffer);
  v("bytes", Blob{b.bytes, BlobStyle::Words}, kRequired);
}
template <class V> void describe(V& v, CreateIndexBuffer& c) {
  v("id", c.id, kRequired);
  api::IndexBuffer& b = v.resource(c.buffer);
  v("format", b.format);
  v("bytes", Blob{b.bytes, b.format == api::Format::Index32 ? BlobStyle::U32 : BlobStyle::U16},
    kRequired);
}
template <class V> void describe(V& v, CreateTexture& c) {
  v("id", c.id, kRequired);
  api::Texture& t = v.resource(c.texture);
  v("format", t.format);
  v("width", t.width, kRequired);
  v("height", t.height, kRequired);
  v("levels", Levels{t.levels}, kRequired);
  // Optional tail (after version 1): cube and volume textures.
  const bool linear = t.layout != api::TextureLayout::Tiled;
  if (!extension_present(v, t.kind != api::TextureKind::Texture2D || t.depth != 1 || linear))
    return;
  v("kind", t.kind);
  v("depth", t.depth);
  // Second optional tail: the memory layout (timing only).
  if (!extension_present(v, linear)) return;
  v("layout", t.layout);
}
template <class V> void describe(V& v, CreateShader& c) {
  v("id", c.id, kRequired);
  api::Shader& s = v.resource(c.shader);
  v("stage", s.stage, kRequired);
  v("format", s.format);
  const bool text = s.format == api::ShaderFormat::D3D9Asm || s.format == api::ShaderFormat::Sm4Asm;
  v("data", Blob{s.data, text ? BlobStyle::Text : BlobStyle::Tokens}, kRequired);
}
template <class V> void describe(V& v, CreateVertexDeclaration& c) {
  v("id", c.id, kRequired);
  api::VertexDeclaration& d = v.resource(c.declaration);
  v.list("elements", d.elements);
  // Optional tail (after version 1): the elements' methods, for the tessellator.
  bool generated = false;
  for (const auto& e : d.elements) generated |= e.method != api::DeclMethod::Default;
  if (!extension_present(v, generated)) return;
  v("methods", Methods{d.elements});
}
template <class V> void describe(V& v, DeletePatch& c) { v("handle", c.handle, kRequired); }
template <class V> void describe(V& v, ReleaseResource& c) { v("id", c.id, kRequired); }
// D3D10 state objects: every field but the id optional (D3D10's defaults). The faces of
// the depth-stencil state are flattened, front_face_* then back_face_*.
template <class V> void describe(V& v, CreateRasterizerState& c) {
  api::RasterizerDesc& d = c.desc;
  v("id", c.id, kRequired);
  v("fill_mode", d.fill_mode);
  v("cull_mode", d.cull_mode);
  v("front_counter_clockwise", d.front_counter_clockwise);
  v("depth_bias", d.depth_bias);
  v("depth_bias_clamp", d.depth_bias_clamp);
  v("slope_scaled_depth_bias", d.slope_scaled_depth_bias);
  v("depth_clip_enable", d.depth_clip_enable);
  v("scissor_enable", d.scissor_enable);
  v("multisample_enable", d.multisample_enable);
  v("antialiased_line_enable", d.antialiased_line_enable);
}
template <class V> void describe_face(V& v, bool front, api::StencilFaceDesc& f) {
  // Literal names: some visitors keep the name pointers past the call.
  v(front ? "front_face_fail_op" : "back_face_fail_op", f.fail_op);
  v(front ? "front_face_depth_fail_op" : "back_face_depth_fail_op", f.depth_fail_op);
  v(front ? "front_face_pass_op" : "back_face_pass_op", f.pass_op);
  v(front ? "front_face_func" : "back_face_func", f.func);
}
template <class V> void describe(V& v, CreateDepthStencilState& c) {
  api::DepthStencilDesc& d = c.desc;
  v("id", c.id, kRequired);
  v("depth_enable", d.depth_enable);
  v("depth_write_mask", d.depth_write_mask);
  v("depth_func", d.depth_func);
  v("stencil_enable", d.stencil_enable);
  v("stencil_read_mask", d.stencil_read_mask);
  v("stencil_write_mask", d.stencil_write_mask);
  describe_face(v, true, d.front_face);
  describe_face(v, false, d.back_face);
}
template <class V> void describe(V& v, CreateBlendState& c) {
  api::BlendDesc& d = c.desc;
  v("id", c.id, kRequired);
  v("alpha_to_coverage_enable", d.alpha_to_coverage_enable);
  v("blend_enable", d.blend_enable);
  v("src_blend", d.src_blend);
  v("dest_blend", d.dest_blend);
  v("blend_op", d.blend_op);
  v("src_blend_alpha", d.src_blend_alpha);
  v("dest_blend_alpha", d.dest_blend_alpha);
  v("blend_op_alpha", d.blend_op_alpha);
  v("render_target_write_mask", d.render_target_write_mask);
}

// D3D10 constant buffers: the bytes in Words style (plain floats print as f32).
template <class V> void describe(V& v, CreateConstantBuffer& c) {
  v("id", c.id, kRequired);
  api::Buffer& b = v.resource(c.buffer);
  v("bytes", Blob{b.bytes, BlobStyle::Words}, kRequired);
}

template <class V> void describe(V& v, CreateSamplerState& c) {
  api::SamplerDesc& d = c.desc;
  v("id", c.id, kRequired);
  v("filter", d.filter);
  v("address_u", d.address_u);
  v("address_v", d.address_v);
  v("address_w", d.address_w);
  v("mip_lod_bias", d.mip_lod_bias);
  v("max_anisotropy", d.max_anisotropy);
  v("comparison_func", d.comparison_func);
  v("border_color", d.border_color);
  v("min_lod", d.min_lod);
  v("max_lod", d.max_lod);
}

// D3D10 input layouts: the elements as D3D10_INPUT_ELEMENT_DESC has them.
template <class V> void describe(V& v, CreateInputLayout& c) {
  v("id", c.id, kRequired);
  v("shader", c.shader, kRequired);
  api::InputLayout& l = v.resource(c.layout);
  v.list("elements", l.elements);
}

template <class V> void describe(V& v, CreateView& c) {
  v("id", c.id, kRequired);
  v("kind", c.kind, kRequired);
  v("resource", c.resource, kRequired);
  v("format", c.format);
  v("mip_slice", c.mip_slice);
  v("mip_levels", c.mip_levels);
  v("slice", c.slice);
}

// --- state ---
template <class V> void describe(V& v, SetInputLayout& c) { v("id", c.id); }
template <class V> void describe(V& v, SetRenderTargets& c) {
  v("render_targets", c.render_targets, kRequired);
  v("depth_stencil", c.depth_stencil);
}
template <class V> void describe(V& v, SetSamplers& c) {
  v("stage", c.stage, kRequired);
  v("start_slot", c.start_slot);
  v("ids", c.ids, kRequired);
}
template <class V> void describe(V& v, SetShaderResources& c) {
  v("stage", c.stage, kRequired);
  v("start_slot", c.start_slot);
  v("ids", c.ids, kRequired);
}
template <class V> void describe(V& v, UpdateConstantBuffer& c) {
  v("id", c.id, kRequired);
  v("offset", c.offset);
  v("bytes", Blob{c.bytes, BlobStyle::Words}, kRequired);
}
template <class V> void describe(V& v, SetConstantBuffers& c) {
  v("stage", c.stage, kRequired);
  v("start_slot", c.start_slot);
  v("ids", c.ids, kRequired);
}
template <class V> void describe(V& v, SetVertexDeclaration& c) { v("id", c.id); }
template <class V> void describe(V& v, SetStreamSource& c) {
  v("stream", c.stream);
  v("buffer", c.source.buffer);
  v("offset", c.source.offset);
  v("stride", c.source.stride);
}
template <class V> void describe(V& v, SetIndices& c) { v("id", c.id); }
template <class V> void describe(V& v, SetTexture& c) {
  v("stage", c.stage);
  v("id", c.id);
}
template <class V> void describe(V& v, SetSamplerState& c) {
  v("stage", c.stage);
  v("min_filter", c.state.min_filter);
  v("mag_filter", c.state.mag_filter);
  v("mip_filter", c.state.mip_filter);
  v("address_u", c.state.address_u);
  v("address_v", c.state.address_v);
  v("border_color", Color{c.state.border_color});
  // Fields added after version 1 form an optional tail (see extension_present above).
  const bool wrap_w = c.state.address_w == api::Address::Wrap;
  if (!extension_present(v, c.state.max_anisotropy != 1 || c.state.mip_lod_bias != 0.0f ||
                                c.state.max_mip_level != 0 || !wrap_w))
    return;
  v("max_anisotropy", c.state.max_anisotropy);
  v("mip_lod_bias", c.state.mip_lod_bias);
  v("max_mip_level", c.state.max_mip_level);
  // A second tail, after the first (volume textures' third address mode).
  if (!extension_present(v, !wrap_w)) return;
  v("address_w", c.state.address_w);
}
template <class V> void describe(V& v, SetVertexShader& c) { v("id", c.id); }
template <class V> void describe(V& v, SetPixelShader& c) { v("id", c.id); }
template <class V> void describe(V& v, SetShaderConstants& c) {
  v("stage", c.stage);
  v("start_register", c.start_register);
  v("values", c.values, kRequired);
}
template <class V> void describe(V& v, SetTransform& c) {
  v("kind", c.kind, kRequired);
  v("matrix", c.matrix, kRequired);
}
template <class V> void describe(V& v, SetViewport& c) {
  v("x", c.viewport.x);
  v("y", c.viewport.y);
  v("width", c.viewport.width, kRequired);
  v("height", c.viewport.height, kRequired);
  v("min_z", c.viewport.min_z);
  v("max_z", c.viewport.max_z);
}
template <class V> void describe(V& v, SetScissorRect& c) {
  v("left", c.rect.left);
  v("top", c.rect.top);
  v("right", c.rect.right, kRequired);
  v("bottom", c.rect.bottom, kRequired);
}
template <class V> void describe(V& v, SetRenderStates& c) { v.render_states(c.states); }
template <class V> void describe(V& v, SetLight& c) {
  v("index", c.index, kRequired);
  v("type", c.type, kRequired);
  v("diffuse", c.diffuse);
  v("specular", c.specular);
  v("ambient", c.ambient);
  v("position", c.position);
  v("direction", c.direction);
  v("range", c.range);
  v("falloff", c.falloff);
  v("attenuation0", c.attenuation0);
  v("attenuation1", c.attenuation1);
  v("attenuation2", c.attenuation2);
  v("theta", c.theta);
  v("phi", c.phi);
}
template <class V> void describe(V& v, LightEnable& c) {
  v("index", c.index, kRequired);
  v("enable", c.enable);
}
template <class V> void describe(V& v, SetShaderConstantsInt& c) {
  v("stage", c.stage);
  v("start_register", c.start_register);
  v("values", c.values, kRequired);
}
template <class V> void describe(V& v, SetShaderConstantsBool& c) {
  v("stage", c.stage);
  v("start_register", c.start_register);
  v("values", c.values, kRequired);
}
template <class V> void describe(V& v, SetTextureStageState& c) {
  v("stage", c.stage, kRequired);
  v("color_op", c.state.color_op);
  v("color_arg1", c.state.color_arg1);
  v("color_arg2", c.state.color_arg2);
  v("alpha_op", c.state.alpha_op);
  v("alpha_arg1", c.state.alpha_arg1);
  v("alpha_arg2", c.state.alpha_arg2);
  v("texcoord_index", c.state.texcoord_index);
  v("texture_transform_flags", c.state.texture_transform_flags);
  // Fields added after version 1 form one optional tail (see extension_present above):
  // the third arguments, RESULTARG and CONSTANT, then the bump-environment states.
  const api::TextureStageState& t = c.state;
  const api::TextureStageState d{};
  if (!extension_present(v, t.color_arg0 != d.color_arg0 || t.alpha_arg0 != d.alpha_arg0 ||
                                t.result_arg != d.result_arg || t.constant != d.constant ||
                                t.bump_mat00 != 0.0f || t.bump_mat01 != 0.0f ||
                                t.bump_mat10 != 0.0f || t.bump_mat11 != 0.0f ||
                                t.bump_lscale != 0.0f || t.bump_loffset != 0.0f))
    return;
  v("color_arg0", c.state.color_arg0);
  v("alpha_arg0", c.state.alpha_arg0);
  v("result_arg", c.state.result_arg);
  v("constant", Color{c.state.constant});
  v("bump_env_mat00", c.state.bump_mat00);
  v("bump_env_mat01", c.state.bump_mat01);
  v("bump_env_mat10", c.state.bump_mat10);
  v("bump_env_mat11", c.state.bump_mat11);
  v("bump_env_lscale", c.state.bump_lscale);
  v("bump_env_loffset", c.state.bump_loffset);
}
template <class V> void describe(V& v, SetStreamSourceFreq& c) {
  v("stream", c.stream);
  v("setting", c.setting, kRequired);
}
template <class V> void describe(V& v, SetNPatchMode& c) { v("segments", c.segments, kRequired); }
template <class V> void describe(V& v, SetClipPlane& c) {
  v("index", c.index, kRequired);
  v("plane", c.plane, kRequired);
}
template <class V> void describe(V& v, SetLod& c) {
  v("id", c.id, kRequired);
  v("lod", c.lod);
}
template <class V> void describe(V& v, SetRenderTarget& c) {
  v("index", c.index, kRequired);
  v("id", c.id);
}
template <class V> void describe(V& v, SetRasterizerState& c) { v("id", c.id); }
template <class V> void describe(V& v, SetDepthStencilState& c) {
  v("id", c.id);
  v("stencil_ref", c.stencil_ref);
}
template <class V> void describe(V& v, SetBlendState& c) {
  v("id", c.id);
  v("blend_factor", c.blend_factor);
  v("sample_mask", c.sample_mask);
}
template <class V> void describe(V& v, SetMaterial& c) {
  v("diffuse", c.diffuse);
  v("ambient", c.ambient);
  v("specular", c.specular);
  v("emissive", c.emissive);
  v("power", c.power);
}

// --- draws ---
template <class V> void describe(V& v, DrawPrimitive& c) {
  v("topology", c.topology);
  v("start_vertex", c.start_vertex);
  v("primitive_count", c.primitive_count, kRequired);
}
template <class V> void describe(V& v, DrawIndexedPrimitive& c) {
  v("topology", c.topology);
  v("base_vertex", c.base_vertex);
  v("min_index", c.min_index);
  v("num_vertices", c.num_vertices);
  v("start_index", c.start_index);
  v("primitive_count", c.primitive_count, kRequired);
}
template <class V> void describe(V& v, Draw& c) {
  v("topology", c.topology);
  v("vertex_count", c.vertex_count, kRequired);
  v("start_vertex", c.start_vertex);
}
template <class V> void describe(V& v, DrawIndexed& c) {
  v("topology", c.topology);
  v("index_count", c.index_count, kRequired);
  v("start_index", c.start_index);
  v("base_vertex", c.base_vertex);
}
template <class V> void describe(V& v, DrawInstanced& c) {
  v("topology", c.topology);
  v("vertex_count_per_instance", c.vertex_count_per_instance, kRequired);
  v("instance_count", c.instance_count, kRequired);
  v("start_vertex", c.start_vertex);
  v("start_instance", c.start_instance);
}
template <class V> void describe(V& v, DrawIndexedInstanced& c) {
  v("topology", c.topology);
  v("index_count_per_instance", c.index_count_per_instance, kRequired);
  v("instance_count", c.instance_count, kRequired);
  v("start_index", c.start_index);
  v("base_vertex", c.base_vertex);
  v("start_instance", c.start_instance);
}
template <class V> void describe(V& v, DrawRectPatch& c) {
  v("handle", c.handle);
  v("segments", c.segments);
  v("has_info", c.has_info);
  v("start_vertex_offset_width", c.start_vertex_offset_width);
  v("start_vertex_offset_height", c.start_vertex_offset_height);
  v("width", c.width);
  v("height", c.height);
  v("stride", c.stride);
  v("basis", c.basis);
  v("degree", c.degree);
}
template <class V> void describe(V& v, DrawTriPatch& c) {
  v("handle", c.handle);
  v("segments", c.segments);
  v("has_info", c.has_info);
  v("start_vertex_offset", c.start_vertex_offset);
  v("num_vertices", c.num_vertices);
  v("basis", c.basis);
  v("degree", c.degree);
}

// --- frame ---
template <class V> void describe(V& v, Clear& c) {
  v("flags", ClearMask{c.flags});
  v("color", Color{c.color});
  v("depth", c.depth);
  v("stencil", c.stencil);
}
template <class V> void describe(V&, Present&) {}
template <class V> void describe(V& v, ClearRenderTargetView& c) {
  v("view", c.view, kRequired);
  v("color", c.color, kRequired);
}
template <class V> void describe(V& v, Resolve& c) { v("texture", c.texture, kRequired); }
template <class V> void describe(V& v, CopyRect& c) {
  v("source", c.source);
  v("source_level", c.source_level);
  v("dest", c.dest, kRequired);
  v("dest_level", c.dest_level);
  v("src_left", c.src_left);
  v("src_top", c.src_top);
  v("src_right", c.src_right);
  v("src_bottom", c.src_bottom);
  v("dst_left", c.dst_left);
  v("dst_top", c.dst_top);
  v("dst_right", c.dst_right);
  v("dst_bottom", c.dst_bottom);
  v("filter", c.filter);
  v("flip_y", c.flip_y);
}
template <class V> void describe(V& v, ClearDepthStencilView& c) {
  v("view", c.view, kRequired);
  v("flags", ClearMask{c.flags});
  v("depth", c.depth);
  v("stencil", c.stencil);
}

// Visits a command with a visitor that only reads. The describe() walk takes mutable
// references so that one description also serves the decoders; reading visitors never
// write through them.
template <class V> void describe_const(V& v, const Command& c) {
  std::visit([&](const auto& cmd) { describe(v, const_cast<std::decay_t<decltype(cmd)>&>(cmd)); },
             c);
}
template <class V> void describe_const(V& v, const Header& h) {
  describe(v, const_cast<Header&>(h));
}

}  // namespace gfx::trace::schema
