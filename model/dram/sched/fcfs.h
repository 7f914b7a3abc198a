// First-come first-served: every read and write is served in arrival order, each on its
// own as it arrives; no write queue, so reads wait behind earlier writes and the bus turns
// around whenever the direction changes.
#pragma once

#include "dram/sched/scheduler.h"

namespace gfx::dram {

class FcfsScheduler : public Scheduler {
 public:
  bool queues_writes() const override { return false; }
  size_t pick_write(const std::vector<Access>& queue, const BankView& banks) const override;
};

}  // namespace gfx::dram
