#include "dram/sched/frfcfs.h"

namespace gfx::dram {

size_t FrFcfsScheduler::pick_write(const std::vector<Access>& queue,
                                   const BankView& banks) const {
  for (size_t i = 0; i < queue.size(); ++i)
    if (banks.row_open(queue[i].bank, queue[i].row)) return i;
  return 0;
}

}  // namespace gfx::dram
