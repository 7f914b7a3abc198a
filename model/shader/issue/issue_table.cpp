// The name-to-factory table of the warp issue policies. Adding a policy: its own
// <name>.h/.cpp in this folder and one row here; shader.issue_policy's choices
// (shader/shader_config.h) and docs/config-reference.md follow from issue_policy_names().
#include <functional>

#include "common/error.h"
#include "shader/issue/greedy_then_oldest.h"
#include "shader/issue/oldest_first.h"
#include "shader/issue/round_robin.h"

namespace gfx::shader {

namespace {

struct Entry {
  std::string name;
  std::function<std::unique_ptr<IssuePolicy>()> make;
};

template <class P> std::unique_ptr<IssuePolicy> make() { return std::make_unique<P>(); }

const std::vector<Entry>& table() {
  static const std::vector<Entry> t = {
      {"round_robin", make<RoundRobinIssue>},
      {"greedy_then_oldest", make<GreedyThenOldestIssue>},
      {"oldest_first", make<OldestFirstIssue>},
  };
  return t;
}

}  // namespace

const std::vector<std::string>& issue_policy_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const Entry& e : table()) n.push_back(e.name);
    return n;
  }();
  return names;
}

std::unique_ptr<IssuePolicy> make_issue_policy(const std::string& name, const std::string& owner) {
  for (const Entry& e : table())
    if (e.name == name) return e.make();
  std::string known;
  for (const Entry& e : table()) known += (known.empty() ? "" : ", ") + e.name;
  throw Error(owner + ": unknown issue policy '" + name + "' (known: " + known + ")");
}

}  // namespace gfx::shader
