#include "sim/replacement/random.h"

namespace gfx::sim {

RandomPolicy::RandomPolicy(uint32_t sets, uint32_t ways) : ways_(ways), state_(sets) {
  for (uint32_t s = 0; s < sets; ++s) {
    // Spread consecutive sets apart; xorshift must not start at 0 (it would stay there).
    const uint32_t x = kSeed ^ ((s + 1) * 0x9E3779B9u);
    state_[s] = x ? x : kSeed;
  }
}

uint32_t RandomPolicy::victim(uint32_t set, Replaceable replaceable) {
  uint32_t x = state_[set];
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  state_[set] = x;
  if (!replaceable.flags) return x % ways_;
  // The (x mod n)-th of the n replaceable ways, in way order.
  uint32_t n = 0;
  for (uint32_t w = 0; w < ways_; ++w) n += replaceable(w);
  uint32_t k = x % n;
  for (uint32_t w = 0; w < ways_; ++w)
    if (replaceable(w) && k-- == 0) return w;
  return 0;  // unreachable: at least one way is replaceable
}

}  // namespace gfx::sim
