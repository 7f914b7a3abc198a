// Whole-stream checks of a trace, beyond what each command says on its own: every id a
// set_* or draw command uses was created and not released and is of the right kind;
// draws have a vertex declaration and a stream for each of its streams; vertex and
// index ranges lie inside the bound buffers. It keeps the live resources (not the
// trace), so memory follows what the trace holds alive, not its length.
// Per-instance streams (set_stream_source_freq INSTANCEDATA, or the per-instance slots of
// a bound input layout on D3D10 draws) are checked against the instance elements the draw
// reads, the others against its vertex range. The limits
// (limits.h) are checked first, by the same LimitChecker the replay uses.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "trace/commands.h"
#include "trace/limits.h"

namespace gfx::trace {

class Validator {
 public:
  explicit Validator(const Limits& limits = {}) : limits_(limits) {}
  // Throws gfx::Error whose message names the command and the problem, without the
  // location (the caller prefixes Reader::where()); a LimitError carries the problem
  // alone, for command_label(where, commands() - 1, name).
  void command(const Command& c);

  uint64_t commands() const { return commands_; }
  uint64_t frames() const { return frames_; }

 private:
  // clang-format off
  enum class Kind : uint8_t { VertexBuffer, IndexBuffer, Texture, VertexShader, PixelShader,
                              Declaration, ConstantBuffer, View };
  // clang-format on
  struct Resource {
    Kind kind;
    std::shared_ptr<const void> object;  // the api:: object, kept for range checks
    uint64_t size = 0;                   // bytes (buffers) or indices (index buffers)
  };

  struct Visit;
  const Resource& need(ResourceId id, Kind kind, const char* what) const;
  void check_bound(ResourceId id, Kind kind, const char* what) const;
  // What a draw reads of each stream: the bytes of a vertex it needs (the end of its
  // furthest element), and which streams hold per-instance data with which step.
  struct StreamUse {
    std::array<uint64_t, api::kMaxStreams> need_end{};
    std::array<bool, api::kMaxStreams> used{}, per_instance{};
    std::array<uint32_t, api::kMaxStreams> divisor{};
    const char* reader = "the vertex declaration";
  };
  // A view id of `kind` (0 passes): returns the texture id it looks at (0: the back buffer).
  ResourceId check_view(ResourceId id, api::ViewKind kind, const char* what) const;
  void check_draw(const Command& c);
  StreamUse stream_use(bool d3d9, bool indexed) const;
  // Checks the streams in `stream_mask` (bit s = stream s) that `use` reads.
  void check_vertex_range(const StreamUse& use, int64_t first, int64_t last,
                          uint32_t stream_mask = 0xFFFF) const;

  LimitChecker limits_;
  std::unordered_map<ResourceId, Resource> live_;
  std::unordered_set<ResourceId> sampler_states_;  // D3D10 sampler objects: their own ids
  // D3D10 input layouts: their own ids too, immutable, replaced by re-creation.
  std::unordered_map<ResourceId, std::shared_ptr<const api::InputLayout>> input_layouts_;
  ResourceId declaration_ = 0, indices_ = 0, vertex_shader_ = 0, pixel_shader_ = 0;
  ResourceId input_layout_ = 0;  // set_input_layout: D3D10 draws read it instead
  std::array<api::StreamSource, api::kMaxStreams> streams_{};
  std::array<uint32_t, api::kMaxStreams> stream_freq_{};  // set_stream_source_freq settings
  std::array<ResourceId, api::kMaxSamplers> textures_{};
  uint64_t commands_ = 0, frames_ = 0;
};

}  // namespace gfx::trace
