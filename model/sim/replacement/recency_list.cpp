#include "sim/replacement/recency_list.h"

namespace gfx::sim {

RecencyList::RecencyList(uint32_t sets, uint32_t ways)
    : ways_(ways),
      prev_(size_t(sets) * ways),
      next_(size_t(sets) * ways),
      front_(sets),
      back_(sets) {
  // Start in way order (way 0 at the front); which valid line goes first is decided by
  // the fills, since caches fill invalid ways before asking for a victim.
  for (uint32_t s = 0; s < sets; ++s) {
    const size_t base = size_t(s) * ways;
    for (uint32_t w = 0; w < ways; ++w) {
      prev_[base + w] = w == 0 ? kNone : w - 1;
      next_[base + w] = w + 1 == ways ? kNone : w + 1;
    }
    front_[s] = 0;
    back_[s] = ways - 1;
  }
}

void RecencyList::move_to_front(uint32_t set, uint32_t way) {
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
  for (uint32_t w = back_[set]; w != kNone; w = prev_[base + w])
    if (replaceable(w)) return w;
  return back_[set];  // unreachable: the caller passes at least one replaceable way
}

}  // namespace gfx::sim
