// The texel-to-memory side of a texture unit: receives the texels a texture instruction
// read (from the functional sampler) and turns them into the cache lines they live in.
// Textures are laid out per mip level in 4x4-texel blocks, blocks row-major, levels one
// after another (a level's cube faces or volume slices one after another in it), so a
// bilinear footprint usually touches one or two lines. A block is 16 texels of the format's
// size (64 bytes for A8R8G8B8, 32 for R5G6B5, 256 for A32B32G32R32F) or one compressed
// block (8 bytes for DXT1, 16 for DXT2..5), so the bytes fetched follow the format.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "func/texture/access_sink.h"
#include "memory/memory_system.h"

namespace gfx::shader {

class TexturePath : public func::TextureAccessSink {
 public:
  TexturePath(memory::MemorySystem& memory, uint32_t line_bytes)
      : memory_(memory), line_bytes_(line_bytes) {}

  // Lines requested by the warp being executed: (issue index, line address), in issue
  // order, each line once per issue.
  void begin(std::vector<std::pair<uint32_t, Addr>>* out) { out_ = out; }

  void texels(unsigned issue_index, const api::Texture& tex, unsigned level, unsigned image,
              const uint32_t* xy_pairs, unsigned count) override;

 private:
  struct Layout {
    uint32_t width = 0, height = 0, depth = 1;
    api::Format format = api::Format::A8R8G8B8;
    api::TextureKind kind = api::TextureKind::Texture2D;
    uint32_t block_bytes = 64;  // bytes of a 4x4 block
    uint32_t texel_bytes = 4;   // bytes of a texel in its block; 0 for compressed blocks
    Addr base = 0;
    std::vector<uint64_t> image_bytes;   // per level: one face or slice
    std::vector<uint64_t> level_offset;  // bytes from base
    std::vector<uint32_t> blocks_per_row;
  };
  const Layout& layout(const api::Texture& tex);

  memory::MemorySystem& memory_;
  uint32_t line_bytes_;
  std::unordered_map<const api::Texture*, Layout> layouts_;
  std::vector<std::pair<uint32_t, Addr>>* out_ = nullptr;
};

}  // namespace gfx::shader
