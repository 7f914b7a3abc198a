// Writes the D3D9 commands of a GL state, its immediate-mode batches and its vertex-array
// draws through a TraceBuilder. State is sent only when it differs from what was last
// sent; consecutive batches drawn under the same state share one vertex buffer (the
// translator flushes before any call that may change state); array draws write a vertex
// or index buffer once per content. A texture is written before the first draw that
// samples it, and again after its images change. Frames outside [start_frame,
// start_frame + frame_count) get their state but no clears, draws or presents.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "import/d3d_state.h"
#include "import/d3d_texture.h"
#include "import/gl_batch.h"
#include "import/gl_state.h"
#include "import/import_options.h"
#include "trace/builder.h"

namespace gfx::import {

class D3dEmitter {
 public:
  D3dEmitter(trace::TraceBuilder& out, uint32_t window_width, uint32_t window_height,
             FrameRange frames)
      : out_(out), window_w_(window_width), window_h_(window_height), frames_(frames) {}

  // Queues a batch drawn with state s; the first batch of a group fixes the group's state.
  void add(const GlState& s, D3dBatch batch);
  bool has_pending() const { return !pending_.empty(); }
  // Writes the pending batches: their state, one vertex buffer, a draw per batch.
  void flush();
  // An indexed draw of vertex arrays under state s (pending batches are written first):
  // `vertices` from the lowest index used (index 0) to the highest. A vertex or index
  // buffer is written once per content; a later draw of the same bytes binds it again.
  void draw_indexed(const GlState& s, std::vector<ImmediateVertex> vertices,
                    const IndexedPrimitives& p);
  void clear(const GlState& s, uint32_t gl_mask);
  // The trace texture of the GL texture bound to unit u under s (written now if it is new
  // or changed since it was written); 0 when the unit has no complete texture. For calls
  // that render into or copy to a GL texture.
  api::ResourceId texture_id(const GlState& s, uint32_t unit);
  // glCopyTex(Sub)Image2D into t: writes the pending draws, then t when it is new or
  // changed (from its CPU-side bytes), then `copy` with t's trace texture as destination.
  // The trace texture then holds texels t's bytes do not, so t stays written: later draws
  // bind it rather than re-creating it from the bytes (which would undo the copy).
  // UnsupportedError when t is incomplete (a mipmap filter with levels missing).
  void copy_to_texture(GlTexture& t, trace::CopyRect copy);
  void present();

  uint32_t window_width() const { return window_w_; }
  uint32_t window_height() const { return window_h_; }
  bool in_range() const;
  bool past_range() const;
  uint32_t frames_written() const { return frames_written_; }
  uint32_t draws_written() const { return draws_written_; }

 private:
  void check_state(const GlState& s) const;
  void send_state(const GlState& s);
  // ARB programs (d3d_emitter_program.cpp): the shaders and their constants, or none.
  struct SentProgram {
    uint64_t serial = 0;  // GlArbProgramObject::serial of the shader set; 0: fixed function
    std::map<uint32_t, std::array<float, 4>> constants;
  };
  void send_programs(const GlState& s);
  void send_program(const GlState& s, uint32_t target, SentProgram& sent);
  void check_programs(const GlState& s) const;
  // The id of a buffer with these bytes, written on first use (kind: 0 vertex, 16 or 32
  // index bits).
  api::ResourceId cached_buffer(std::vector<uint8_t> bytes, int kind);
  api::ResourceId declaration(const std::string& key, std::vector<api::VertexElement> e);
  api::ResourceId write_texture(GlTexture& t);
  // Binds the stages' textures and writes their sampler, stage and transform state;
  // set4[i]: passthrough set i is written as 4 floats (its stage then divides by q).
  void send_textures(std::vector<D3dStage>& stages, const std::vector<bool>& set4);
  void send_viewport(const api::Viewport& v);
  api::Viewport d3d_viewport(const GlViewport& v) const;

  trace::TraceBuilder& out_;
  uint32_t window_w_, window_h_;
  FrameRange frames_;
  uint32_t frame_ = 0, frames_written_ = 0, draws_written_ = 0;

  std::optional<GlState> pending_state_;
  std::vector<D3dBatch> pending_;

  // What the trace holds now.
  std::map<api::RenderStateId, uint32_t> sent_states_;
  std::optional<api::Viewport> sent_viewport_;
  std::optional<api::Matrix4> sent_world_, sent_projection_;
  bool sent_view_ = false;
  std::optional<trace::SetMaterial> sent_material_;
  std::array<std::optional<trace::SetLight>, 8> sent_lights_;
  std::array<bool, 8> sent_enabled_{};
  SentProgram sent_vertex_program_, sent_fragment_program_;
  std::map<uint64_t, api::ResourceId> arb_shaders_;      // by program serial
  std::map<std::string, api::ResourceId> declarations_;  // by layout key
  std::array<api::ResourceId, 8> sent_textures_{};
  std::array<std::optional<api::SamplerState>, 8> sent_samplers_;
  std::array<std::optional<api::TextureStageState>, 8> sent_stages_;
  std::array<std::optional<api::Matrix4>, 8> sent_tex_transforms_;
  // Buffers written for array draws, by content hash: (kind, bytes, id).
  struct Cached {
    int kind;
    std::vector<uint8_t> bytes;
    api::ResourceId id;
  };
  std::multimap<uint64_t, Cached> buffers_;
};

}  // namespace gfx::import
