#include "sim/replacement/fifo.h"

namespace gfx::sim {

void FifoPolicy::on_fill(uint32_t set, uint32_t way) { order_.to_front(set, way); }
uint32_t FifoPolicy::victim(uint32_t set, Replaceable replaceable) {
  return order_.back_most(set, replaceable);
}

}  // namespace gfx::sim
