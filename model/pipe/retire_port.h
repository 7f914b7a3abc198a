// RetirePort: the ROP's reports to the command processor, owned by the wiring. The ROP is
// the last unit of the pipeline: when a marker (pipe/marker.h) reaches it and everything
// before the marker has retired, it performs the marker and pushes a report here; the
// command processor takes the reports in order. A draw is retired when its EndOfDraw
// report is taken; a Clear or Present the command processor waits for is done when its
// report is.
//
// A report pushed in one cycle is taken by the command processor in the next: the command
// processor ticks first in every cycle.
#pragma once

#include <deque>

#include "common/types.h"
#include "pipe/marker.h"

namespace gfx::pipe {

struct Retired {
  Marker::Kind kind = Marker::Kind::EndOfDraw;
  DrawRef draw;    // EndOfDraw
  Cycle done = 0;  // Present: the cycle the last flushed line has left; else the report's cycle
};

class RetirePort {
 public:
  void push(Retired r) {
    reports_.push_back(std::move(r));
    ++pushed_;
  }
  // Reports pushed since the start of the run: one per marker, in the markers' order, so a
  // unit that counts the markers it has passed on knows which of them the ROP has
  // performed (the early-Z stage waits so for earlier depth work).
  uint64_t reports() const { return pushed_; }
  bool empty() const { return reports_.empty(); }
  Retired pop() {
    Retired r = std::move(reports_.front());
    reports_.pop_front();
    return r;
  }

 private:
  std::deque<Retired> reports_;
  uint64_t pushed_ = 0;
};

}  // namespace gfx::pipe
