// Gathers the texel coordinates one texture instruction reads across a warp and passes them
// to a TextureAccessSink in a few large calls instead of one virtual call per texel.
// Texels are grouped by mip level: two open groups cover a trilinear footprint (levels L and
// L+1) without flushing, and a group is flushed when it is full or its slot is needed for a
// third level. Fixed-size storage: building a batch never allocates.
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

  void add(unsigned level, uint32_t x, uint32_t y) {
    Group& g = group_for(level);
    g.xy[2 * g.count] = x;
    g.xy[2 * g.count + 1] = y;
    if (++g.count == kGroupTexels) emit(g);
  }

  // Hands every pending texel to the sink. Call once the instruction has sampled all lanes
  // (not from a destructor: the sink may throw).
  void flush();

 private:
  static constexpr unsigned kGroupTexels = 256;  // one bilinear footprint for 64 lanes
  struct Group {
    unsigned level = ~0u;
    unsigned count = 0;
    uint32_t xy[2 * kGroupTexels];
  };

  Group& group_for(unsigned level) {
    if (groups_[0].level == level) return groups_[0];
    if (groups_[1].level == level) return groups_[1];
    return claim(level);
  }
  Group& claim(unsigned level);
  void emit(Group& g);

  TextureAccessSink& sink_;
  const api::Texture& tex_;
  unsigned issue_index_;
  unsigned next_victim_ = 0;
  Group groups_[2];
};

}  // namespace gfx::func
