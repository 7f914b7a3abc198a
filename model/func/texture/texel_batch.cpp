#include "func/texture/texel_batch.h"

namespace gfx::func {

TexelBatch::Group& TexelBatch::claim(unsigned level) {
  // Prefer an empty group; otherwise evict round-robin, which keeps the most recent level of
  // a trilinear pair open while the quads of a warp walk down the mip chain.
  for (Group& g : groups_) {
    if (g.count == 0) {
      g.level = level;
      return g;
    }
  }
  Group& g = groups_[next_victim_];
  next_victim_ ^= 1u;
  emit(g);
  g.level = level;
  return g;
}

void TexelBatch::emit(Group& g) {
  if (g.count != 0) sink_.texels(issue_index_, tex_, g.level, g.xy, g.count);
  g.count = 0;
}

void TexelBatch::flush() {
  for (Group& g : groups_) emit(g);
}

}  // namespace gfx::func
