// SRRIP (static re-reference interval prediction, Jaleel et al., ISCA 2010) with 2-bit
// re-reference prediction values (RRPV): a fill predicts a long interval (max - 1), a hit
// a near one (0). The victim is the first replaceable way, in way order, predicted
// distant (max); while there is none, every line of the set ages by one. A scan of lines
// used once therefore passes through without evicting lines that were hit.
#pragma once

#include <vector>

#include "sim/replacement/replacement_policy.h"

namespace gfx::sim {

class SrripPolicy : public ReplacementPolicy {
 public:
  static constexpr uint8_t kMax = 3;  // 2 bits

  SrripPolicy(uint32_t sets, uint32_t ways) : ways_(ways), rrpv_(size_t(sets) * ways, kMax) {}
  void on_hit(uint32_t set, uint32_t way) override;
  void on_fill(uint32_t set, uint32_t way) override;
  uint32_t victim(uint32_t set, Replaceable replaceable) override;

 private:
  uint32_t ways_;
  std::vector<uint8_t> rrpv_;  // set * ways + way
};

}  // namespace gfx::sim
