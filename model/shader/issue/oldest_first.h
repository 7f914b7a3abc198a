// oldest_first: always the oldest ready warp, "oldest" meaning the earliest dispatched to
// the core (WarpSlot::age). Unlike greedy_then_oldest it does not stay on a younger warp
// that keeps being ready: an older warp that becomes ready again takes the port back.
#pragma once

#include "shader/issue/issue_policy.h"
#include "shader/warp_slot.h"

namespace gfx::shader {

// The ready warp of smallest age, or nullptr (shared with greedy_then_oldest).
WarpSlot* oldest_ready(std::vector<WarpSlot>& slots, Cycle now);

class OldestFirstIssue : public IssuePolicy {
 public:
  WarpSlot* pick(std::vector<WarpSlot>& slots, Cycle now) override;
};

}  // namespace gfx::shader
