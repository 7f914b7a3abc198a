// Frame-range selection, as `gfxsim-trace convert --frames A:B` does it. Frames are
// counted from 0 and end at their Present. Before frame A the selector keeps every
// resource and state command (so frame A starts with the state it had in the full
// trace) and drops draws, clears and presents; frames A..B are kept whole; the first
// command after frame B's Present stops the selection.
#pragma once

#include <cstdint>

#include "trace/commands.h"

namespace gfx::trace {

class FrameSelector {
 public:
  enum class Action { Keep, Drop, Stop };

  FrameSelector(uint32_t first, uint32_t last);  // inclusive; first <= last
  Action next(const Command& c);

  uint32_t frame() const { return frame_; }       // frame the next command belongs to
  uint32_t frames_kept() const { return kept_; }  // complete frames kept so far

 private:
  uint32_t first_, last_;
  uint32_t frame_ = 0;
  uint32_t kept_ = 0;
};

}  // namespace gfx::trace
