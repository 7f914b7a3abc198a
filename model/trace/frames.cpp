// Frame-range selection.
#include "trace/frames.h"

#include "trace/command_table.h"

namespace gfx::trace {

FrameSelector::FrameSelector(uint32_t first, uint32_t last) : first_(first), last_(last) {}

FrameSelector::Action FrameSelector::next(const Command& c) {
  if (frame_ > last_) return Action::Stop;
  const bool present = std::holds_alternative<Present>(c);
  Action a;
  if (frame_ >= first_) {
    a = Action::Keep;
    if (present) ++kept_;
  } else {
    CommandKind kind = command_info(c).kind;
    a = kind == CommandKind::Resource || kind == CommandKind::State ? Action::Keep : Action::Drop;
  }
  if (present) ++frame_;
  return a;
}

}  // namespace gfx::trace
