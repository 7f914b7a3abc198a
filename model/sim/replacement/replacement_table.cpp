// The name-to-factory table of the replacement policies. Adding a policy: its own
// <name>.h/.cpp in this folder and one row here; the config schema's choices
// (sim/cache_config.h and the other caches' configs) and docs/config-reference.md follow
// from replacement_names().
#include <functional>

#include "common/error.h"
#include "sim/replacement/fifo.h"
#include "sim/replacement/lru.h"
#include "sim/replacement/random.h"
#include "sim/replacement/srrip.h"

namespace gfx::sim {

namespace {

using Factory = std::function<std::unique_ptr<ReplacementPolicy>(uint32_t sets, uint32_t ways)>;

template <class P> Factory factory() {
  return [](uint32_t sets, uint32_t ways) { return std::make_unique<P>(sets, ways); };
}

struct Entry {
  std::string name;
  Factory make;
};

const std::vector<Entry>& table() {
  static const std::vector<Entry> t = {
      {"lru", factory<LruPolicy>()},
      {"fifo", factory<FifoPolicy>()},
      {"random", factory<RandomPolicy>()},
      {"srrip", factory<SrripPolicy>()},
  };
  return t;
}

}  // namespace

const std::vector<std::string>& replacement_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const Entry& e : table()) n.push_back(e.name);
    return n;
  }();
  return names;
}

std::unique_ptr<ReplacementPolicy> make_replacement(const std::string& name, uint32_t sets,
                                                    uint32_t ways, const std::string& owner) {
  for (const Entry& e : table())
    if (e.name == name) return e.make(sets, ways);
  std::string known;
  for (const Entry& e : table()) known += (known.empty() ? "" : ", ") + e.name;
  throw Error(owner + ": unknown replacement policy '" + name + "' (known: " + known + ")");
}

}  // namespace gfx::sim
