// Device state of a PIX capture: render, sampler and texture-stage states, transforms,
// viewport, lights, constants and the bindings a draw reads.
#include <cstring>

#include "import/pix_fvf.h"
#include "import/pix_translator.h"
#include "trace/render_states.h"

namespace gfx::import {

namespace {

std::vector<float> floats(const std::vector<uint8_t>& b) {
  std::vector<float> f(b.size() / 4);
  std::memcpy(f.data(), b.data(), f.size() * 4);
  return f;
}

float bits_float(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// Render states gfxsim does not model, dropped: DITHERENABLE (26; dithering is the
// device's choice) and LASTPIXEL (16): gfxsim's lines light the pixels of a half-open
// span whatever it says (func/geom/point_line.h).
bool inert_render_state(uint32_t state) { return state == 26 || state == 16; }

}  // namespace

void PixTranslator::set_render_state(PixArgs& a) {
  const uint32_t state = a.u32(), value = a.u32();
  const trace::RenderStateInfo* rs =
      state < 0x10000 ? trace::find_render_state(uint16_t(state)) : nullptr;
  if (!rs) {
    if (inert_render_state(state)) return;
    throw UnsupportedError("render state " + std::to_string(state) + " is not supported");
  }
  if (!trace::render_state_value_valid(*rs, value))
    throw UnsupportedError(std::string("render state ") + rs->name + " value " +
                           std::to_string(value) + " is not supported");
  if (rs->id == api::RenderStateId::ScissorTestEnable) scissor_test_ = value != 0;
  out_.set_render_state(rs->id, value);
}

void PixTranslator::set_sampler_state(PixArgs& a) {
  const uint32_t stage = a.u32(), type = a.u32(), value = a.u32();
  if (stage > 15 && (stage < 257 || stage > 260))
    throw UnsupportedError("sampler " + std::to_string(stage) + " is not supported");
  api::SamplerState& s = samplers_[stage];
  auto filter = [&](api::Filter& f, bool none_ok) {
    if (value > 3 || (value == 0 && !none_ok))
      throw UnsupportedError("filter " + std::to_string(value) + " is not supported");
    f = api::Filter(value);
  };
  auto address = [&](api::Address& ad) {
    if (value < 1 || value > 5)
      throw ConversionError("texture address mode " + std::to_string(value));
    ad = api::Address(value);
  };
  switch (type) {
    case 1: address(s.address_u); break;
    case 2: address(s.address_v); break;
    case 3: address(s.address_w); break;
    case 4: s.border_color = value; break;
    case 5: filter(s.mag_filter, false); break;
    case 6: filter(s.min_filter, false); break;
    case 7: filter(s.mip_filter, true); break;
    case 8: s.mip_lod_bias = bits_float(value); break;
    case 9: s.max_mip_level = value; break;
    // The device clamps the anisotropy to its cap; gfxsim's is 16.
    case 10: s.max_anisotropy = std::min(16u, std::max(1u, value)); break;
    case 11:  // SRGBTEXTURE
    case 12:  // ELEMENTINDEX
    case 13:  // DMAPOFFSET
      if (value != 0)
        throw UnsupportedError("sampler state " + std::to_string(type) + " value " +
                               std::to_string(value) + " is not supported");
      return;
    default: throw ConversionError("sampler state type " + std::to_string(type));
  }
  out_.set_sampler_state(stage, s);
}

void PixTranslator::set_texture_stage_state(PixArgs& a) {
  const uint32_t stage = a.u32(), type = a.u32(), value = a.u32();
  if (stage >= api::kMaxTextureStages)
    throw UnsupportedError("texture stage " + std::to_string(stage) + " is not supported");
  api::TextureStageState& t = stages_[stage];
  const float f = bits_float(value);
  switch (type) {
    case 1: t.color_op = value; break;
    case 2: t.color_arg1 = value; break;
    case 3: t.color_arg2 = value; break;
    case 4: t.alpha_op = value; break;
    case 5: t.alpha_arg1 = value; break;
    case 6: t.alpha_arg2 = value; break;
    case 7: t.bump_mat00 = f; break;
    case 8: t.bump_mat01 = f; break;
    case 9: t.bump_mat10 = f; break;
    case 10: t.bump_mat11 = f; break;
    case 11: t.texcoord_index = value; break;
    case 22: t.bump_lscale = f; break;
    case 23: t.bump_loffset = f; break;
    case 24: t.texture_transform_flags = value; break;
    case 26: t.color_arg0 = value; break;
    case 27: t.alpha_arg0 = value; break;
    case 28: t.result_arg = value; break;
    case 32: t.constant = value; break;
    default:
      throw UnsupportedError("texture stage state " + std::to_string(type) + " is not supported");
  }
  out_.command(trace::SetTextureStageState{stage, t});
}

void PixTranslator::set_transform(PixArgs& a, bool multiply) {
  const uint32_t state = a.u32();
  std::vector<float> m = floats(a.pointed(64));
  const bool known = state == 2 || state == 3 || (state >= 16 && state <= 23) || state == 256;
  if (!known) throw UnsupportedError("transform " + std::to_string(state) + " is not supported");
  const auto kind = api::TransformKind(state);
  api::Matrix4 value;
  std::copy(m.begin(), m.end(), value.begin());
  if (multiply) {  // D3D9: the given matrix times the current one
    auto it = transforms_.find(kind);
    const api::Matrix4 cur = it == transforms_.end() ? api::identity_matrix() : it->second;
    api::Matrix4 r{};
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        for (int k = 0; k < 4; ++k) r[4 * i + j] += value[4 * i + k] * cur[4 * k + j];
    value = r;
  }
  transforms_[kind] = value;
  out_.set_transform(kind, value);
}

void PixTranslator::set_viewport(PixArgs& a) {
  std::vector<uint8_t> p = a.pointed(24);
  api::Viewport v;
  std::memcpy(&v.x, &p[0], 4);
  std::memcpy(&v.y, &p[4], 4);
  std::memcpy(&v.width, &p[8], 4);
  std::memcpy(&v.height, &p[12], 4);
  std::memcpy(&v.min_z, &p[16], 4);
  std::memcpy(&v.max_z, &p[20], 4);
  // Inside render target 0 (the back buffer, or a texture level no larger).
  const SurfaceSize rt = surface_size(*targets_[0]);
  if (uint64_t(v.x) + v.width > rt.width || uint64_t(v.y) + v.height > rt.height ||
      v.width == 0 || v.height == 0)
    throw ConversionError("viewport leaves the " + std::to_string(rt.width) + "x" +
                          std::to_string(rt.height) + " render target");
  viewport_ = v;
  out_.set_viewport(v);
}

void PixTranslator::set_material(PixArgs& a) {
  std::vector<float> m = floats(a.pointed(68));
  trace::SetMaterial s;
  s.diffuse.assign(m.begin(), m.begin() + 4);
  s.ambient.assign(m.begin() + 4, m.begin() + 8);
  s.specular.assign(m.begin() + 8, m.begin() + 12);
  s.emissive.assign(m.begin() + 12, m.begin() + 16);
  s.power = m[16];
  out_.command(s);
}

void PixTranslator::set_light(PixArgs& a) {
  const uint32_t index = a.u32();
  std::vector<uint8_t> p = a.pointed(104);
  if (index >= api::kMaxActiveLights)
    throw UnsupportedError("light " + std::to_string(index) + " (gfxsim has 8)");
  uint32_t type;
  std::memcpy(&type, &p[0], 4);
  if (type < 1 || type > 3) throw ConversionError("light type " + std::to_string(type));
  std::vector<float> f = floats(std::vector<uint8_t>(p.begin() + 4, p.end()));
  trace::SetLight l;
  l.index = index;
  l.type = api::LightType(type);
  l.diffuse.assign(f.begin(), f.begin() + 4);
  l.specular.assign(f.begin() + 4, f.begin() + 8);
  l.ambient.assign(f.begin() + 8, f.begin() + 12);
  l.position.assign(f.begin() + 12, f.begin() + 15);
  l.direction.assign(f.begin() + 15, f.begin() + 18);
  l.range = f[18];
  l.falloff = f[19];
  l.attenuation0 = f[20];
  l.attenuation1 = f[21];
  l.attenuation2 = f[22];
  l.theta = f[23];
  l.phi = f[24];
  out_.command(l);
}

void PixTranslator::light_enable(PixArgs& a) {
  const uint32_t index = a.u32(), enable = a.u32();
  if (index >= api::kMaxActiveLights)
    throw UnsupportedError("light " + std::to_string(index) + " (gfxsim has 8)");
  out_.command(trace::LightEnable{index, enable ? 1u : 0u});
}

void PixTranslator::set_clip_plane(PixArgs& a) {
  const uint32_t index = a.u32();
  std::vector<float> plane = floats(a.pointed(16));
  if (index >= 6) throw ConversionError("clip plane " + std::to_string(index));
  out_.command(trace::SetClipPlane{index, plane});
}

void PixTranslator::set_scissor_rect(PixArgs& a) {
  std::vector<uint8_t> p = a.pointed(16);
  api::ScissorRect r;
  std::memcpy(&r.left, &p[0], 4);
  std::memcpy(&r.top, &p[4], 4);
  std::memcpy(&r.right, &p[8], 4);
  std::memcpy(&r.bottom, &p[12], 4);
  out_.set_scissor_rect(r);
}

void PixTranslator::set_constants(PixArgs& a, api::ShaderStage stage, char kind) {
  const uint32_t start = a.u32();
  a.pointed(4);  // the pointer and the first value; the array holds them all
  const uint32_t count = a.u32();
  std::vector<uint8_t> data = a.array("constants");
  const size_t per = kind == 'B' ? 4 : 16;
  if (data.size() != per * count)
    throw ConversionError(std::to_string(data.size()) + " bytes of constants for " +
                          std::to_string(count) + " registers");
  std::vector<float> values;
  if (kind == 'F') {
    values = floats(data);
    out_.set_shader_constants(stage, start, values);
    return;
  }
  for (size_t i = 0; i < data.size(); i += 4) {
    int32_t v;
    std::memcpy(&v, &data[i], 4);
    values.push_back(kind == 'B' ? (v != 0 ? 1.0f : 0.0f) : float(v));
  }
  if (kind == 'I')
    out_.command(trace::SetShaderConstantsInt{stage, start, values});
  else
    out_.command(trace::SetShaderConstantsBool{stage, start, values});
}

void PixTranslator::set_shader(PixArgs& a, api::ShaderStage stage) {
  const uint32_t handle = a.u32();
  const ResourceId id = handle ? object(shaders_, handle, "shader") : 0;
  if (stage == api::ShaderStage::Vertex)
    out_.set_vertex_shader(id);
  else
    out_.set_pixel_shader(id);
}

void PixTranslator::set_declaration(PixArgs& a) {
  const uint32_t handle = a.u32();
  if (!handle) return;  // D3D9 leaves the declaration as it is
  out_.set_vertex_declaration(object(declarations_, handle, "vertex declaration"));
  stream_bytes_ = declaration_bytes_[handle];
}

void PixTranslator::set_fvf(PixArgs& a) {
  const uint32_t fvf = a.u32();
  if (fvf == 0) return;
  auto it = fvf_declarations_.find(fvf);
  if (it == fvf_declarations_.end()) {
    auto d = std::make_shared<api::VertexDeclaration>();
    d->elements = fvf_elements(fvf);
    const ResourceId id = new_id();
    out_.command(trace::CreateVertexDeclaration{id, d});
    it = fvf_declarations_.emplace(fvf, id).first;
  }
  out_.set_vertex_declaration(it->second);
  stream_bytes_ = StreamBytes{};
  stream_bytes_[0] = fvf_stride(fvf);
}

void PixTranslator::set_stream_source(PixArgs& a) {
  const uint32_t stream = a.u32(), handle = a.u32(), offset = a.u32(), stride = a.u32();
  if (stream >= streams_.size()) throw ConversionError("stream " + std::to_string(stream));
  if (handle) object(buffers_, handle, "vertex buffer");
  streams_[stream] = Stream{handle, offset, stride};
}

void PixTranslator::set_stream_source_freq(PixArgs& a) {
  const uint32_t stream = a.u32(), setting = a.u32();
  if (stream >= streams_.size()) throw ConversionError("stream " + std::to_string(stream));
  stream_freq_[stream] = setting;
  out_.command(trace::SetStreamSourceFreq{stream, setting});
}

void PixTranslator::set_indices(PixArgs& a) {
  const uint32_t handle = a.u32();
  if (handle) object(buffers_, handle, "index buffer");
  indices_ = handle;
}

void PixTranslator::set_texture(PixArgs& a) {
  const uint32_t stage = a.u32(), handle = a.u32();
  if (stage > 15 && (stage < 257 || stage > 260))
    throw UnsupportedError("sampler " + std::to_string(stage) + " is not supported");
  if (handle && !textures_.count(handle))  // a texture whose creation was skipped
    throw UnsupportedError("texture handle " + std::to_string(handle) + " was not created");
  textures_bound_[stage] = handle;
}

void PixTranslator::set_npatch_mode(PixArgs& a) { out_.command(trace::SetNPatchMode{a.f32()}); }

}  // namespace gfx::import
