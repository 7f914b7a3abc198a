// round_robin: the slots take turns. The search starts at the slot after the one that
// issued last, so every ready warp issues within one round of the slots.
#pragma once

#include <cstddef>

#include "shader/issue/issue_policy.h"
#include "shader/warp_slot.h"

namespace gfx::shader {

class RoundRobinIssue : public IssuePolicy {
 public:
  WarpSlot* pick(std::vector<WarpSlot>& slots, Cycle now) override;

 private:
  size_t last_ = 0;  // slot index that issued last
};

}  // namespace gfx::shader
