// The name-to-factory table of the DRAM scheduling policies. Adding a policy: its own
// <name>.h/.cpp in this folder and one row here; memory.dram.scheduler's choices and
// docs/config-reference.md follow from scheduler_names().
#include <functional>

#include "common/error.h"
#include "dram/sched/fcfs.h"
#include "dram/sched/frfcfs.h"

namespace gfx::dram {

namespace {

struct Entry {
  std::string name;
  std::function<std::unique_ptr<Scheduler>()> make;
};

template <class P> std::unique_ptr<Scheduler> make() { return std::make_unique<P>(); }

const std::vector<Entry>& table() {
  static const std::vector<Entry> t = {
      {"frfcfs", make<FrFcfsScheduler>},
      {"fcfs", make<FcfsScheduler>},
  };
  return t;
}

}  // namespace

const std::vector<std::string>& scheduler_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const Entry& e : table()) n.push_back(e.name);
    return n;
  }();
  return names;
}

std::unique_ptr<Scheduler> make_scheduler(const std::string& name, const std::string& owner) {
  for (const Entry& e : table())
    if (e.name == name) return e.make();
  std::string known;
  for (const Entry& e : table()) known += (known.empty() ? "" : ", ") + e.name;
  throw Error(owner + ": unknown DRAM scheduler '" + name + "' (known: " + known + ")");
}

}  // namespace gfx::dram
