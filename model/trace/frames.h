// Frame-range selection, as `gfxsim-trace convert --frames A:B` does it. Frames are
// counted from 0 and end at their Present. Before frame A the selector keeps every
// resource and state command (so frame A starts with the state it had in the full
// trace) and drops draws, clears and presents; frames A..B are kept whole; the first
// command after frame B's Present stops the selection.
//
// A patch draw before frame A that captures a patch under a handle (a non-zero handle with
// patch info) is a draw and state at once: later draws may use the handle. The selector
// keeps it as Action::Hide: the caller writes hide_before(), the draw, then hide_after(),
// which scissor it to an empty rectangle and restore the scissor state, so the capture is
// made from the same streams as in the full trace and draws no pixel.
#pragma once

#include <cstdint>
#include <vector>

#include "trace/commands.h"

namespace gfx::trace {

class FrameSelector {
 public:
  enum class Action { Keep, Drop, Stop, Hide };

  // first..last inclusive (first <= last); width x height: the trace's target size, which
  // sets the default scissor rectangle that hide_after() may have to restore.
  FrameSelector(uint32_t first, uint32_t last, uint32_t width, uint32_t height);
  Action next(const Command& c);

  uint32_t frame() const { return frame_; }       // frame the next command belongs to
  uint32_t frames_kept() const { return kept_; }  // complete frames kept so far

  std::vector<Command> hide_before() const;
  std::vector<Command> hide_after() const;

 private:
  void track(const Command& c);

  uint32_t first_, last_;
  uint32_t frame_ = 0;
  uint32_t kept_ = 0;
  api::ScissorRect scissor_;
  bool scissor_enable_ = false;
};

}  // namespace gfx::trace
