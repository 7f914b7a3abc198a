// Queue<T>: the one channel between timing units. It models a hardware FIFO with a
// capacity, a width (pushes per cycle and pops per cycle) and a latency (an item pushed in
// cycle t can be popped from cycle t + latency on). A slot freed by a pop in cycle t can be
// refilled from cycle t + 1 (one cycle of credit return), which makes the result
// independent of the order in which the driver ticks producer and consumer.
//
// Statistics are exact even when the driver skips idle cycles: occupancy is integrated
// over time at every change instead of being sampled each cycle.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/types.h"
#include "sim/queue_config.h"
#include "stats/registry.h"

namespace gfx::sim {

template <typename T>
class Queue {
 public:
  Queue(std::string name, const QueueConfig& cfg)
      : name_(std::move(name)), cfg_(cfg), slots_(cfg.capacity), occupancy_hist_{} {
    occupancy_hist_.bins.assign(cfg.capacity + 1, 0);
  }

  // Every push and pop also counts in `*counter` (the clock driver's progress count).
  void count_moves_in(uint64_t* counter) { moves_ = counter; }

  const std::string& name() const { return name_; }
  const QueueConfig& config() const { return cfg_; }
  uint32_t size() const { return count_; }
  bool empty() const { return count_ == 0; }

  bool can_push(Cycle now) const {
    const uint32_t credit_pending = (pop_cycle_ == now) ? pops_now_ : 0;
    const uint32_t pushed = (push_cycle_ == now) ? pushes_now_ : 0;
    return count_ + credit_pending < cfg_.capacity && pushed < cfg_.width;
  }

  void push(Cycle now, T item) {
    note_change(now);
    if (push_cycle_ != now) { push_cycle_ = now; pushes_now_ = 0; }
    ++pushes_now_;
    Entry& e = slots_[(head_ + count_) % cfg_.capacity];
    e.item = std::move(item);
    e.ready = now + cfg_.latency;
    ++count_;
    ++pushes_;
    if (moves_) ++*moves_;
    if (count_ == cfg_.capacity) full_since_ = now;
  }

  // True when the front item has arrived and this cycle's pop width is not used up.
  bool can_pop(Cycle now) const {
    if (count_ == 0 || slots_[head_].ready > now) return false;
    return pop_cycle_ != now || pops_now_ < cfg_.width;
  }

  T& front() { return slots_[head_].item; }
  const T& front() const { return slots_[head_].item; }

  T pop(Cycle now) {
    note_change(now);
    if (pop_cycle_ != now) { pop_cycle_ = now; pops_now_ = 0; }
    ++pops_now_;
    if (count_ == cfg_.capacity) cycles_full_ += now - full_since_;
    T item = std::move(slots_[head_].item);
    head_ = (head_ + 1) % cfg_.capacity;
    --count_;
    if (moves_) ++*moves_;
    return item;
  }

  // Cycle at which the front item can be popped (kNever when empty). Used by units to
  // tell the driver when to wake them.
  Cycle front_ready() const { return count_ == 0 ? kNever : slots_[head_].ready; }
  // Earliest cycle a pop is possible given the width already used in `now`.
  Cycle next_pop_cycle(Cycle now) const {
    if (count_ == 0) return kNever;
    Cycle c = slots_[head_].ready > now ? slots_[head_].ready : now;
    if (c == now && pop_cycle_ == now && pops_now_ >= cfg_.width) ++c;
    return c;
  }

  // Close the time integrals at the end of the run (or of a stats interval).
  void settle(Cycle now) {
    note_change(now);
    if (count_ == cfg_.capacity) { cycles_full_ += now - full_since_; full_since_ = now; }
  }

  void register_stats(stats::Group& parent) {
    stats::Group& g = parent.child(name_, "queue");
    g.counter("pushes", &pushes_, "items", "items pushed");
    g.counter("cycles_full", &cycles_full_, "cycles", "cycles the queue was at capacity");
    g.counter("cycles_empty", &cycles_empty_, "cycles", "cycles the queue held no item");
    g.formula("avg_occupancy", [this] { return last_change_ ? double(occupancy_integral_) / double(last_change_) : 0.0; },
              "items", "time-averaged number of items held");
    g.histogram("occupancy", &occupancy_hist_, "cycles", "cycles spent at each occupancy 0..capacity");
  }

 private:
  struct Entry {
    T item{};
    Cycle ready = 0;
  };

  void note_change(Cycle now) {
    if (now > last_change_) {
      const Cycle dt = now - last_change_;
      occupancy_integral_ += uint64_t(count_) * dt;
      occupancy_hist_.add(count_, dt);
      if (count_ == 0) cycles_empty_ += dt;
      last_change_ = now;
    }
  }

  std::string name_;
  QueueConfig cfg_;
  std::vector<Entry> slots_;  // ring buffer of `capacity` entries
  uint32_t head_ = 0, count_ = 0;
  Cycle push_cycle_ = kNever, pop_cycle_ = kNever;
  uint32_t pushes_now_ = 0, pops_now_ = 0;
  uint64_t* moves_ = nullptr;

  uint64_t pushes_ = 0, cycles_full_ = 0, cycles_empty_ = 0, occupancy_integral_ = 0;
  Cycle last_change_ = 0, full_since_ = 0;
  stats::Histogram occupancy_hist_;
};

}  // namespace gfx::sim
