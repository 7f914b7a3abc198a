// greedy_then_oldest: the warp that issued last keeps the port as long as it is ready;
// otherwise the oldest ready warp (oldest_first.h) takes over and becomes the greedy one.
#pragma once

#include "shader/issue/issue_policy.h"
#include "shader/warp_slot.h"

namespace gfx::shader {

class GreedyThenOldestIssue : public IssuePolicy {
 public:
  WarpSlot* pick(std::vector<WarpSlot>& slots, Cycle now) override;
  // A cycle with no ready warp ends the greedy run, as pick() finding none does.
  void none_ready() override { last_ = nullptr; }
  void on_release(const WarpSlot& slot) override;

 private:
  WarpSlot* last_ = nullptr;  // the greedy warp
};

}  // namespace gfx::shader
