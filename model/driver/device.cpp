#include "driver/device.h"

#include <algorithm>
#include <cstring>
#include <new>

#include "common/error.h"
#include "trace/render_states.h"

namespace gfx::driver {

namespace {

template <class... Fs> struct Overload : Fs... { using Fs::operator()...; };
template <class... Fs> Overload(Fs...) -> Overload<Fs...>;

[[noreturn]] void fail(const std::string& where, const std::string& what) {
  throw Error(where + ": " + what);
}

void check_stage(uint32_t stage, unsigned limit, const char* what, const std::string& where) {
  if (stage >= limit)
    fail(where, std::string(what) + " " + std::to_string(stage) + " is out of range (0.." +
                    std::to_string(limit - 1) + ")");
}

// The sampler slot of a D3D9 stage number (pixel 0..15, vertex 257..260).
unsigned sampler_slot(uint32_t stage, const std::string& where) {
  const int slot = api::sampler_slot(stage);
  if (slot < 0)
    fail(where, "sampler stage " + std::to_string(stage) +
                    " is neither a pixel sampler 0..15 nor a vertex sampler 257..260");
  return unsigned(slot);
}

}  // namespace

Device::Device(const trace::Header& header)
    : header_(header),
      vs_constants_(api::kMaxShaderConstants),
      ps_constants_(api::kMaxShaderConstants),
      world_(api::identity_matrix()),
      view_(api::identity_matrix()),
      projection_(api::identity_matrix()) {
  texture_matrices_.fill(api::identity_matrix());
  stream_freq_.fill(1);
  for (unsigned s = 1; s < api::kMaxTextureStages; ++s)  // D3D9: stages past 0 start disabled
    stages_[s].color_op = stages_[s].alpha_op = 1;
  viewport_.width = rt_width_ = header.width;
  viewport_.height = rt_height_ = header.height;
  scissor_ = {0, 0, int32_t(header.width), int32_t(header.height)};
}

template <typename T> std::shared_ptr<const T> Device::lookup(const Table<T>& table,
                                                              api::ResourceId id, const char* kind,
                                                              const std::string& where) const {
  if (id == 0) return nullptr;
  auto it = table.find(id);
  if (it == table.end())
    fail(where, std::string("no ") + kind + " with id " + std::to_string(id) +
                    " (never created, or released)");
  return it->second;
}

void Device::set_limits(const trace::Limits& limits) {
  if (commands_ != 0) throw Error("driver: limits must be set before the first command");
  limits_ = trace::LimitChecker(limits);
}

Device::Action Device::apply(const trace::Command& command, const std::string& where) {
  const uint64_t index = commands_++;
  // The limits first, on what the command declares, before anything is built for it.
  try {
    limits_.command(command);
  } catch (const trace::LimitError& e) {
    fail(trace::command_label(where, index, trace::name_of(command)), e.what());
  }
  try {
    return execute(command, where);
  } catch (const std::bad_alloc&) {
    // The last resort when the host runs out below every limit: name the command at least.
    fail(trace::command_label(where, index, trace::name_of(command)),
         "out of memory (std::bad_alloc); lower the limits or free memory on the host");
  }
}

Device::Action Device::execute(const trace::Command& command, const std::string& where) {
  auto create = [&](auto& table, api::ResourceId id, auto ptr) {
    if (id == 0) fail(where, "resource id 0 is reserved for 'none'");
    table[id] = ptr;
  };
  Action action = Action::None;
  std::visit(
      Overload{
          [&](const trace::CreateVertexBuffer& c) { create(vertex_buffers_, c.id, c.buffer); },
          [&](const trace::CreateIndexBuffer& c) { create(index_buffers_, c.id, c.buffer); },
          [&](const trace::CreateTexture& c) {
            create(textures_, c.id, c.texture);
            views_.erase(c.id);        // one id space: the id now names the texture
            texture_lod_.erase(c.id);  // a new texture object starts at LOD 0
          },
          [&](const trace::CreateShader& c) {
            create(shaders_, c.id, c.shader);
            create_d3d10_shader(c, where);
          },
          [&](const trace::CreateVertexDeclaration& c) {
            create(declarations_, c.id, c.declaration);
          },
          [&](const trace::ReleaseResource& c) {
            vertex_buffers_.erase(c.id);
            index_buffers_.erase(c.id);
            textures_.erase(c.id);
            texture_lod_.erase(c.id);
            shaders_.erase(c.id);
            d3d10_shaders_.erase(c.id);
            constant_buffers_.erase(c.id);
            declarations_.erase(c.id);
            views_.erase(c.id);
          },
          [&](const trace::CreateView& c) { create_view(c, where); },
          [&](const trace::SetRenderTargets& c) {
            if (set_render_targets(c, where)) action = Action::Drain;
          },
          [&](const trace::ClearRenderTargetView& c) {
            clear_render_target_view(c, where);
            action = Action::Clear;
          },
          [&](const trace::ClearDepthStencilView& c) {
            clear_depth_stencil_view(c, where);
            action = Action::Clear;
          },
          [&](const trace::Resolve& c) {
            resolve(c, where);
            action = Action::Clear;  // a marker behind every earlier draw
          },
          [&](const trace::CopyRect& c) {
            copy_rect(c, where);
            action = Action::Clear;  // a marker behind every earlier draw
          },
          [&](const trace::SetVertexDeclaration& c) {
            declaration_ = lookup(declarations_, c.id, "vertex declaration", where);
          },
          [&](const trace::SetStreamSource& c) {
            check_stage(c.stream, api::kMaxStreams, "stream", where);
            streams_[c.stream] = c.source;
            stream_buffers_[c.stream] =
                lookup(vertex_buffers_, c.source.buffer, "vertex buffer", where);
          },
          [&](const trace::SetIndices& c) {
            indices_ = lookup(index_buffers_, c.id, "index buffer", where);
          },
          [&](const trace::SetTexture& c) {
            const unsigned slot = sampler_slot(c.stage, where);
            textures_bound_[slot] = lookup(textures_, c.id, "texture", where);
            texture_ids_bound_[slot] = c.id;
            resource_ids_bound_[slot] = c.id;
            srv_ids_bound_[slot] = 0;
          },
          [&](const trace::SetLod& c) {
            lookup(textures_, c.id, "texture", where);
            texture_lod_[c.id] = c.lod;
          },
          [&](const trace::SetClipPlane& c) {
            check_stage(c.index, api::kMaxClipPlanes, "clip plane", where);
            std::copy(c.plane.begin(), c.plane.end(), clip_planes_[c.index].begin());
          },
          [&](const trace::SetSamplerState& c) {
            const unsigned slot = sampler_slot(c.stage, where);
            samplers_[slot] = c.state;
            sampler_ids_bound_[slot] = 0;
          },
          [&](const trace::SetVertexShader& c) {
            lookup(shaders_, c.id, "shader", where);
            vertex_shader_ = c.id;
          },
          [&](const trace::SetPixelShader& c) {
            lookup(shaders_, c.id, "shader", where);
            pixel_shader_ = c.id;
          },
          [&](const trace::SetShaderConstants& c) {
            auto& regs = c.stage == api::ShaderStage::Vertex ? vs_constants_ : ps_constants_;
            if (c.values.size() % 4 != 0)
              fail(where, "shader constants must come in groups of 4 floats");
            const size_t n = c.values.size() / 4;
            if (c.start_register + n > regs.size())
              fail(where, "shader constants c" + std::to_string(c.start_register) + "..c" +
                              std::to_string(c.start_register + n - 1) + " exceed c" +
                              std::to_string(regs.size() - 1));
            for (size_t i = 0; i < n; ++i)
              regs[c.start_register + i] = {c.values[4 * i], c.values[4 * i + 1],
                                            c.values[4 * i + 2], c.values[4 * i + 3]};
          },
          [&](const trace::SetTransform& c) {
            switch (c.kind) {
              case api::TransformKind::World: world_ = c.matrix; break;
              case api::TransformKind::View: view_ = c.matrix; break;
              case api::TransformKind::Projection: projection_ = c.matrix; break;
              default:  // Texture0..7: the checker admits no other kind
                texture_matrices_[unsigned(c.kind) - unsigned(api::TransformKind::Texture0)] =
                    c.matrix;
                break;
            }
          },
          [&](const trace::SetViewport& c) { viewport_ = c.viewport; },
          [&](const trace::SetScissorRect& c) { scissor_ = c.rect; },
          [&](const trace::SetRenderStates& c) {
            for (const auto& v : c.states) set_render_state(v, where);
          },
          [&](const trace::SetShaderConstantsInt& c) {
            auto& regs =
                c.stage == api::ShaderStage::Vertex ? vs_int_constants_ : ps_int_constants_;
            const size_t n = c.values.size() / 4;
            if (c.values.size() % 4 != 0 || c.start_register >= regs.size() ||
                n > regs.size() - c.start_register)
              fail(where, "integer constants must be whole int4 registers within i0..i15");
            for (size_t i = 0; i < 4 * n; ++i)
              regs[c.start_register + i / 4][i % 4] = int32_t(c.values[i]);
          },
          [&](const trace::SetShaderConstantsBool& c) {
            auto& regs =
                c.stage == api::ShaderStage::Vertex ? vs_bool_constants_ : ps_bool_constants_;
            if (c.start_register >= regs.size() || c.values.size() > regs.size() - c.start_register)
              fail(where, "boolean constants must lie within b0..b15");
            for (size_t i = 0; i < c.values.size(); ++i)
              regs[c.start_register + i] = c.values[i] != 0.0f;
          },
          [&](const trace::SetTextureStageState& c) {
            check_stage(c.stage, api::kMaxTextureStages, "texture stage", where);
            stages_[c.stage] = c.state;
          },
          [&](const trace::SetLight& c) {
            check_stage(c.index, api::kMaxActiveLights, "light", where);
            if (c.diffuse.size() != 4 || c.specular.size() != 4 || c.ambient.size() != 4 ||
                c.position.size() != 3 || c.direction.size() != 3)
              fail(where, "set_light: colours need 4 values, position and direction 3");
            api::Light& l = lights_[c.index];
            l.type = c.type;
            std::copy(c.diffuse.begin(), c.diffuse.end(), l.diffuse.begin());
            std::copy(c.specular.begin(), c.specular.end(), l.specular.begin());
            std::copy(c.ambient.begin(), c.ambient.end(), l.ambient.begin());
            std::copy(c.position.begin(), c.position.end(), l.position.begin());
            std::copy(c.direction.begin(), c.direction.end(), l.direction.begin());
            l.range = c.range;
            l.falloff = c.falloff;
            l.attenuation0 = c.attenuation0;
            l.attenuation1 = c.attenuation1;
            l.attenuation2 = c.attenuation2;
            l.theta = c.theta;
            l.phi = c.phi;
          },
          [&](const trace::LightEnable& c) {
            check_stage(c.index, api::kMaxActiveLights, "light", where);
            light_enabled_[c.index] = c.enable != 0;
          },
          [&](const trace::SetMaterial& c) {
            if (c.diffuse.size() != 4 || c.ambient.size() != 4 || c.specular.size() != 4 ||
                c.emissive.size() != 4)
              fail(where, "set_material: colours need 4 values");
            std::copy(c.diffuse.begin(), c.diffuse.end(), material_.diffuse.begin());
            std::copy(c.ambient.begin(), c.ambient.end(), material_.ambient.begin());
            std::copy(c.specular.begin(), c.specular.end(), material_.specular.begin());
            std::copy(c.emissive.begin(), c.emissive.end(), material_.emissive.begin());
            material_.power = c.power;
          },
          [&](const trace::SetStreamSourceFreq& c) {
            check_stage(c.stream, api::kMaxStreams, "stream", where);
            stream_freq_[c.stream] = c.setting;
          },
          [&](const trace::SetNPatchMode& c) { npatch_segments_ = c.segments; },
          [&](const trace::DeletePatch& c) { delete_patch(c, where); },
          [&](const trace::DrawRectPatch& c) {
            resolve_render_textures();
            draw_rect_patch(c, where);
            action = Action::Draw;
          },
          [&](const trace::DrawTriPatch& c) {
            resolve_render_textures();
            draw_tri_patch(c, where);
            action = Action::Draw;
          },
          [&](const trace::CreateRasterizerState& c) {
            if (c.id == 0) fail(where, "state object id 0 is reserved for the default state");
            rasterizer_states_[c.id] = c.desc;
          },
          [&](const trace::CreateDepthStencilState& c) {
            if (c.id == 0) fail(where, "state object id 0 is reserved for the default state");
            depth_stencil_states_[c.id] = c.desc;
          },
          [&](const trace::CreateBlendState& c) {
            if (c.id == 0) fail(where, "state object id 0 is reserved for the default state");
            blend_states_[c.id] = c.desc;
          },
          [&](const trace::SetRasterizerState& c) { set_rasterizer_state(c, where); },
          [&](const trace::CreateConstantBuffer& c) {
            create(constant_buffers_, c.id, new_constant_buffer(c.buffer->bytes));
          },
          [&](const trace::UpdateConstantBuffer& c) { update_constant_buffer(c, where); },
          [&](const trace::SetConstantBuffers& c) { set_constant_buffers(c, where); },
          [&](const trace::CreateSamplerState& c) {
            if (c.id == 0) fail(where, "state object id 0 is reserved for D3D10's default state");
            sampler_states_[c.id] = c.desc;
          },
          [&](const trace::SetSamplers& c) { set_samplers(c, where); },
          [&](const trace::CreateInputLayout& c) { create_input_layout(c, where); },
          [&](const trace::SetInputLayout& c) { set_input_layout(c, where); },
          [&](const trace::SetShaderResources& c) { set_shader_resources(c, where); },
          [&](const trace::SetBlendState& c) { set_blend_state(c, where); },
          [&](const trace::SetDepthStencilState& c) { set_depth_stencil_state(c, where); },
          [&](const trace::SetRenderTarget& c) {
            if (set_render_target(c, where)) action = Action::Drain;
          },
          [&](const trace::Clear& c) {
            // D3D9's Clear fails (D3DERR_INVALIDCALL) for stencil without stencil bits.
            if ((c.flags & api::ClearStencil) && !depth_target_ && !depth_none_ &&
                header_.depth_format != api::Format::D24S8)
              fail(where, std::string("clear: the stencil flag with a ") +
                              std::string(api::to_name(header_.depth_format)) +
                              " depth surface, which has no stencil (D3D9 rejects it)");
            ClearOp op;
            op.color_targets = color_targets_;
            // With D3D10 outputs bound, the depth flags reach the bound depth-stencil view.
            op.depth_surface = depth_target_;
            const uint32_t depth_flags = api::ClearZBuffer | api::ClearStencil;
            const PixelRect r = drawable_rect();
            op.x0 = r.x0;
            op.y0 = r.y0;
            op.x1 = r.x1;
            op.y1 = r.y1;
            op.flags = c.flags & (depth_none_ ? ~depth_flags : ~0u);
            op.color = c.color;
            op.depth = c.depth;
            op.stencil = c.stencil;
            last_clear_ = op;
            action = Action::Clear;
          },
          [&](const trace::Present&) {
            ++frame_;
            action = Action::Present;
          },
          [&](const auto& draw) {  // every draw command
            resolve_render_textures();
            const trace::Command c(draw);
            if (npatches_on(c))
              draw_npatches(c, where);  // tessellated before the vertex shader
            else
              build_draw(c, where);
            action = Action::Draw;
          },
      },
      command);
  return action;
}

Device::PixelRect Device::drawable_rect() const {
  PixelRect r;
  r.x0 = int(viewport_.x);
  r.y0 = int(viewport_.y);
  r.x1 = int(std::min<uint64_t>(uint64_t(viewport_.x) + viewport_.width, rt_width_));
  r.y1 = int(std::min<uint64_t>(uint64_t(viewport_.y) + viewport_.height, rt_height_));
  if (render_states_.scissor_enable) {
    r.x0 = std::max(r.x0, scissor_.left);
    r.y0 = std::max(r.y0, scissor_.top);
    r.x1 = std::min(r.x1, scissor_.right);
    r.y1 = std::min(r.y1, scissor_.bottom);
  }
  r.x1 = std::max(r.x1, r.x0);
  r.y1 = std::max(r.y1, r.y0);
  return r;
}

void Device::set_render_state(const trace::RenderStateValue& v, const std::string& where) {
  api::RenderStates& rs = render_states_;
  auto as_enum = [&](auto current) {
    using E = decltype(current);
    if (!api::is_valid<E>(v.value))
      fail(where, "render state " + std::to_string(unsigned(v.id)) + ": invalid value " +
                      std::to_string(v.value));
    return E(v.value);
  };
  switch (v.id) {
    case api::RenderStateId::ZEnable: rs.z_enable = v.value != 0; break;
    case api::RenderStateId::ShadeMode: rs.shade_mode = as_enum(rs.shade_mode); break;
    case api::RenderStateId::ZWriteEnable: rs.z_write = v.value != 0; break;
    case api::RenderStateId::SrcBlend: rs.src_blend = as_enum(rs.src_blend); break;
    case api::RenderStateId::DestBlend: rs.dest_blend = as_enum(rs.dest_blend); break;
    case api::RenderStateId::CullMode: rs.cull_mode = as_enum(rs.cull_mode); break;
    case api::RenderStateId::ZFunc: rs.z_func = as_enum(rs.z_func); break;
    case api::RenderStateId::AlphaBlendEnable:  // D3D9: one enable for every target
      rs.blend_enable = v.value != 0;
      rs.independent_blend = false;
      break;
    case api::RenderStateId::ColorWriteEnable: rs.color_write_mask = uint8_t(v.value & 0xF); break;
    case api::RenderStateId::BlendOp: rs.blend_op = as_enum(rs.blend_op); break;
    case api::RenderStateId::ScissorTestEnable: rs.scissor_enable = v.value != 0; break;
    default: {
      // The fixed-function states: the trace layer's table knows their types.
      const trace::RenderStateInfo* info = trace::find_render_state(uint16_t(v.id));
      if (!info)
        fail(where, "render state " + std::to_string(unsigned(v.id)) + " is not supported");
      if (!trace::render_state_value_valid(*info, v.value))
        fail(where, std::string("render state ") + info->name + ": invalid value " +
                        std::to_string(v.value));
      trace::apply_render_state(rs, v);
    }
  }
}

}  // namespace gfx::driver
