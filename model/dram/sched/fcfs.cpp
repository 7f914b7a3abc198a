#include "dram/sched/fcfs.h"

namespace gfx::dram {

size_t FcfsScheduler::pick_write(const std::vector<Access>& queue, const BankView& banks) const {
  (void)queue;
  (void)banks;
  return 0;  // the oldest
}

}  // namespace gfx::dram
