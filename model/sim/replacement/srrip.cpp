#include "sim/replacement/srrip.h"

namespace gfx::sim {

void SrripPolicy::on_hit(uint32_t set, uint32_t way) { rrpv_[size_t(set) * ways_ + way] = 0; }

void SrripPolicy::on_fill(uint32_t set, uint32_t way) {
  rrpv_[size_t(set) * ways_ + way] = kMax - 1;
}

uint32_t SrripPolicy::victim(uint32_t set, Replaceable replaceable) {
  uint8_t* r = &rrpv_[size_t(set) * ways_];
  // At most kMax rounds of ageing bring a replaceable way to kMax.
  for (;;) {
    for (uint32_t w = 0; w < ways_; ++w)
      if (r[w] == kMax && replaceable(w)) return w;
    for (uint32_t w = 0; w < ways_; ++w)
      if (r[w] < kMax) ++r[w];
  }
}

}  // namespace gfx::sim
