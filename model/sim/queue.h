// Queue<T>: the one channel between timing units. It models a hardware FIFO with a
// capacity, a width (pushes per cycle and pops per cycle) and a latency (an item pushed in
// cycle t can be popped from cycle t + latency on). A slot freed by a pop in cycle t can be
// refilled from cycle t + 1 (one cycle of credit return), which makes the result
// independent of the order in which the driver ticks producer and consumer.
//
// Statistics are exact even when the driver skips idle cycles: occupancy is integrated
// over time at every change instead of being sampled each cycle.
//
// Markers (the pipeline's clears, flushes and ends of draws, type M) travel in the same
// queue, ordered between the items: a marker pushed after item n can be taken once items
// 0..n have been popped, and not before; while it waits at the front, no item behind it
// can be popped. A marker takes no slot, no width and no latency of its own, and counts in
// no statistic, so carrying markers changes neither the queue's timing nor its counters
// (it only adds to the driver's progress count).
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "common/types.h"
#include "sim/queue_config.h"
#include "stats/registry.h"

namespace gfx::sim {

// What the wiring needs of every queue, whatever it carries: the lists of queues in the
// Gpu (settle, stats, watchdog) hold these.
class QueueBase {
 public:
  virtual ~QueueBase() = default;
  virtual const std::string& name() const = 0;
  virtual const QueueConfig& config() const = 0;
  virtual uint32_t size() const = 0;
  // Every push and pop (of items and markers) also counts in `*counter` (the clock
  // driver's progress count).
  virtual void count_moves_in(uint64_t* counter) = 0;
  virtual void settle(Cycle now) = 0;
  virtual void register_stats(stats::Group& parent) = 0;
};

// The marker type of a queue that carries none.
struct NoMarker {};

template <typename T, typename M = NoMarker> class Queue final : public QueueBase {
 public:
  using Item = T;
  using Marker = M;

  Queue(std::string name, const QueueConfig& cfg)
      : name_(std::move(name)), cfg_(cfg), slots_(cfg.capacity), occupancy_hist_{} {
    occupancy_hist_.bins.assign(cfg.capacity + 1, 0);
  }

  void count_moves_in(uint64_t* counter) override { moves_ = counter; }

  const std::string& name() const override { return name_; }
  const QueueConfig& config() const override { return cfg_; }
  uint32_t size() const override { return count_; }
  bool empty() const { return count_ == 0; }

  // A marker behind every item pushed so far.
  void push_marker(M m) {
    if (markers_.empty()) front_after_ = pushes_;
    markers_.push_back({pushes_, std::move(m)});
    if (moves_) ++*moves_;
  }
  // The front marker can be taken: every item pushed before it has been popped. (One
  // compare: every pop and unit tick asks.)
  bool marker_ready() const { return front_after_ == popped_; }
  const M& front_marker() const { return markers_.front().marker; }
  M pop_marker() {
    M m = std::move(markers_.front().marker);
    markers_.pop_front();
    front_after_ = markers_.empty() ? kNoMarker : markers_.front().after;
    if (moves_) ++*moves_;
    return m;
  }
  // Markers pushed and not yet taken.
  size_t markers() const { return markers_.size(); }

  bool can_push(Cycle now) const {
    const uint32_t credit_pending = (pop_cycle_ == now) ? pops_now_ : 0;
    const uint32_t pushed = (push_cycle_ == now) ? pushes_now_ : 0;
    return count_ + credit_pending < cfg_.capacity && pushed < cfg_.width;
  }

  void push(Cycle now, T item) {
    note_change(now);
    if (push_cycle_ != now) {
      push_cycle_ = now;
      pushes_now_ = 0;
    }
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
    if (count_ == 0 || slots_[head_].ready > now || marker_ready()) return false;
    return pop_cycle_ != now || pops_now_ < cfg_.width;
  }

  T& front() { return slots_[head_].item; }
  const T& front() const { return slots_[head_].item; }

  T pop(Cycle now) {
    note_change(now);
    if (pop_cycle_ != now) {
      pop_cycle_ = now;
      pops_now_ = 0;
    }
    ++pops_now_;
    if (count_ == cfg_.capacity) cycles_full_ += now - full_since_;
    T item = std::move(slots_[head_].item);
    head_ = (head_ + 1) % cfg_.capacity;
    --count_;
    ++popped_;
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
  void settle(Cycle now) override {
    note_change(now);
    if (count_ == cfg_.capacity) {
      cycles_full_ += now - full_since_;
      full_since_ = now;
    }
  }

  void register_stats(stats::Group& parent) override {
    stats::Group& g = parent.child(name_, "queue");
    g.counter("pushes", &pushes_, "items", "items pushed");
    g.counter("cycles_full", &cycles_full_, "cycles", "cycles the queue was at capacity");
    g.counter("cycles_empty", &cycles_empty_, "cycles", "cycles the queue held no item");
    g.formula(
        "avg_occupancy",
        [this] { return last_change_ ? double(occupancy_integral_) / double(last_change_) : 0.0; },
        "items", "time-averaged number of items held");
    g.histogram("occupancy", &occupancy_hist_, "cycles",
                "cycles spent at each occupancy 0..capacity");
  }

 private:
  struct Entry {
    T item{};
    Cycle ready = 0;
  };
  struct MarkerEntry {
    uint64_t after;  // items pushed before the marker
    M marker;
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
  static constexpr uint64_t kNoMarker = ~uint64_t(0);
  uint64_t front_after_ = kNoMarker;  // `after` of the front marker
  uint64_t popped_ = 0;

  uint64_t pushes_ = 0, cycles_full_ = 0, cycles_empty_ = 0, occupancy_integral_ = 0;
  Cycle last_change_ = 0, full_since_ = 0;
  stats::Histogram occupancy_hist_;
  std::deque<MarkerEntry> markers_;  // rarely used: kept away from the fields of every push and pop
};

}  // namespace gfx::sim
