// ReorderWindow: credit between a producer that finishes numbered items out of order and
// a consumer that takes them back in order (the shader cluster's finished pixel warps and
// the ROP's reorder buffer). The wiring owns it and hands the producer the sending side
// and the consumer the taking side, so neither unit knows the other.
//
// Item `seq` may be sent while it lies inside the window that starts at the item the
// consumer needs next. The window always admits that item, so in-order sending can never
// deadlock, and items far ahead cannot crowd it out. The consumer's take shows to the
// producer at once (the consumer ticks after the producer, so the producer sees it in the
// next cycle, like a queue's credit return).
#pragma once

#include <cstdint>

namespace gfx::sim {

class ReorderWindow {
 public:
  explicit ReorderWindow(uint32_t size) : size_(size) {}

  // Producer side.
  bool can_send(uint64_t seq) const { return seq < next_ + size_; }
  // Consumer side: the item it needs next, and taking it (which moves the window).
  uint64_t next() const { return next_; }
  void take() { ++next_; }

  uint32_t size() const { return size_; }

 private:
  uint32_t size_;
  uint64_t next_ = 0;
};

}  // namespace gfx::sim
