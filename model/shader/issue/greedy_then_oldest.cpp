#include "shader/issue/greedy_then_oldest.h"

#include "shader/issue/oldest_first.h"

namespace gfx::shader {

WarpSlot* GreedyThenOldestIssue::pick(std::vector<WarpSlot>& slots, Cycle now) {
  if (last_ && can_issue(*last_, now)) return last_;
  return last_ = oldest_ready(slots, now);
}

void GreedyThenOldestIssue::on_release(const WarpSlot& slot) {
  if (last_ == &slot) last_ = nullptr;
}

}  // namespace gfx::shader
