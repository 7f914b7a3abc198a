#include "func/texture/texel_batch.h"

namespace gfx::func {

TexelBatch::Group& TexelBatch::claim(uint32_t key) {
  // Prefer an empty group; otherwise evict round-robin, which keeps the most recent keys of
  // a trilinear footprint open while the quads of a warp walk down the mip chain.
  for (Group& g : groups_) {
    if (g.count == 0) {
      g.key = key;
      return g;
    }
  }
  Group& g = groups_[next_victim_];
  next_victim_ = (next_victim_ + 1) % kGroups;
  emit(g);
  g.key = key;
  return g;
}

void TexelBatch::emit(Group& g) {
  if (g.count != 0) sink_.texels(issue_index_, tex_, g.key >> 16, g.key & 0xFFFFu, g.xy, g.count);
  g.count = 0;
}

void TexelBatch::flush() {
  for (Group& g : groups_) emit(g);
}

}  // namespace gfx::func
