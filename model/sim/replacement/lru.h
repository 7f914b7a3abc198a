// LRU: the least recently used line goes first; hits and fills both count as a use.
#pragma once

#include "sim/replacement/recency_list.h"

namespace gfx::sim {

class LruPolicy : public ReplacementPolicy {
 public:
  LruPolicy(uint32_t sets, uint32_t ways) : order_(sets, ways) {}
  void on_hit(uint32_t set, uint32_t way) override;
  void on_fill(uint32_t set, uint32_t way) override;
  uint32_t victim(uint32_t set, Replaceable replaceable) override;

 private:
  RecencyList order_;
};

}  // namespace gfx::sim
