#include "shader/issue/round_robin.h"

namespace gfx::shader {

WarpSlot* RoundRobinIssue::pick(std::vector<WarpSlot>& slots, Cycle now) {
  for (size_t k = 1; k <= slots.size(); ++k) {
    const size_t i = (last_ + k) % slots.size();
    if (can_issue(slots[i], now)) {
      last_ = i;
      return &slots[i];
    }
  }
  return nullptr;
}

}  // namespace gfx::shader
