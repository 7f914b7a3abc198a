// Every counter of a stats tree by dotted path ("rop.quads"), in registry order, read in
// one pass: what frames.csv and intervals.csv write the growth of.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "stats/registry.h"

namespace gfx::gpu {

class CounterTable {
 public:
  // Take the paths once the registry is complete (the run has started).
  explicit CounterTable(const stats::Group& root) { collect(root, ""); }

  const std::vector<std::string>& paths() const { return paths_; }
  void read(std::vector<uint64_t>& values) const {
    values.resize(ptrs_.size());
    for (size_t i = 0; i < ptrs_.size(); ++i) values[i] = *ptrs_[i];
  }

 private:
  void collect(const stats::Group& g, const std::string& prefix) {
    for (const stats::Stat& s : g.stats())
      if (s.kind == stats::Stat::Kind::Counter) {
        paths_.push_back(prefix + s.name);
        ptrs_.push_back(s.counter);
      }
    for (const auto& c : g.children()) collect(*c, prefix + c->name() + ".");
  }

  std::vector<std::string> paths_;
  std::vector<const uint64_t*> ptrs_;
};

}  // namespace gfx::gpu
