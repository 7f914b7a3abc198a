// Gathers the texel coordinates one texture instruction reads across a warp and passes them
// to a TextureAccessSink in a few large calls instead of one virtual call per texel.
// Texels are grouped by mip level and image (cube face, volume slice): two open groups cover
// a trilinear footprint (levels L and L+1) without flushing, and a group is flushed when it
// is full or its slot is needed for a third key (a volume's two slices per level flush
// more often; the sink sees the same texels either way). Fixed-size storage: building a batch never
// allocates.
#pragma once

#include <cstdint>

#include "func/texture/access_sink.h"

namespace gfx::func {

class TexelBatch {
 public:
  TexelBatch(TextureAccessSink& sink, const api::Texture& tex, unsigned issue_index)
      : sink_(sink), tex_(tex), issue_index_(issue_index) {}
  TexelBatch(const TexelBatch&) = delete;
  TexelBatch& operator=(const TexelBatch&) = delete;

  void add(unsigned level, unsigned image, uint32_t x, uint32_t y) {
    Group& g = group_for(key(level, image));
    g.xy[2 * g.count] = x;
    g.xy[2 * g.count + 1] = y;
    if (++g.count == kGroupTexels) emit(g);
  }
  void add(unsigned level, uint32_t x, uint32_t y) { add(level, 0, x, y); }

  // Hands every pending texel to the sink. Call once the instruction has sampled all lanes
  // (not from a destructor: the sink may throw).
  void flush();

 private:
  static constexpr unsigned kGroupTexels = 256;  // one bilinear footprint for 64 lanes
  static constexpr unsigned kGroups = 2;
  struct Group {
    uint32_t key = ~0u;  // level << 16 | image
    unsigned count = 0;
    uint32_t xy[2 * kGroupTexels];
  };
  static uint32_t key(unsigned level, unsigned image) { return uint32_t(level) << 16 | image; }

  Group& group_for(uint32_t k) {
    for (Group& g : groups_)
      if (g.key == k) return g;
    return claim(k);
  }
  Group& claim(uint32_t key);
  void emit(Group& g);

  TextureAccessSink& sink_;
  const api::Texture& tex_;
  unsigned issue_index_;
  unsigned next_victim_ = 0;
  Group groups_[kGroups];
};

}  // namespace gfx::func
