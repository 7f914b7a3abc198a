// ReplacementPolicy: which way of a set a cache replaces. Every cache of the timing model
// (sim::Cache for the unit caches and the L2, the input assembler's post-transform cache,
// the tessellator's patch cache) keeps its tags itself and asks one of these for the
// order of its ways:
//   on_hit   a lookup found the line in `way`;
//   on_fill  a new line was put into `way` (also a refill of a line already there);
//   victim   the way to replace when every way of the set holds a valid line.
// Caches fill invalid ways first (lowest way first) without asking the policy, so a policy
// only ranks valid lines. The policies live one per file in this folder and are made by
// name through make_replacement() (replacement_table.cpp), whose names are also the
// `replacement` choices of the config schema.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gfx::sim {

// The ways of one set a victim may be taken from. `flags` is null when every way may be
// replaced, else it holds one flag per way (at least one set): a cache passes it when some
// lines are still being filled and must stay.
struct Replaceable {
  const uint8_t* flags = nullptr;
  bool operator()(uint32_t way) const { return !flags || flags[way]; }
};

class ReplacementPolicy {
 public:
  virtual ~ReplacementPolicy() = default;
  virtual void on_hit(uint32_t set, uint32_t way) = 0;
  virtual void on_fill(uint32_t set, uint32_t way) = 0;
  // A way of `set` for which `replaceable` holds.
  virtual uint32_t victim(uint32_t set, Replaceable replaceable) = 0;
};

// The policy called `name` for a cache of `sets` sets of `ways` ways. Throws gfx::Error
// naming `owner` (the cache, for the message) and the known policies for an unknown name;
// the config schema refuses unknown names before a cache is built.
std::unique_ptr<ReplacementPolicy> make_replacement(const std::string& name, uint32_t sets,
                                                    uint32_t ways, const std::string& owner);
// The known policy names, in table order (the config schema's choices).
const std::vector<std::string>& replacement_names();

}  // namespace gfx::sim
