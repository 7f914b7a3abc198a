// Random: a pseudo-random replaceable way. Each set has its own xorshift32 generator
// seeded from a fixed constant and the set index, so a run is repeatable and one set's
// misses do not change the choices of another.
#pragma once

#include <vector>

#include "sim/replacement/replacement_policy.h"

namespace gfx::sim {

class RandomPolicy : public ReplacementPolicy {
 public:
  static constexpr uint32_t kSeed = 0x2545F491u;

  RandomPolicy(uint32_t sets, uint32_t ways);
  void on_hit(uint32_t, uint32_t) override {}
  void on_fill(uint32_t, uint32_t) override {}
  uint32_t victim(uint32_t set, Replaceable replaceable) override;

 private:
  uint32_t ways_;
  std::vector<uint32_t> state_;  // per set, never 0
};

}  // namespace gfx::sim
