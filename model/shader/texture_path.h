// The texel-to-memory side of a texture unit: receives the texels a texture instruction
// read (from the functional sampler) and turns them into the cache lines they live in,
// through the texture's memory layout (texture_layout.h: tiled 4x4-texel tiles or linear
// rows, per texture from the trace or forced for all by shader.texture_layout). Tiled,
// a bilinear footprint usually touches one or two lines whichever way it moves; linear, a
// line is a strip of one texel row, so reads down a column touch a new line per texel.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "func/texture/access_sink.h"
#include "memory/memory_system.h"
#include "shader/texture_layout.h"

namespace gfx::shader {

class TexturePath : public func::TextureAccessSink {
 public:
  // `forced`: the layout of every texture, or none to use each texture's own.
  TexturePath(memory::MemorySystem& memory, uint32_t line_bytes,
              std::optional<api::TextureLayout> forced = std::nullopt)
      : memory_(memory), line_bytes_(line_bytes), forced_(forced) {}

  // Lines requested by the warp being executed: (issue index, line address), in issue
  // order, each line once per issue.
  void begin(std::vector<std::pair<uint32_t, Addr>>* out) { out_ = out; }

  void texels(unsigned issue_index, const api::Texture& tex, unsigned level, unsigned image,
              const uint32_t* xy_pairs, unsigned count) override;

 private:
  struct Placed {
    uint32_t width = 0, height = 0, depth = 1;
    api::Format format = api::Format::A8R8G8B8;
    api::TextureKind kind = api::TextureKind::Texture2D;
    TextureLayoutMap map;
    Addr base = 0;
  };
  const Placed& placed(const api::Texture& tex);

  memory::MemorySystem& memory_;
  uint32_t line_bytes_;
  std::optional<api::TextureLayout> forced_;
  std::unordered_map<const api::Texture*, Placed> placed_;
  std::vector<std::pair<uint32_t, Addr>>* out_ = nullptr;
};

}  // namespace gfx::shader
