// Device::build_draw: turns the current state plus one draw command into a DrawContext,
// checking everything the pipeline relies on so that a bad trace fails here, naming the
// draw, instead of deep inside a unit.
#include <algorithm>
#include <array>

#include "common/error.h"
#include "d3d9/translate.h"
#include "driver/d3d10_pixel_stage.h"
#include "driver/d3d10_sampler_uses.h"
#include "driver/d3d10_states.h"
#include "driver/device.h"
#include "driver/rop_states.h"
#include "func/geom/user_clip.h"
#include "func/shader/fixed_function.h"
#include "trace/draws.h"

namespace gfx::driver {

namespace {

[[noreturn]] void fail(const std::string& where, const std::string& what) {
  throw Error(where + ": " + what);
}

// The pipeline counts vertices (or indices) in 32 bits, as D3D does. The counts are
// computed in 64 bits (trace::draw_counts: 3 * primitives and the like) and narrowed
// here only when they fit; the limits have already refused larger ones, so this is the
// arithmetic's own guard, not a policy.
uint32_t narrow(uint64_t v, const char* what, const std::string& at) {
  if (v > 0xFFFFFFFFu) fail(at, std::to_string(v) + " " + what + " do not fit in 32 bits");
  return uint32_t(v);
}

// Per-stream instancing from the SetStreamSourceFreq settings (reference notes §4.2).
// D3D9: only DrawIndexedPrimitive instances; the INDEXEDDATA count on stream 0 is the
// instance count and INSTANCEDATA | divisor marks per-instance streams; DrawPrimitive ignores
// the settings, as D3D9 does. D3D10: the call gives the instance count, INSTANCEDATA |
// step rate marks a PER_INSTANCE_DATA slot.
void apply_stream_freq(const std::array<uint32_t, api::kMaxStreams>& freq, func::DrawContext& d,
                       const std::string& at) {
  constexpr uint32_t kCountMask = ~(trace::kStreamIndexedData | trace::kStreamInstanceData);
  if (d.api == api::DrawApi::D3D9 && !d.indexed) return;
  for (unsigned s = 0; s < api::kMaxStreams; ++s) {
    const uint32_t f = freq[s];
    if ((f & trace::kStreamIndexedData) && (f & trace::kStreamInstanceData))
      fail(at, "stream " + std::to_string(s) + " is set to both INDEXEDDATA and INSTANCEDATA");
    if (!(f & trace::kStreamInstanceData)) continue;
    if (d.api == api::DrawApi::D3D9 && s == 0)
      fail(at, "stream 0 is set to INSTANCEDATA; D3D9 needs the per-vertex data there");
    d.per_instance[s] = true;
    d.instance_divisor[s] = f & kCountMask;
  }
  if (d.api == api::DrawApi::D3D9 && (freq[0] & trace::kStreamIndexedData)) {
    d.instance_count = freq[0] & kCountMask;
    if (d.instance_count == 0)
      fail(at, "stream 0 is set to INDEXEDDATA with an instance count of 0");
  }
}

// Table fog behind a vertex shader: D3D9 takes the fog distance from the pixel's depth and
// ignores whatever the shader writes to oFog (or that it writes none). The FF pixel program
// reads its distance from the Fog varying, which only the FF vertex program fills, so this
// variant reads the interpolated depth (Program::depth_reg) in that register instead.
func::Program fog_from_depth(func::Program p) {
  auto& in = p.pixel_inputs;
  const auto fog = std::find_if(in.begin(), in.end(), [](const func::PixelInputBinding& b) {
    return b.varying == func::Varying::Fog;
  });
  if (fog == in.end()) throw Error("table fog: the pixel program has no fog distance input");
  p.depth_reg = int16_t(fog->reg);
  in.erase(fog);
  p.name += "+zfog";
  return p;
}

uint32_t varying_bits(const func::Program& vs, const func::Program& ps) {
  uint32_t written = 0, read = 0;
  for (const auto& o : vs.outputs) written |= 1u << unsigned(o.varying);
  for (const auto& i : ps.pixel_inputs) read |= 1u << unsigned(i.varying);
  return written & read;
}

// The draw's samples per pixel: the back buffer's (the trace header's sample_count) when
// the draw renders into its colour (slot 0 unbound) or tests against its depth/stencil;
// 1 for a draw into textures alone. Textures are single-sample, and D3D requires every
// bound target to have one sample count, so mixing the multisampled back buffer with a
// texture target or a depth-stencil view is refused.
uint32_t draw_samples(const func::DrawContext& d, uint32_t back_buffer_samples,
                      const std::string& at) {
  if (back_buffer_samples <= 1) return 1;
  const api::RenderStates& rs = d.render_states;
  const bool bb_color = !d.color_targets[0];
  const bool bb_depth = !d.depth_surface && !d.no_depth && (rs.z_enable || rs.stencil_enable);
  bool texture = d.depth_surface != nullptr;
  for (const auto& t : d.color_targets)
    if (t && t->width != 0) texture = true;  // width 0: D3D10's NULL view
  if (!bb_color && !bb_depth) return 1;
  if (texture)
    fail(at, "the back buffer has " + std::to_string(back_buffer_samples) +
                 " samples per pixel (header sample_count) and a single-sample render target "
                 "texture or depth-stencil view is bound with it; D3D requires one sample "
                 "count for all bound targets (multisampled textures are not modelled)");
  return back_buffer_samples;
}

}  // namespace

std::shared_ptr<const func::Program> Device::vertex_program(const std::string& where, bool points) {
  if (vertex_shader_ != 0) return shader_program(vertex_shader_, api::ShaderStage::Vertex, where);
  if (func::is_pretransformed(*declaration_)) return pretransformed_program(where);
  func::FfVertexKey ff_key = func::make_ff_vertex_key(render_states_, lights_.data(),
                                                      light_enabled_.data(), stages_.data());
  // Point lists: the PSIZE element, or the eye-distance scaled size (POINTSCALEENABLE).
  if (points && render_states_.point_scale_enable)
    ff_key.point_size = 2;
  else if (points && func::has_psize(*declaration_))
    ff_key.point_size = 1;
  ff_key.fog_w = ff_key.fog_distance && func::ff_fog_uses_w(projection_);
  std::string key = "vs";
  for (const auto& e : declaration_->elements)
    key += "|" + std::to_string(unsigned(e.usage)) + "." + std::to_string(e.usage_index);
  key += "|" + ff_key.key_string();
  auto& slot = ff_programs_[key];
  if (!slot) {
    try {
      slot = std::make_shared<const func::Program>(
          func::make_ff_vertex_program(*declaration_, ff_key));
    } catch (const Error& e) {
      ff_programs_.erase(key);
      fail(where, e.what());
    }
  }
  return slot;
}

std::shared_ptr<const func::Program> Device::pretransformed_program(const std::string& where) {
  // The fog a pre-transformed vertex carries (fixed_function.h): table fog by depth wins,
  // else the specular alpha (whatever FOGVERTEXMODE says, NONE included).
  const api::RenderStates& rs = render_states_;
  func::PretransformedFog fog = func::PretransformedFog::None;
  if (rs.fog_enable && rs.fog_table_mode != api::FogMode::None)
    fog = func::ff_fog_uses_w(projection_) ? func::PretransformedFog::DepthW
                                           : func::PretransformedFog::DepthZ;
  else if (rs.fog_enable)
    fog = func::PretransformedFog::SpecularAlpha;
  std::string key = "vs|xyzrhw";
  for (const auto& e : declaration_->elements)
    key += "|" + std::to_string(unsigned(e.usage)) + "." + std::to_string(e.usage_index);
  key += "|fog" + std::to_string(int(fog));
  auto& slot = ff_programs_[key];
  if (!slot) {
    try {
      slot = std::make_shared<const func::Program>(
          func::make_pretransformed_program(*declaration_, fog));
    } catch (const Error& e) {
      ff_programs_.erase(key);
      fail(where, e.what());
    }
  }
  return slot;
}

std::shared_ptr<const func::Program> Device::pixel_program(const std::string& where) {
  if (pixel_shader_ != 0) {
    auto program = shader_program(pixel_shader_, api::ShaderStage::Pixel, where);
    // D3D10 has no fog stage: a D3D10 pixel shader is drawn as it is.
    return is_d3d10_shader(pixel_shader_) ? program : fogged_pixel_program(program, where);
  }
  const bool textured = textures_bound_[0] != nullptr;
  const bool specular = render_states_.specular_enable, fog = render_states_.fog_enable;
  const api::FogMode table = fog ? render_states_.fog_table_mode : api::FogMode::None;
  std::string table_key = table != api::FogMode::None ? std::to_string(int(table)) : "";
  const bool depth_fog = table != api::FogMode::None && vertex_shader_ != 0;
  if (depth_fog) {
    // D3D9 chooses w-based table fog from the projection matrix; behind a vertex shader
    // only the depth (z) form is built.
    if (func::ff_fog_uses_w(projection_))
      fail(where,
           "table fog behind a vertex shader with a non-affine projection matrix "
           "(w-based fog) is not modelled");
    table_key += "z";
  }
  const auto build = [depth_fog](func::Program p) {
    return std::make_shared<const func::Program>(depth_fog ? fog_from_depth(std::move(p))
                                                           : std::move(p));
  };
  if (!func::ff_stages_are_default(stages_.data())) {
    bool bound[api::kMaxTextureStages];
    for (unsigned st = 0; st < api::kMaxTextureStages; ++st)
      bound[st] = textures_bound_[st] != nullptr;
    std::string key = "ps|stages|" + func::ff_stages_key(stages_.data(), bound);
    if (specular) key += "|spec";
    if (fog) key += "|fog" + table_key;
    auto& slot = ff_programs_[key];
    if (!slot) {
      try {
        slot = build(func::make_ff_stage_program(stages_.data(), bound, specular, fog, table));
      } catch (const Error& e) {
        ff_programs_.erase(key);
        fail(where, e.what());
      }
    }
    return slot;
  }
  std::string key = textured ? "ps|tex0" : "ps";
  if (specular) key += "|spec";
  if (fog) key += "|fog" + table_key;
  auto& slot = ff_programs_[key];
  if (!slot) slot = build(func::make_ff_pixel_program(textured, specular, fog, table));
  return slot;
}

void Device::check_declaration_streams(const std::string& at) const {
  for (const auto& e : declaration_->elements) {
    if (e.stream >= api::kMaxStreams)
      fail(at, "declaration element on stream " + std::to_string(e.stream) + " (max 15)");
    if (!stream_buffers_[e.stream])
      fail(at, "stream " + std::to_string(e.stream) +
                   " has no vertex buffer but the declaration reads " +
                   std::string(api::to_name(e.usage)) + std::to_string(e.usage_index) + " from it");
    const uint32_t stride = streams_[e.stream].stride;
    if (e.offset + api::decl_type_size(e.type) > stride)
      fail(at, "element " + std::string(api::to_name(e.usage)) + std::to_string(e.usage_index) +
                   " (offset " + std::to_string(e.offset) + ", " +
                   std::to_string(api::decl_type_size(e.type)) + " bytes) does not fit stream " +
                   std::to_string(e.stream) + "'s stride of " + std::to_string(stride) + " bytes");
  }
}

// An SM4 vertex shader drawn through a D3D9 vertex declaration: every input it reads must
// have a declaration usage (POSITION, TEXCOORD, ...); other semantics need an input layout.
void Device::check_declaration_semantics(const func::Program& vs, const std::string& at) const {
  for (const func::LinkSemantic& in : vs.input_semantics) {
    bool usage = false;
    for (const func::InputBinding& b : vs.inputs) usage |= b.reg == in.reg;
    if (!usage)
      fail(at, "vertex shader " + std::to_string(vertex_shader_) + " reads " +
                   api::semantic_label(in.name, in.index) + " (v" + std::to_string(in.reg) +
                   "), which has no vertex-declaration usage; an input layout can give it");
  }
}

void Device::build_draw(const trace::Command& command, const std::string& where) {
  auto d = std::make_shared<func::DrawContext>();
  d->id = next_draw_;
  d->frame = frame_;
  d->where = where;
  d->call = trace::name_of(command);
  const std::string at = where + ": draw " + std::to_string(next_draw_) + " (" + d->call + ")";

  check_output_merger_states(render_states_, bound_depth_format(), at);
  check_output_sizes(at);
  if (bound_depth_format() == api::Format::D32_FLOAT && rasterizer_bound_.depth_bias != 0)
    fail(at,
         "a depth_bias with a d32_float depth-stencil view (D3D10 scales it by the "
         "primitive's exponent) is not modelled");
  check_rasterizer_state_modelled(rasterizer_bound_, at);
  trace::DrawCounts counts;
  if (!trace::draw_counts(command, counts)) fail(at, "not a draw command");
  const bool d3d9 = std::holds_alternative<trace::DrawPrimitive>(command) ||
                    std::holds_alternative<trace::DrawIndexedPrimitive>(command);
  d->api = d3d9 ? api::DrawApi::D3D9 : api::DrawApi::D3D10;
  d->topology = counts.topology;
  d->indexed = counts.indexed;
  d->count = narrow(counts.count, counts.indexed ? "indices" : "vertices", at);
  if (counts.count > 0 && counts.first + counts.count - 1 > 0xFFFFFFFFu)
    fail(at, "the draw runs past the last 32-bit vertex or index position");
  d->first = uint32_t(counts.first);
  d->base_vertex = int32_t(counts.base_vertex);
  d->instance_count = narrow(counts.instances, "instances", at);
  std::visit(
      [&](const auto& c) {
        using T = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<T, trace::DrawInstanced> ||
                      std::is_same_v<T, trace::DrawIndexedInstanced>)
          d->start_instance = c.start_instance;
      },
      command);

  if (d->api == api::DrawApi::D3D9 && int(d->topology) > 6)
    fail(at, std::string("topology ") + std::string(api::to_name(d->topology)) + " is D3D10 only");
  if (d->api == api::DrawApi::D3D10 && d->topology == api::Topology::TriangleFan)
    fail(at, "D3D10 has no triangle_fan topology");
  for (const api::ResourceId id : {vertex_shader_, pixel_shader_})
    if (d3d9 && is_d3d10_shader(id))
      fail(at, "shader " + std::to_string(id) + " is a D3D10 shader; D3D9 draws take D3D9 shaders");

  // D3D10 draws fetch through the bound input layout, if any; D3D9 draws (and D3D10 draws
  // without one) through the vertex declaration.
  const bool layout = d->api == api::DrawApi::D3D10 && input_layout_bound_ != nullptr;
  if (layout && vertex_shader_ == 0)
    fail(at,
         "an input layout is bound but no vertex shader is set (D3D10 has no "
         "fixed-function vertex processing)");
  if (!layout) {
    if (!declaration_) fail(at, "no vertex declaration is set");
    d->declaration = declaration_;
    check_declaration_streams(at);
    apply_stream_freq(stream_freq_, *d, at);
  }
  for (unsigned s = 0; s < api::kMaxStreams; ++s) {
    d->stream_buffers[s] = stream_buffers_[s];
    d->streams[s] = {stream_buffers_[s].get(), streams_[s].offset, streams_[s].stride};
  }
  if (d->indexed) {
    if (!indices_) fail(at, "indexed draw without an index buffer (set_indices)");
    d->indices = indices_;
  }

  d->vertex_program = vertex_program(at, d->topology == api::Topology::PointList);
  d->pretransformed = !layout && vertex_shader_ == 0 && func::is_pretransformed(*declaration_);
  // A D3D10 draw with an SM4 vertex shader and no pixel shader draws depth and stencil
  // only; otherwise (D3D9, or D3D10 draws on D3D9-era shaders) 0 is the FF program.
  const bool null_ps =
      pixel_shader_ == 0 && d->api == api::DrawApi::D3D10 && d->vertex_program->sm4;
  d->pixel_program = null_ps ? null_pixel_program() : pixel_program(at);
  check_d3d10_linkage(*d->vertex_program, *d->pixel_program, at);
  if (layout) {
    fetch_through_layout(*d, at);
  } else {
    check_declaration_semantics(*d->vertex_program, at);
    d->fetch_plan = func::make_fetch_plan(*declaration_, d->vertex_program->inputs);
  }
  d->varying_mask = varying_bits(*d->vertex_program, *d->pixel_program);
  for (const auto& o : d->vertex_program->outputs)
    d->writes_point_size |= o.varying == func::Varying::PointSize;
  if (render_states_.point_sprite_enable && d->topology == api::Topology::PointList) {
    // Point sprites make every texture coordinate the pixel program reads.
    for (const auto& i : d->pixel_program->pixel_inputs)
      if (i.varying >= func::Varying::TexCoord0 && i.varying <= func::Varying::TexCoord7)
        d->varying_mask |= 1u << unsigned(i.varying);
  }

  d->vs_constants = vs_constants_;
  if (vertex_shader_ == 0 && !d->pretransformed) {  // the fixed-function program's constants
    func::Vec4 wvp[4];
    func::ff_transform_constants(world_, view_, projection_, wvp);
    std::copy(wvp, wvp + 4, d->vs_constants.begin());
    if (render_states_.lighting || render_states_.fog_enable)
      func::ff_lighting_constants(world_, view_, render_states_, material_, lights_.data(),
                                  light_enabled_.data(), d->vs_constants.data());
    if (func::ff_texcoords_per_stage(stages_.data()))  // texgen and texture matrices
      func::ff_texture_constants(world_, view_, texture_matrices_.data(), d->vs_constants.data());
    if (d->topology == api::Topology::PointList) {  // the point-size program's constants
      const api::RenderStates& rs = render_states_;
      func::ff_lighting_constants(world_, view_, rs, material_, lights_.data(),
                                  light_enabled_.data(), d->vs_constants.data());
      d->vs_constants[func::kFfPointConst] = {rs.point_size, rs.point_scale_a, rs.point_scale_b,
                                              rs.point_scale_c};
      d->vs_constants[func::kFfPointConst + 1] = {float(viewport_.height), 0, 0, 0};
    }
  }
  d->ps_constants = ps_constants_;
  if (d->api == api::DrawApi::D3D10) fill_constant_buffers(*d);
  d->vs_int_constants = vs_int_constants_;
  d->ps_int_constants = ps_int_constants_;
  d->vs_bool_constants = vs_bool_constants_;
  d->ps_bool_constants = ps_bool_constants_;
  if (pixel_shader_ == 0) {  // the FF pixel program's fog colour and TFACTOR
    if (render_states_.fog_enable) d->ps_constants[0] = func::ff_color(render_states_.fog_color);
    if (render_states_.fog_enable && render_states_.fog_table_mode != api::FogMode::None)
      d->ps_constants[func::kFfTableFogConst] = func::ff_table_fog_constants(render_states_);
    d->ps_constants[1] = func::ff_color(render_states_.texture_factor);
    for (unsigned s = 0; s < api::kMaxTextureStages; ++s)
      d->ps_constants[func::kFfStageConstantConst + s] = func::ff_color(stages_[s].constant);
  }
  const bool ps1 = d->pixel_program->d3d9_major == 1;
  if (ps1 || pixel_shader_ == 0) {  // ps_1_x and FF bump mapping read the bump states
    static_assert(d3d9::kPs1BumpConstBase == func::kFfBumpEnvConst, "one constant layout");
    for (unsigned s = 0; s < api::kMaxTextureStages; ++s) {
      const api::TextureStageState& t = stages_[s];
      if (ps1 && (d->pixel_program->ps1_coord_stages >> s & 1) && (t.texture_transform_flags & 256))
        fail(at, "texture stage " + std::to_string(s) +
                     " has D3DTTFF_PROJECTED, which ps_1_1..ps_1_3 texture instructions would "
                     "apply; that is not modelled");
      d->ps_constants[func::kFfBumpEnvConst + 2 * s] = {t.bump_mat00, t.bump_mat10, t.bump_mat01,
                                                        t.bump_mat11};
      d->ps_constants[func::kFfBumpEnvConst + 2 * s + 1] = {t.bump_lscale, t.bump_loffset, 0.0f,
                                                            0.0f};
    }
  }
  for (unsigned s = 0; s < api::kMaxSamplers; ++s) {
    d->textures[s] = textures_bound_[s];
    d->samplers[s] = {textures_bound_[s].get(), samplers_[s]};
    // SetLOD and MAXMIPLEVEL both name the most detailed level: the less detailed wins.
    const auto lod = texture_lod_.find(texture_ids_bound_[s]);
    if (textures_bound_[s] && lod != texture_lod_.end())
      d->samplers[s].state.max_mip_level = std::max(samplers_[s].max_mip_level, lod->second);
  }
  for (const func::Program* p : {d->vertex_program.get(), d->pixel_program.get()})
    check_sampler_uses(*p, d->samplers, sampler_ids_bound_, texture_ids_bound_, at);

  d->render_states = render_states_;
  d->color_targets = color_targets_;
  d->depth_surface = depth_target_;
  d->no_depth = depth_none_;
  d->alpha_to_coverage = blend_bound_.alpha_to_coverage_enable != 0;
  func::RasterParams& r = d->raster;
  r.viewport = viewport_;
  r.api = d->api;
  r.cull = render_states_.cull_mode;
  r.shade = render_states_.shade_mode;
  r.depth_bias = render_states_.depth_bias;
  r.slope_scale_depth_bias = render_states_.slope_scale_depth_bias;
  r.flat_varyings = constant_varyings(*d->pixel_program);
  // Clipping: D3DRS_CLIPPING FALSE keeps only the guard band (and w > 0); user planes are
  // world-space for fixed function, clip-space with a vertex shader, and do not apply to
  // pre-transformed vertices (which D3D9 does not transform).
  d->clip.guard = func::guard_band(viewport_);
  d->clip.depth = render_states_.clipping;
  const uint32_t planes =
      render_states_.clipping && !d->pretransformed ? render_states_.clip_plane_enable & 0x3Fu : 0u;
  const bool ff = vertex_shader_ == 0;
  if (planes && !func::user_clip_planes(clip_planes_, planes, ff ? &view_ : nullptr,
                                        ff ? &projection_ : nullptr, d->clip))
    fail(at, "user clip planes with a singular view * projection matrix (no clip-space form)");
  const PixelRect rect = drawable_rect();
  r.clip_x0 = rect.x0;
  r.clip_y0 = rect.y0;
  r.clip_x1 = rect.x1;
  r.clip_y1 = rect.y1;
  r.samples = draw_samples(*d, header_.sample_count, at);
  // D3D9's multisample states act only on a multisampled target; D3D10's sample mask
  // (set_blend_state) always applies, bit 0 on a single-sample one.
  const bool d3d9_msaa = d->api == api::DrawApi::D3D9 && r.samples > 1;
  r.center_coverage = d3d9_msaa && !render_states_.multisample_antialias;
  d->sample_mask = d->api == api::DrawApi::D3D10 ? sample_mask_bound_
                   : d3d9_msaa                   ? render_states_.multisample_mask
                                                 : 0xFFFFFFFFu;
  // D3D10's MultisampleEnable picks the line algorithm (quadrilateral lines), whatever the
  // sample count; triangles take their coverage from the sample count alone.
  r.quad_lines = d->api == api::DrawApi::D3D10 && rasterizer_bound_.multisample_enable;
  // SV_SampleIndex or a `_sample` input: the pixel shader runs once per covered sample.
  r.per_sample = r.samples > 1 && !r.center_coverage && func::runs_per_sample(*d->pixel_program);
  ++next_draw_;
  last_draw_ = std::move(d);
}

}  // namespace gfx::driver
