// SIGINT and SIGTERM as an orderly stop. The handler only records the signal; the long
// loops (the clock driver's cycle, the functional replay's command and index window) ask
// throw_if_interrupted(), so the run unwinds like any failed run: the results folder's
// hidden work folder is removed and nothing is written. A second signal of the same kind
// kills the process at once (the handler is one-shot); the next run in that place then
// removes the hidden folder it left.
#pragma once

#include <csignal>

#include "common/error.h"

namespace gfx {

class Interrupted : public Error {
 public:
  explicit Interrupted(int signal);
  int signal() const { return signal_; }

 private:
  int signal_;
};

// Installs the handlers; the previous ones are restored by the destructor.
class InterruptScope {
 public:
  InterruptScope();
  ~InterruptScope();
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

 private:
  struct sigaction old_int_, old_term_;
};

// The signal received since the scope began, or 0.
int interrupt_signal();

inline void throw_if_interrupted() {
  if (const int s = interrupt_signal()) throw Interrupted(s);
}

}  // namespace gfx
