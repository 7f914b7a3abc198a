#include "common/interrupt.h"

#include <cstring>
#include <string>

namespace gfx {

namespace {

volatile std::sig_atomic_t g_signal = 0;

extern "C" void record_signal(int s) { g_signal = s; }

void install(int s, struct sigaction* old) {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = record_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;  // the second signal takes the default action: stop now
  sigaction(s, &sa, old);
}

}  // namespace

Interrupted::Interrupted(int signal)
    : Error(std::string("interrupted by ") +
            (signal == SIGINT    ? "SIGINT"
             : signal == SIGTERM ? "SIGTERM"
                                 : "a signal") +
            "; nothing was written"),
      signal_(signal) {}

InterruptScope::InterruptScope() {
  g_signal = 0;
  install(SIGINT, &old_int_);
  install(SIGTERM, &old_term_);
}

InterruptScope::~InterruptScope() {
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
}

int interrupt_signal() { return g_signal; }

}  // namespace gfx
