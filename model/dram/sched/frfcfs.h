// First-ready first-come first-served (Rixner et al., ISCA 2000), with a read queue and a
// write queue: reads are served before queued writes; writes wait until the write queue
// reaches its high watermark (then drain down to the low one) or the channel falls idle.
// A drain serves row hits first (the oldest write to an open row), then the oldest write.
#pragma once

#include "dram/sched/scheduler.h"

namespace gfx::dram {

class FrFcfsScheduler : public Scheduler {
 public:
  bool queues_writes() const override { return true; }
  size_t pick_write(const std::vector<Access>& queue, const BankView& banks) const override;
};

}  // namespace gfx::dram
