#include "sim/replacement/lru.h"

namespace gfx::sim {

void LruPolicy::on_hit(uint32_t set, uint32_t way) { order_.to_front(set, way); }
void LruPolicy::on_fill(uint32_t set, uint32_t way) { order_.to_front(set, way); }
uint32_t LruPolicy::victim(uint32_t set, Replaceable replaceable) {
  return order_.back_most(set, replaceable);
}

}  // namespace gfx::sim
