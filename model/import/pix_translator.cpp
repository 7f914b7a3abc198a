#include "import/pix_translator.h"

#include <cstring>

#include "common/error.h"
#include "import/pix_calls.h"

namespace gfx::import {

namespace {

// D3DFORMATs of depth buffers the trace header can name.
api::Format depth_format(uint32_t d3d, const PixArgs& a) {
  switch (d3d) {
    case 75: return api::Format::D24S8;
    case 77: return api::Format::D24X8;
    case 80: return api::Format::D16;
  }
  a.fail("depth format " + std::to_string(d3d) + " is not D24S8, D24X8 or D16");
}

}  // namespace

PixDevice pix_device(const PixCapture& capture) {
  for (const PixCall& c : capture.calls) {
    if (c.id != pix::kCreateDevice) continue;
    PixArgs a(capture.path, c);
    a.u32();                                 // return value
    a.u32();                                 // this
    for (int i = 0; i < 4; ++i) a.u32();     // adapter, device type, focus window, behaviour
    std::vector<uint8_t> p = a.pointed(56);  // D3DPRESENT_PARAMETERS
    auto field = [&](int i) {
      uint32_t v;
      std::memcpy(&v, &p[4 * i], 4);
      return v;
    };
    PixDevice d;
    d.width = field(0);
    d.height = field(1);
    if (d.width == 0 || d.height == 0 || d.width > 8192 || d.height > 8192)
      a.fail("back buffer " + std::to_string(d.width) + "x" + std::to_string(d.height) +
             " is outside 1..8192 (a window-sized back buffer is not recorded)");
    // MultiSampleType: D3DMULTISAMPLE_NONE or a sample count; the model has the standard
    // D3D10 patterns of 2, 4, 8 and 16 samples (D3D9's positions are the vendor's).
    const uint32_t ms = field(4);
    if (ms != 0 && ms != 2 && ms != 4 && ms != 8 && ms != 16)
      a.fail("MultiSampleType " + std::to_string(ms) +
             " is not modelled (0, or 2, 4, 8 or 16 samples at the standard D3D10 positions)");
    d.sample_count = ms;
    d.depth_buffer = field(9) != 0;
    if (d.depth_buffer) d.depth_format = depth_format(field(10), a);
    return d;
  }
  throw Error(capture.path + ": no IDirect3D9::CreateDevice call: the back buffer is unknown");
}

PixTranslator::PixTranslator(const PixCapture& capture, trace::TraceBuilder& out,
                             TranslateOptions options)
    : capture_(capture), out_(out), options_(options) {
  using namespace pix;
  using api::ShaderStage;
  auto on = [this](uint32_t id, void (PixTranslator::*f)(PixArgs&)) {
    handlers_[id] = [this, f](PixArgs& a) { (this->*f)(a); };
  };
  auto on_fn = [this](uint32_t id, Handler h) { handlers_[id] = std::move(h); };
  on(kCreateDevice, &PixTranslator::create_device);
  on_fn(kCreateVertexBuffer, [this](PixArgs& a) { create_buffer(a, false); });
  on_fn(kCreateIndexBuffer, [this](PixArgs& a) { create_buffer(a, true); });
  on(kVertexBufferLock, &PixTranslator::lock_buffer);
  on(kIndexBufferLock, &PixTranslator::lock_buffer);
  on(kVertexBufferUnlock, &PixTranslator::unlock_buffer);
  on(kIndexBufferUnlock, &PixTranslator::unlock_buffer);
  for (bool cube : {false, true}) {
    on_fn(cube ? kCreateCubeTexture : kCreateTexture,
          [this, cube](PixArgs& a) { create_texture(a, cube); });
    on_fn(cube ? kCubeGetCubeMapSurface : kTextureGetSurfaceLevel,
          [this, cube](PixArgs& a) { get_surface(a, cube); });
    on_fn(cube ? kCubeLockRect : kTextureLockRect,
          [this, cube](PixArgs& a) { lock_texture(a, cube); });
    on_fn(cube ? kCubeUnlockRect : kTextureUnlockRect,
          [this, cube](PixArgs& a) { unlock_texture(a, cube); });
  }
  on(kCreateVolumeTexture, &PixTranslator::create_volume_texture);
  for (uint32_t id : {kTextureSetLOD, kCubeTextureSetLOD, kVolumeTextureSetLOD})
    on(id, &PixTranslator::set_lod);
  on(kVolumeGetVolumeLevel, &PixTranslator::get_volume_level);
  on_fn(kVolumeTextureLockBox, [this](PixArgs& a) { lock_box(a, false); });
  on_fn(kVolumeTextureUnlockBox, [this](PixArgs& a) { unlock_box(a, false); });
  on_fn(kVolumeLockBox, [this](PixArgs& a) { lock_box(a, true); });
  on_fn(kVolumeUnlockBox, [this](PixArgs& a) { unlock_box(a, true); });
  on(kSurfaceLockRect, &PixTranslator::lock_surface);
  on(kSurfaceUnlockRect, &PixTranslator::unlock_surface);
  on_fn(kCreateVertexShader, [this](PixArgs& a) { create_shader(a, ShaderStage::Vertex); });
  on_fn(kCreatePixelShader, [this](PixArgs& a) { create_shader(a, ShaderStage::Pixel); });
  on(kCreateVertexDeclaration, &PixTranslator::create_declaration);
  on(kSetRenderState, &PixTranslator::set_render_state);
  on(kSetSamplerState, &PixTranslator::set_sampler_state);
  on(kSetTextureStageState, &PixTranslator::set_texture_stage_state);
  on_fn(kSetTransform, [this](PixArgs& a) { set_transform(a, false); });
  on_fn(kMultiplyTransform, [this](PixArgs& a) { set_transform(a, true); });
  on(kSetViewport, &PixTranslator::set_viewport);
  on(kSetMaterial, &PixTranslator::set_material);
  on(kSetLight, &PixTranslator::set_light);
  on(kLightEnable, &PixTranslator::light_enable);
  on(kSetClipPlane, &PixTranslator::set_clip_plane);
  on(kSetScissorRect, &PixTranslator::set_scissor_rect);
  const std::pair<uint32_t, std::pair<ShaderStage, char>> constants[] = {
      {kSetVertexShaderConstantF, {ShaderStage::Vertex, 'F'}},
      {kSetVertexShaderConstantI, {ShaderStage::Vertex, 'I'}},
      {kSetVertexShaderConstantB, {ShaderStage::Vertex, 'B'}},
      {kSetPixelShaderConstantF, {ShaderStage::Pixel, 'F'}},
      {kSetPixelShaderConstantI, {ShaderStage::Pixel, 'I'}},
      {kSetPixelShaderConstantB, {ShaderStage::Pixel, 'B'}}};
  for (const auto& [id, c] : constants) {
    auto [stage, kind] = c;
    on_fn(id, [this, stage = stage, kind = kind](PixArgs& a) { set_constants(a, stage, kind); });
  }
  on_fn(kSetVertexShader, [this](PixArgs& a) { set_shader(a, ShaderStage::Vertex); });
  on_fn(kSetPixelShader, [this](PixArgs& a) { set_shader(a, ShaderStage::Pixel); });
  on(kSetVertexDeclaration, &PixTranslator::set_declaration);
  on(kSetFVF, &PixTranslator::set_fvf);
  on(kSetStreamSource, &PixTranslator::set_stream_source);
  on(kSetStreamSourceFreq, &PixTranslator::set_stream_source_freq);
  on(kSetIndices, &PixTranslator::set_indices);
  on(kSetTexture, &PixTranslator::set_texture);
  on(kSetNPatchMode, &PixTranslator::set_npatch_mode);
  on(kDrawPrimitive, &PixTranslator::draw_primitive);
  on(kDrawIndexedPrimitive, &PixTranslator::draw_indexed_primitive);
  on(kDrawPrimitiveUP, &PixTranslator::draw_primitive_up);
  on(kDrawIndexedPrimitiveUP, &PixTranslator::draw_indexed_primitive_up);
  on(kBeginStateBlock, &PixTranslator::begin_state_block);
  on(kEndStateBlock, &PixTranslator::end_state_block);
  on(kStateBlockApply, &PixTranslator::apply_state_block);
  on(kCreateStateBlock, &PixTranslator::create_state_block);
  on(kStateBlockCapture, &PixTranslator::capture_state_block);
  on(kClear, &PixTranslator::clear);
  on_fn(kGetBackBuffer, [this](PixArgs& a) { get_back_buffer(a, false); });
  on_fn(kSwapChainGetBackBuffer, [this](PixArgs& a) { get_back_buffer(a, true); });
  on(kGetRenderTarget, &PixTranslator::get_render_target);
  on(kGetDepthStencilSurface, &PixTranslator::get_depth_stencil_surface);
  on(kCreateRenderTarget, &PixTranslator::create_render_target);
  on(kCreateDepthStencilSurface, &PixTranslator::create_depth_stencil_surface);
  on(kSetRenderTarget, &PixTranslator::set_render_target);
  on(kSetDepthStencilSurface, &PixTranslator::set_depth_stencil_surface);
  on(kStretchRect, &PixTranslator::stretch_rect);
  on(kUpdateSurface, &PixTranslator::update_surface);
  on(kUpdateTexture, &PixTranslator::update_texture);
  on(kColorFill, &PixTranslator::color_fill);
  on_fn(kPresent, [this](PixArgs& a) { present(a, false); });
  on_fn(kSwapChainPresent, [this](PixArgs& a) { present(a, true); });
  // D3D9's first stage modulates the texture by the diffuse colour; the others start
  // disabled and read the coordinate set of their own number.
  for (uint32_t s = 1; s < api::kMaxTextureStages; ++s) {
    stages_[s].color_op = stages_[s].alpha_op = 1;
    stages_[s].texcoord_index = s;
  }
}

bool PixTranslator::in_range() const {
  const FrameRange& f = options_.frames;
  return frame_ >= f.start_frame && (f.frame_count == 0 || frame_ < f.start_frame + f.frame_count);
}

bool PixTranslator::past_range() const {
  const FrameRange& f = options_.frames;
  return f.frame_count != 0 && frame_ >= f.start_frame + f.frame_count;
}

void PixTranslator::run() {
  for (const PixCall& call : capture_.calls) {
    if (past_range()) break;
    translate(call);
  }
  out_.flush();
}

void PixTranslator::translate(const PixCall& call) {
  const std::string name = pix::call_name(call.id);
  try {
    auto it = handlers_.find(call.id);
    if (it == handlers_.end()) {
      if (pix::is_ignored(call.id)) return;
      throw UnsupportedError("call not supported by the importer");
    }
    if (recording_ && call.id == pix::kMultiplyTransform)
      throw UnsupportedError("MultiplyTransform while a state block records");
    if (recording_ && recordable(call.id)) {
      recorded_.push_back(&call);
      return;
    }
    PixArgs args(capture_.path, call);
    args.u32();  // the return value
    this_ = pix::is_method(call.id) ? args.u32() : 0;
    it->second(args);
    if (recordable(call.id) || call.id == pix::kMultiplyTransform) note_state(call);
  } catch (const UnsupportedError& e) {
    if (!options_.skip_unknown)
      throw Error(pix_location(capture_.path, call.index, name, call.offset,
                               std::string(e.what()) + " (--skip-unknown skips it)"));
    ++skipped_[name];
  } catch (const ConversionError& e) {
    throw Error(pix_location(capture_.path, call.index, name, call.offset, e.what()));
  }
}

void PixTranslator::create_device(PixArgs& a) {
  if (have_device_) throw UnsupportedError("a second device");
  have_device_ = true;
  device_ = pix_device(capture_);
  viewport_.width = device_.width;
  viewport_.height = device_.height;
  // D3D9 turns the depth test on by default only when the device has a depth buffer.
  if (!device_.depth_buffer) out_.set_render_state(api::RenderStateId::ZEnable, 0u);
  (void)a;
}

}  // namespace gfx::import
