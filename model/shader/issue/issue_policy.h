// IssuePolicy: which ready warp of a shader core issues next. In every tick with its issue
// port free the core either calls pick(), and a policy picks one of the core's slots for
// which can_issue() holds (shader/warp_slot.h), or none; or, when it knows without a scan
// that no slot can issue, calls none_ready() instead, which must leave the policy as a
// pick() returning none would. The policies live one per file in this
// folder and are made by name through make_issue_policy() (issue_table.cpp), whose names
// are also the choices of shader.issue_policy in the config schema. WarpSlot is only
// declared here, so the config schema includes this header without the pipeline's items.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/types.h"

namespace gfx::shader {

struct WarpSlot;

class IssuePolicy {
 public:
  virtual ~IssuePolicy() = default;
  // The warp to issue from at `now`, or nullptr when no slot can issue.
  virtual WarpSlot* pick(std::vector<WarpSlot>& slots, Cycle now) = 0;
  // No slot can issue at this tick (the core's own bookkeeping says so; pick() would have
  // returned none). A policy whose pick() changes its state when it finds nothing does the
  // same here.
  virtual void none_ready() {}
  // The warp of `slot` left the core; a policy that remembers a warp forgets it.
  virtual void on_release(const WarpSlot& slot) { (void)slot; }
};

// The policy called `name`. Throws gfx::Error naming `owner` and the known policies for an
// unknown name (the config schema refuses those before a core is built).
std::unique_ptr<IssuePolicy> make_issue_policy(const std::string& name, const std::string& owner);
// The known policy names, in table order (the config schema's choices).
const std::vector<std::string>& issue_policy_names();

}  // namespace gfx::shader
