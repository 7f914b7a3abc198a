// RecencyList: per set, the ways ordered from the front (kept longest) to the back (the
// next victim), as a doubly linked list over way indices. LRU and FIFO are this list,
// moved to the front on different events. Every operation is O(1) except victim(), which
// walks from the back past the ways that may not be replaced (usually none).
#pragma once

#include <cstdint>
#include <vector>

#include "sim/replacement/replacement_policy.h"

namespace gfx::sim {

class RecencyList {
 public:
  RecencyList(uint32_t sets, uint32_t ways);

  // Inline: it runs on every cache hit, and most hits find their way at the front already.
  void to_front(uint32_t set, uint32_t way) {
    if (front_[set] != way) move_to_front(set, way);
  }
  // The replaceable way nearest the back.
  uint32_t back_most(uint32_t set, Replaceable replaceable) const;

 private:
  static constexpr uint32_t kNone = UINT32_MAX;
  void move_to_front(uint32_t set, uint32_t way);
  uint32_t ways_;
  // Indexed by set * ways + way; links hold way indices of the same set.
  std::vector<uint32_t> prev_, next_;
  std::vector<uint32_t> front_, back_;  // per set
};

}  // namespace gfx::sim
