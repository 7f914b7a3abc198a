// Models a Direct3D 9 device as a PIX capture drives it, and writes what it renders as
// gfxsim trace commands: object handles become resource ids; vertex and index buffers and
// textures take the bytes written between Lock and Unlock (row padding removed, formats
// gfxsim lacks converted) and reach the trace, re-created under their id when rewritten,
// just before the first draw that reads them; shaders, declarations (SetFVF's built from
// the FVF bits) and device state go out as the calls come; render targets, the back
// buffer and copies between surfaces in pix_surfaces.cpp. Leaves out depth surfaces other
// than the device's own, GenerateMipSubLevels, palettes, ProcessVertices, patches and queries
// (docs/importers.md); state blocks in pix_state_blocks.cpp.
//
// A call that cannot be translated stops the import with an Error naming the file, the
// call number and name and its byte offset, unless skip_unknown is set: then it is
// counted and skipped. Calls that change nothing a trace records are ignored
// (pix::is_ignored).
#pragma once

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "import/conversion_error.h"
#include "import/import_options.h"
#include "import/pix_reader.h"
#include "import/pix_textures.h"
#include "trace/builder.h"

namespace gfx::import {

// What CreateDevice's presentation parameters say of the back buffer.
struct PixDevice {
  uint32_t width = 0, height = 0;
  api::Format depth_format = api::Format::D24S8;
  bool depth_buffer = true;  // EnableAutoDepthStencil
  uint32_t sample_count = 0;  // MultiSampleType: 0 (none), 2, 4, 8 or 16 (trace::Header)
};
// The first IDirect3D9::CreateDevice of a capture. Error if there is none.
PixDevice pix_device(const PixCapture& capture);

using api::ResourceId;

class PixTranslator {
 public:
  PixTranslator(const PixCapture& capture, trace::TraceBuilder& out, TranslateOptions options);

  void run();
  const std::map<std::string, uint32_t>& skipped() const { return skipped_; }
  uint32_t draws_written() const { return draws_written_; }
  uint32_t frames_written() const { return frames_written_; }

 private:
  using Handler = std::function<void(PixArgs&)>;
  void translate(const PixCall& call);
  bool in_range() const;
  bool past_range() const;
  ResourceId new_id() { return next_id_++; }

  // A surface handle: a texture's level (or cube face, or volume level), the back buffer,
  // the device's depth buffer or a depth surface it created (pix_surfaces.cpp).
  enum class SurfaceKind : uint8_t { Level, BackBuffer, AutoDepth, Depth };
  struct Surface {
    uint32_t texture = 0, level = 0, face = 0;
    SurfaceKind kind = SurfaceKind::Level;
    uint32_t width = 0, height = 0;  // a created depth surface's size
    static Surface of(SurfaceKind k) {
      Surface s;
      s.kind = k;
      return s;
    }
    bool operator==(const Surface& o) const {
      return kind == o.kind && texture == o.texture && level == o.level && face == o.face;
    }
  };
  struct SurfaceSize {
    uint32_t width, height;
  };
  struct PixRect {
    uint32_t left, top, right, bottom;
  };
  void create_device(PixArgs& a);
  // pix_resources.cpp
  void create_buffer(PixArgs& a, bool index);
  void lock_buffer(PixArgs& a);
  void unlock_buffer(PixArgs& a);
  void create_texture(PixArgs& a, bool cube);
  void get_surface(PixArgs& a, bool cube);
  void lock_texture(PixArgs& a, bool cube);
  void unlock_texture(PixArgs& a, bool cube);
  void lock_surface(PixArgs& a);
  void unlock_surface(PixArgs& a);
  void set_lod(PixArgs& a);
  void create_volume_texture(PixArgs& a);
  void get_volume_level(PixArgs& a);
  void lock_box(PixArgs& a, bool level_object);
  void unlock_box(PixArgs& a, bool level_object);
  // A level's image: face 0 of a 2D texture, or a cube face (D3DCUBEMAP_FACES order).
  void lock_image(PixArgs& a, uint32_t texture, uint32_t level, uint32_t face);
  void unlock_image(PixArgs& a, uint32_t texture, uint32_t level, uint32_t face);
  void create_shader(PixArgs& a, api::ShaderStage stage);
  void create_declaration(PixArgs& a);
  // pix_surfaces.cpp
  const Surface& surface(uint32_t handle) const;
  SurfaceSize surface_size(const Surface& s);
  // The trace id of a colour surface (0: the back buffer), its texture written first.
  ResourceId surface_id(const Surface& s, const char* role);
  PixRect rect_arg(PixArgs& a, const Surface& s);
  void copy(const Surface& src, const PixRect& s, const Surface& dst, const PixRect& d,
            api::Filter filter);
  void get_back_buffer(PixArgs& a, bool swap_chain);
  void get_render_target(PixArgs& a);
  void get_depth_stencil_surface(PixArgs& a);
  void create_render_target(PixArgs& a);
  void create_depth_stencil_surface(PixArgs& a);
  void set_render_target(PixArgs& a);
  void set_depth_stencil_surface(PixArgs& a);
  void stretch_rect(PixArgs& a);
  void update_surface(PixArgs& a);
  void update_texture(PixArgs& a);
  void color_fill(PixArgs& a);
  // pix_state.cpp
  void set_render_state(PixArgs& a);
  void set_sampler_state(PixArgs& a);
  void set_texture_stage_state(PixArgs& a);
  void set_transform(PixArgs& a, bool multiply);
  void set_viewport(PixArgs& a);
  void set_material(PixArgs& a);
  void set_light(PixArgs& a);
  void light_enable(PixArgs& a);
  void set_clip_plane(PixArgs& a);
  void set_scissor_rect(PixArgs& a);
  void set_constants(PixArgs& a, api::ShaderStage stage, char kind);
  void set_shader(PixArgs& a, api::ShaderStage stage);
  void set_declaration(PixArgs& a);
  void set_fvf(PixArgs& a);
  void set_stream_source(PixArgs& a);
  void set_stream_source_freq(PixArgs& a);
  void set_indices(PixArgs& a);
  void set_texture(PixArgs& a);
  void set_npatch_mode(PixArgs& a);
  // pix_state_blocks.cpp
  void begin_state_block(PixArgs& a);
  void end_state_block(PixArgs& a);
  void apply_state_block(PixArgs& a);
  void create_state_block(PixArgs& a);
  void capture_state_block(PixArgs& a);
  // A piece of device state: the setting call's id (SetFVF's is SetVertexDeclaration's,
  // MultiplyTransform's SetTransform's) and what it selects (state, stage and type, index,
  // constant register).
  using StateKey = std::pair<uint32_t, uint64_t>;
  std::vector<StateKey> state_keys(const PixCall& call) const;
  static bool in_block(uint32_t type, const StateKey& k);
  void note_state(const PixCall& call);  // after a state call was applied
  std::vector<const PixCall*> ordered(const std::set<const PixCall*>& calls) const;
  // Whether the call is one a state block records (between Begin and EndStateBlock the
  // device records it instead of applying it).
  static bool recordable(uint32_t id);
  // pix_draws.cpp
  void draw_primitive(PixArgs& a);
  void draw_indexed_primitive(PixArgs& a);
  void draw_primitive_up(PixArgs& a);
  void draw_indexed_primitive_up(PixArgs& a);
  void clear(PixArgs& a);
  void present(PixArgs& a, bool swap_chain);
  // Writes the resources and bindings the next draw reads.
  void prepare_draw();
  // Fails when the draw reads vertices [first, first + count) past the end of a bound
  // buffer, or from a stream without one; or indices past its index buffer's end.
  void check_vertices(int64_t first, uint64_t count) const;
  void check_indices(int32_t base, uint32_t start, uint32_t count) const;
  ResourceId emitted_buffer(uint32_t handle);
  ResourceId emitted_texture(uint32_t handle);

  struct Buffer {
    bool index = false;
    api::Format format = api::Format::Index16;
    std::vector<uint8_t> bytes;
    uint32_t lock_offset = 0;
    bool lock_read_only = false;
    ResourceId id = 0;
    uint32_t version = 0;  // bumped at each write of the resource
    bool dirty = true;
  };
  struct Texture {
    PixTexFormat format;
    api::Texture texture;
    uint32_t faces = 1;                    // 6 for a cube
    uint32_t lod = 0;                      // SetLOD's, sent again after each creation
    std::map<uint32_t, LockedRect> locks;  // by level * 6 + face
    ResourceId id = 0;
    uint32_t version = 0;
    bool dirty = true;
  };
  struct Binding {
    ResourceId id = 0;
    uint32_t version = 0, offset = 0, stride = 0;
    bool operator==(const Binding& o) const {
      return id == o.id && version == o.version && offset == o.offset && stride == o.stride;
    }
  };
  struct Stream {
    uint32_t handle = 0, offset = 0, stride = 0;
  };
  template <class T> T& object(std::unordered_map<uint32_t, T>& m, uint32_t h, const char* what);

  const PixCapture& capture_;
  trace::TraceBuilder& out_;
  TranslateOptions options_;
  std::unordered_map<uint32_t, Handler> handlers_;
  std::map<std::string, uint32_t> skipped_;
  ResourceId next_id_ = 1;
  uint32_t frame_ = 0, frames_written_ = 0, draws_written_ = 0;
  bool have_device_ = false;
  uint32_t this_ = 0;  // the handle the current call was made on
  PixDevice device_;

  std::unordered_map<uint32_t, Buffer> buffers_;  // vertex and index buffers by handle
  std::unordered_map<uint32_t, Texture> textures_;
  std::unordered_map<uint32_t, Surface> surfaces_;
  // Colour targets 0..3 (0 starts as the back buffer) and the depth surface bound.
  std::array<std::optional<Surface>, 4> targets_{Surface::of(SurfaceKind::BackBuffer)};
  Surface depth_ = Surface::of(SurfaceKind::AutoDepth);
  bool scissor_test_ = false;  // SCISSORTESTENABLE, which ColorFill must not obey
  std::unordered_map<uint32_t, ResourceId> shaders_, declarations_;
  std::map<uint32_t, ResourceId> fvf_declarations_;
  // Bytes of one vertex each stream gives the declaration (0: a stream it does not read),
  // by declaration handle, and of the declaration (or FVF) set now.
  using StreamBytes = std::array<uint32_t, 16>;
  std::unordered_map<uint32_t, StreamBytes> declaration_bytes_;
  StreamBytes stream_bytes_{};
  std::array<uint32_t, 16> stream_freq_{};  // SetStreamSourceFreq settings (0: never set)

  // The device's bindings (D3D handles) and what the trace has bound.
  std::array<Stream, 16> streams_{};
  uint32_t indices_ = 0;
  std::map<uint32_t, uint32_t> textures_bound_;  // sampler stage -> texture handle
  std::array<Binding, 16> sent_streams_{};
  Binding sent_indices_;
  std::map<uint32_t, Binding> sent_textures_;
  ResourceId up_vertices_ = 0, up_indices_ = 0;  // the buffers of DrawPrimitiveUP data

  // State blocks made by Begin/EndStateBlock: the state calls recorded, replayed by Apply.
  bool recording_ = false;
  std::vector<const PixCall*> recorded_;
  std::unordered_map<uint32_t, std::vector<const PixCall*>> state_blocks_;
  std::map<StateKey, const PixCall*> current_state_;  // the call that set each piece last

  std::map<uint32_t, api::SamplerState> samplers_;
  std::array<api::TextureStageState, api::kMaxTextureStages> stages_{};
  std::map<api::TransformKind, api::Matrix4> transforms_;
  api::Viewport viewport_;
};

}  // namespace gfx::import
