// RecencyList: per set, the ways ordered from the front (kept longest) to the back (the
// next victim). LRU and FIFO are this order, moved to the front on different events.
// Two representations, chosen by the associativity, give the same order:
//  - sets of up to kStampWays ways (the unit caches and the L2) keep a stamp per way: a
//    move to the front is one store, and the victim is the replaceable way with the oldest
//    stamp, found by a scan of the set that the cache's own tag scan has just paid for;
//  - wider sets (the fully associative post-transform and patch caches, up to thousands
//    of entries) keep a doubly linked list over way indices, so the victim is O(1) except
//    for a walk past ways that may not be replaced (usually none).
#pragma once

#include <cstdint>
#include <vector>

#include "sim/replacement/replacement_policy.h"

namespace gfx::sim {

class RecencyList {
 public:
  static constexpr uint32_t kStampWays = 16;

  RecencyList(uint32_t sets, uint32_t ways);

  void to_front(uint32_t set, uint32_t way) {
    if (stamped_)
      stamp_[size_t(set) * ways_ + way] = ++clock_;
    else
      link_to_front(set, way);
  }
  // The replaceable way nearest the back.
  uint32_t back_most(uint32_t set, Replaceable replaceable) const;

 private:
  static constexpr uint32_t kNone = UINT32_MAX;
  void link_to_front(uint32_t set, uint32_t way);

  uint32_t ways_;
  bool stamped_;
  // Stamped form: indexed by set * ways + way; a larger stamp is nearer the front.
  std::vector<uint64_t> stamp_;
  uint64_t clock_ = 0;
  // Linked form: indexed by set * ways + way; links hold way indices of the same set.
  std::vector<uint32_t> prev_, next_;
  std::vector<uint32_t> front_, back_;  // per set
};

}  // namespace gfx::sim
