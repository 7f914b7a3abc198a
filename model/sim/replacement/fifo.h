// FIFO: the line filled longest ago goes first; hits do not refresh a line (the classic
// "last N vertices" post-transform cache).
#pragma once

#include "sim/replacement/recency_list.h"

namespace gfx::sim {

class FifoPolicy : public ReplacementPolicy {
 public:
  FifoPolicy(uint32_t sets, uint32_t ways) : order_(sets, ways) {}
  void on_hit(uint32_t, uint32_t) override {}
  void on_fill(uint32_t set, uint32_t way) override;
  uint32_t victim(uint32_t set, Replaceable replaceable) override;

 private:
  RecencyList order_;  // by fill only
};

}  // namespace gfx::sim
