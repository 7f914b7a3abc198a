// The driver layer: a D3D9/D3D10-style device that executes trace commands against its
// current state and turns every draw into a DrawContext the pipeline renders. It is shared
// by the functional run and the timing model's command processor, so both see exactly the
// same draws. Fixed-function vertex and pixel processing become generated programs here,
// as a real driver does; D3D9 shaders are decoded and translated to the same ISA
// (shaders.cpp), either stage may be fixed-function while the other is programmable.
//
// Not here: anything about time. The command processor decides when a command executes.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "d3d10/shader.h"
#include "driver/patch_caps.h"
#include "driver/tess_work.h"
#include "func/draw_context.h"
#include "func/rop/clear_op.h"
#include "trace/commands.h"
#include "trace/limits.h"

namespace gfx::driver {

// What a Clear does, resolved against the current viewport, scissor and target.
using ClearOp = func::ClearOp;

class Device {
 public:
  explicit Device(const trace::Header& header);

  // Drain: the pipeline must finish every draw issued so far before the next command
  // (set_render_target unbound a texture that later draws may sample).
  enum class Action { None, Draw, Clear, Present, Drain };
  // Executes one command. For Action::Draw the new draw is in last_draw(); for
  // Action::Clear the resolved clear is in last_clear(). `where` names the command's trace
  // location; errors (unknown ids, incomplete state) throw gfx::Error starting with it.
  // Every command passes the limits (trace/limits.h) first; one over a limit, or one the
  // host has no memory for, fails naming trace::command_label(where, index, name).
  Action apply(const trace::Command& command, const std::string& where);

  // The run's limits (default: trace::Limits{}); before the first command only.
  void set_limits(const trace::Limits& limits);

  std::shared_ptr<const func::DrawContext> last_draw() const { return last_draw_; }
  const ClearOp& last_clear() const { return last_clear_; }

  uint32_t frame() const { return frame_; }      // frames presented so far
  uint64_t draws() const { return next_draw_; }  // draws issued so far
  const trace::Header& header() const { return header_; }

  // Tessellator capabilities (patches.cpp): a draw needing a disabled one fails. Default:
  // everything supported.
  void set_patch_caps(const PatchCaps& caps) { patch_caps_ = caps; }
  const PatchCaps& patch_caps() const { return patch_caps_; }

 private:
  template <typename T> using Table = std::map<api::ResourceId, std::shared_ptr<const T>>;

  Action execute(const trace::Command& command, const std::string& where);

  void build_draw(const trace::Command& command, const std::string& where);
  void check_declaration_streams(const std::string& at) const;
  void check_declaration_semantics(const func::Program& vs, const std::string& at) const;
  // Higher-order primitives (patches.cpp, npatches.cpp): the patch handle cache, and the
  // draws that become a DrawContext over tessellator-generated vertices.
  struct CachedPatch;
  struct PatchInput;
  void delete_patch(const trace::DeletePatch& c, const std::string& where);
  void draw_rect_patch(const trace::DrawRectPatch& c, const std::string& where);
  void draw_tri_patch(const trace::DrawTriPatch& c, const std::string& where);
  bool npatches_on(const trace::Command& draw) const;
  void draw_npatches(const trace::Command& draw, const std::string& where);
  PatchInput patch_input(bool rect, bool npatch, const std::string& at) const;
  void draw_patch(const CachedPatch& patch, const float* segments, uint32_t handle, bool from_cache,
                  const char* call, const std::string& at, const std::string& where);
  // Builds the draw of a generated mesh through build_draw (same shaders and state) and
  // attaches the tessellator's work record.
  void issue_generated(const char* call, const std::string& where,
                       std::shared_ptr<const api::VertexDeclaration> declaration,
                       const std::vector<func::Vec4>& vertices, unsigned attributes,
                       const std::vector<uint32_t>& indices, std::shared_ptr<const TessWork> work);
  std::string draw_label(const char* call, const std::string& where) const;
  std::shared_ptr<const func::Program> vertex_program(const std::string& where, bool points);
  std::shared_ptr<const func::Program> pretransformed_program(const std::string& where);
  std::shared_ptr<const func::Program> pixel_program(const std::string& where);
  // The translated program of shader `id` for `stage` (shaders.cpp), decoded (or assembled)
  // and translated on first use and cached until the id is given another shader.
  std::shared_ptr<const func::Program> shader_program(api::ResourceId id, api::ShaderStage stage,
                                                      const std::string& where);
  // create_shader of a D3D10 format (dxbc, sm4_asm): read, validated and stage-checked at
  // once, as D3D10's CreateVertexShader does (shaders.cpp); other formats wait for a draw.
  void create_d3d10_shader(const trace::CreateShader& c, const std::string& where);
  bool is_d3d10_shader(api::ResourceId id) const { return d3d10_shaders_.count(id) != 0; }
  void set_render_state(const trace::RenderStateValue& v, const std::string& where);
  // D3D10 state objects (d3d10_device.cpp): binding writes the render states they map to.
  void set_rasterizer_state(const trace::SetRasterizerState& c, const std::string& where);
  void set_depth_stencil_state(const trace::SetDepthStencilState& c, const std::string& where);
  void set_blend_state(const trace::SetBlendState& c, const std::string& where);
  // D3D10 constant buffers (d3d10_bindings.cpp): updates write the live object; binding
  // checks what the model maps (slots 0..3, 48 registers each); each D3D10 draw copies the
  // bound buffers into its constants, cbN[i] at c(48N + i) (d3d10/translate.h).
  void update_constant_buffer(const trace::UpdateConstantBuffer& c, const std::string& where);
  void set_constant_buffers(const trace::SetConstantBuffers& c, const std::string& where);
  void fill_constant_buffers(func::DrawContext& d) const;
  // D3D10 samplers and shader resource views (d3d10_bindings.cpp): both write the
  // device's sampler slots, pixel slot # = sampler #, vertex slot # = vertex sampler #
  // (the model has 16 and 4), so `sample` finds t# and s# together.
  void set_samplers(const trace::SetSamplers& c, const std::string& where);
  // D3D10 input layouts (d3d10_input_layout.cpp): created against a live D3D10 vertex
  // shader, whose input signature they must satisfy; a D3D10 draw with one bound fetches
  // through it (slots = streams, per-instance slots and step rates from the layout) and
  // checks that its own vertex shader's inputs are all given.
  struct InputLayoutObject {
    std::shared_ptr<const api::InputLayout> layout;
    std::vector<uint32_t> offsets;  // D3D10_APPEND_ALIGNED_ELEMENT resolved
  };
  void create_input_layout(const trace::CreateInputLayout& c, const std::string& where);
  void set_input_layout(const trace::SetInputLayout& c, const std::string& where);
  void fetch_through_layout(func::DrawContext& d, const std::string& at) const;
  void set_shader_resources(const trace::SetShaderResources& c, const std::string& where);
  // set_render_target and render-to-texture (render_targets.cpp). Returns true when a
  // texture left its slot, so its pixels must be final before a later draw samples it.
  bool set_render_target(const trace::SetRenderTarget& c, const std::string& where);
  // The trace's `resolve`: last_clear() becomes a ClearOp whose resolve_into surface takes
  // the back buffer's resolved colour and, kept aside like an unbound target, becomes the
  // texture's level 0 before the next draw.
  void resolve(const trace::Resolve& c, const std::string& where);
  // The trace's `copy_rect` (copy_rect.cpp): last_clear() becomes a ClearOp carrying the
  // copy; the destination level, kept aside like an unbound target, becomes the texture's
  // before the next draw.
  void copy_rect(const trace::CopyRect& c, const std::string& where);
  // The surface holding level `level` of texture `id` now (bound, unresolved, or made from
  // the texture; `for_write` keeps a made one aside to be resolved).
  std::shared_ptr<func::ColorSurface> copy_surface(api::ResourceId id, uint32_t level,
                                                   const std::string& what, bool for_write);
  // D3D10 views (d3d10_views.cpp): created against their texture, bound as outputs with
  // set_render_targets (true when a surface left its slot, as above), cleared whole, and
  // bound as shader resources through set_shader_resources.
  void create_view(const trace::CreateView& c, const std::string& where);
  bool set_render_targets(const trace::SetRenderTargets& c, const std::string& where);
  void clear_render_target_view(const trace::ClearRenderTargetView& c, const std::string& where);
  void clear_depth_stencil_view(const trace::ClearDepthStencilView& c, const std::string& where);
  const trace::CreateView& view(api::ResourceId id, api::ViewKind kind,
                                const std::string& where) const;
  // The texture a shader-resource view reads (its format, levels; the texture itself when
  // the view is all of it in its own format).
  std::shared_ptr<const api::Texture> view_texture(const trace::CreateView& v,
                                                   const std::string& where) const;
  // The surface a render-target or depth-stencil view writes: the bound one, one unbound
  // and not yet resolved, or a new one holding the texture's image.
  std::shared_ptr<func::ColorSurface> color_surface(const trace::CreateView& v,
                                                    const std::string& where);
  std::shared_ptr<func::DepthSurface> depth_surface(const trace::CreateView& v,
                                                    const std::string& where);
  // D3D10's output-binding rules at a draw: every bound view the same size.
  void check_output_sizes(const std::string& at) const;
  // The depth format the bound depth surface stores (the header's, a view's, or Unknown
  // when D3D10 bound none).
  api::Format bound_depth_format() const;
  // Slots reading texture `id` lose it (D3D10 unbinds a resource bound as an output).
  void unbind_shader_resource(api::ResourceId id);
  bool bound_as_output(api::ResourceId id) const;
  // Copies the pixels of unbound texture targets into their textures (a new Texture under
  // the same id, rebound on every stage that held the old one). Runs before each draw.
  void resolve_render_textures();
  // Viewport, clipped to the render target and (when enabled) the scissor rectangle.
  struct PixelRect {
    int x0, y0, x1, y1;
  };
  PixelRect drawable_rect() const;
  template <typename T> std::shared_ptr<const T> lookup(const Table<T>& table, api::ResourceId id,
                                                        const char* kind,
                                                        const std::string& where) const;

  trace::Header header_;
  Table<api::Buffer> vertex_buffers_;
  Table<api::IndexBuffer> index_buffers_;
  Table<api::Texture> textures_;
  Table<api::Shader> shaders_;
  Table<api::VertexDeclaration> declarations_;

  // Current state.
  std::shared_ptr<const api::VertexDeclaration> declaration_;
  std::array<api::StreamSource, api::kMaxStreams> streams_{};
  std::array<std::shared_ptr<const api::Buffer>, api::kMaxStreams> stream_buffers_{};
  std::shared_ptr<const api::IndexBuffer> indices_;
  std::array<std::shared_ptr<const api::Texture>, api::kMaxSamplers> textures_bound_{};
  std::array<api::SamplerState, api::kMaxSamplers> samplers_{};
  // SetLOD per texture id (a texture-object property; absent = 0) and the ids bound.
  std::map<api::ResourceId, uint32_t> texture_lod_;
  std::array<api::ResourceId, api::kMaxSamplers> texture_ids_bound_{};
  // The D3D10 sampler object in each slot (0: set_sampler_state's, or D3D10's default),
  // which the draw's sampler checks name (d3d10_sampler_uses.h).
  std::array<api::ResourceId, api::kMaxSamplers> sampler_ids_bound_{};
  std::array<std::array<float, 4>, api::kMaxClipPlanes> clip_planes_{};  // SetClipPlane
  api::ResourceId vertex_shader_ = 0, pixel_shader_ = 0;
  std::vector<func::Vec4> vs_constants_, ps_constants_;
  std::array<func::Int4, func::kNumIntConstants> vs_int_constants_{}, ps_int_constants_{};
  std::array<bool, func::kNumBoolConstants> vs_bool_constants_{}, ps_bool_constants_{};
  api::Matrix4 world_, view_, projection_;
  std::array<api::Matrix4, api::kMaxTextureStages> texture_matrices_;  // D3DTS_TEXTURE0..7
  api::Viewport viewport_;
  api::ScissorRect scissor_;
  api::RenderStates render_states_;
  // D3D10 state objects by id, and the bound ones (the draw-time checks read the
  // rasterizer object; a new winding re-assigns the bound depth-stencil object's faces).
  std::map<api::ResourceId, api::RasterizerDesc> rasterizer_states_;
  std::map<api::ResourceId, api::DepthStencilDesc> depth_stencil_states_;
  api::RasterizerDesc rasterizer_bound_;
  api::DepthStencilDesc depth_stencil_bound_;
  bool depth_stencil_object_bound_ = false;
  std::map<api::ResourceId, api::BlendDesc> blend_states_;
  api::BlendDesc blend_bound_;
  uint32_t sample_mask_bound_ = 0xFFFFFFFF;
  std::map<api::ResourceId, api::SamplerDesc> sampler_states_;  // D3D10 sampler objects
  std::map<api::ResourceId, std::shared_ptr<const InputLayoutObject>> input_layouts_;
  std::shared_ptr<const InputLayoutObject> input_layout_bound_;  // null: none
  // D3D10 constant buffers by id, and those bound to slots 0..3 of the vertex (0) and pixel
  // (1) stages: a binding holds the object, so re-creating the id does not change it.
  // Buffers are renamed as a D3D10 driver renames a buffer updated while draws may still
  // read it: the creation and every update place a new version at a fresh offset of the
  // constant heap (never reused in a run), which the draws record for the timing model.
  struct ConstantBuffer {
    std::vector<uint8_t> bytes;
    uint64_t heap_offset = 0;  // of the current version
  };
  std::map<api::ResourceId, std::shared_ptr<ConstantBuffer>> constant_buffers_;
  std::array<std::array<std::shared_ptr<const ConstantBuffer>, 4>, 2> constant_buffers_bound_{};
  uint64_t constant_heap_end_ = 0;  // bytes of the constant heap handed out so far
  std::shared_ptr<ConstantBuffer> new_constant_buffer(const std::vector<uint8_t>& bytes);
  uint64_t place_constant_version(std::size_t bytes);
  std::array<api::Light, api::kMaxActiveLights> lights_{};
  std::array<bool, api::kMaxActiveLights> light_enabled_{};
  api::Material material_;
  std::array<api::TextureStageState, api::kMaxTextureStages> stages_{};  // see the constructor
  // SetStreamSourceFreq values per stream (1 = plain per-vertex data) and SetNPatchMode.
  std::array<uint32_t, api::kMaxStreams> stream_freq_{};
  float npatch_segments_ = 0.0f;
  PatchCaps patch_caps_;
  std::map<uint32_t, std::shared_ptr<const CachedPatch>> patches_;  // by non-zero handle
  uint64_t patch_captures_ = 0;  // run-wide capture ids (TessWork::capture)

  // Generated fixed-function programs, by their key.
  std::map<std::string, std::shared_ptr<const func::Program>> ff_programs_;
  // Translated shaders by id, with the source they came from (a re-created id retranslates).
  struct Translated {
    std::shared_ptr<const api::Shader> source;
    std::shared_ptr<const func::Program> program;
  };
  std::map<api::ResourceId, Translated> translated_;
  // The decoded containers of the live D3D10 shaders, by id (translated on first use).
  std::map<api::ResourceId, std::shared_ptr<const d3d10::Shader>> d3d10_shaders_;
  // Fogged variants of translated pixel programs below ps_3_0 (shaders.cpp), by the base
  // program they were made from (kept alive here so the key cannot be reused).
  std::map<const func::Program*,
           std::pair<std::shared_ptr<const func::Program>, std::shared_ptr<const func::Program>>>
      fogged_;
  std::shared_ptr<const func::Program> fogged_pixel_program(
      const std::shared_ptr<const func::Program>& base, const std::string& where);

  // Colour targets: surfaces of textures bound with set_render_target (or render-target
  // views), their texture ids and images, and surfaces unbound since the last draw whose
  // pixels their textures do not hold yet; the same for a depth-stencil view's surface.
  struct SurfaceKey {
    api::ResourceId texture = 0;
    uint32_t level = 0, image = 0;
    bool operator<(const SurfaceKey& o) const {
      return texture != o.texture ? texture < o.texture
             : level != o.level   ? level < o.level
                                  : image < o.image;
    }
    bool operator==(const SurfaceKey& o) const {
      return texture == o.texture && level == o.level && image == o.image;
    }
  };
  func::ColorTargets color_targets_{};
  std::array<api::ResourceId, func::kMaxRenderTargets> target_ids_{};
  std::array<SurfaceKey, func::kMaxRenderTargets> target_keys_{};
  std::map<SurfaceKey, std::shared_ptr<func::ColorSurface>> unresolved_;
  uint32_t rt_width_ = 0, rt_height_ = 0;  // size of render target 0
  // D3D10 views by id (views share the resources' id space), the bound output views
  // (0: none) once set_render_targets has been used, the depth-stencil view's surface (null:
  // the back buffer's depth, unless depth_none_), and a zero-size surface standing for a
  // NULL render-target view in slot 0, where a null pointer means the back buffer.
  std::map<api::ResourceId, trace::CreateView> views_;
  bool d3d10_outputs_ = false;
  std::array<api::ResourceId, func::kMaxRenderTargets> rtv_ids_{};
  api::ResourceId dsv_id_ = 0;
  std::shared_ptr<func::DepthSurface> depth_target_;
  SurfaceKey depth_key_{};
  bool depth_none_ = false;
  std::map<SurfaceKey, std::shared_ptr<func::DepthSurface>> unresolved_depth_;
  std::shared_ptr<func::ColorSurface> null_target_ = std::make_shared<func::ColorSurface>();
  // The shader-resource view bound to each sampler slot (0: a texture or nothing) and the
  // texture each slot reads from (the view's resource or the texture id).
  std::array<api::ResourceId, api::kMaxSamplers> srv_ids_bound_{};
  std::array<api::ResourceId, api::kMaxSamplers> resource_ids_bound_{};

  trace::LimitChecker limits_;
  uint64_t commands_ = 0;  // commands applied so far (the index of the next one)
  uint32_t frame_ = 0;
  uint64_t next_draw_ = 0;
  std::shared_ptr<const func::DrawContext> last_draw_;
  ClearOp last_clear_;
};

}  // namespace gfx::driver
