#include "shader/issue/oldest_first.h"

namespace gfx::shader {

WarpSlot* oldest_ready(std::vector<WarpSlot>& slots, Cycle now) {
  WarpSlot* oldest = nullptr;
  for (WarpSlot& s : slots)
    if (can_issue(s, now) && (!oldest || s.age < oldest->age)) oldest = &s;
  return oldest;
}

WarpSlot* OldestFirstIssue::pick(std::vector<WarpSlot>& slots, Cycle now) {
  return oldest_ready(slots, now);
}

}  // namespace gfx::shader
