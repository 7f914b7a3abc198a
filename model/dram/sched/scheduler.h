// Scheduler: the order in which a DRAM channel serves its requests. The port answers every
// read at once (sim/memory_port.h), so a read is placed on the channel's command and data
// timelines when it arrives; what a policy decides is whether writes wait in the write
// queue (reads then pass them) and which queued write a drain serves next. The policies
// live one per file in this folder and are made by name through make_scheduler()
// (sched_table.cpp), whose names are the choices of memory.dram.scheduler.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gfx::dram {

// One access inside one channel: a row of a bank, some bursts, read or write.
struct Access {
  uint32_t bank = 0;
  uint64_t row = 0;
  uint32_t bursts = 1;
  bool write = false;
  uint64_t arrival = 0;  // DRAM cycle the controller received it
};

// What a policy may ask of the channel: which row each bank has open.
class BankView {
 public:
  virtual ~BankView() = default;
  virtual bool row_open(uint32_t bank, uint64_t row) const = 0;
};

class Scheduler {
 public:
  virtual ~Scheduler() = default;
  // True: writes wait in the write queue, drained at the watermarks and when the channel
  // is idle, and reads go first. False: every request is served in arrival order.
  virtual bool queues_writes() const = 0;
  // Index into `queue` (oldest first, never empty) of the write to serve next.
  virtual size_t pick_write(const std::vector<Access>& queue, const BankView& banks) const = 0;
};

// The policy called `name`; throws gfx::Error naming `owner` and the known policies.
std::unique_ptr<Scheduler> make_scheduler(const std::string& name, const std::string& owner);
// The known policy names, in table order (the config schema's choices).
const std::vector<std::string>& scheduler_names();

}  // namespace gfx::dram
