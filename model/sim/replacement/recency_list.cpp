#include "sim/replacement/recency_list.h"

namespace gfx::sim {

RecencyList::RecencyList(uint32_t sets, uint32_t ways) : ways_(ways), stamped_(ways <= kStampWays) {
  // Both forms start in way order (way 0 at the front); which valid line goes first is
  // decided by the fills, since caches fill invalid ways before asking for a victim.
  if (stamped_) {
    stamp_.resize(size_t(sets) * ways);
    for (uint32_t s = 0; s < sets; ++s)
      for (uint32_t w = 0; w < ways; ++w) stamp_[size_t(s) * ways + w] = ways - 1 - w;
    clock_ = ways;
    return;
  }
  prev_.resize(size_t(sets) * ways);
  next_.resize(size_t(sets) * ways);
  front_.assign(sets, 0);
  back_.assign(sets, ways - 1);
  for (uint32_t s = 0; s < sets; ++s) {
    const size_t base = size_t(s) * ways;
    for (uint32_t w = 0; w < ways; ++w) {
      prev_[base + w] = w == 0 ? kNone : w - 1;
      next_[base + w] = w + 1 == ways ? kNone : w + 1;
    }
  }
}

void RecencyList::link_to_front(uint32_t set, uint32_t way) {
  if (front_[set] == way) return;
  const size_t base = size_t(set) * ways_;
  const uint32_t p = prev_[base + way], n = next_[base + way];
  // Not the front, so p exists.
  next_[base + p] = n;
  if (n != kNone)
    prev_[base + n] = p;
  else
    back_[set] = p;
  prev_[base + way] = kNone;
  next_[base + way] = front_[set];
  prev_[base + front_[set]] = way;
  front_[set] = way;
}

uint32_t RecencyList::back_most(uint32_t set, Replaceable replaceable) const {
  const size_t base = size_t(set) * ways_;
  if (stamped_) {
    // Stamps are unique, so the oldest replaceable way is the one the list would give.
    uint32_t best = kNone;
    for (uint32_t w = 0; w < ways_; ++w)
      if (replaceable(w) && (best == kNone || stamp_[base + w] < stamp_[base + best])) best = w;
    return best;  // the caller passes at least one replaceable way
  }
  for (uint32_t w = back_[set]; w != kNone; w = prev_[base + w])
    if (replaceable(w)) return w;
  return back_[set];  // unreachable: the caller passes at least one replaceable way
}

}  // namespace gfx::sim
