// LRU and FIFO keep their order as a linked list per set (sim/replacement/recency_list.h).
// They must give the victims of a plain reference model (a vector of ways, most recent
// first) on a long random sequence of hits, fills and victim requests with some ways not
// replaceable, in sets from one way to the widths of the fully associative caches.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "sim/replacement/replacement_policy.h"

namespace gfx::sim {
namespace {

struct Reference {
  std::vector<std::vector<uint32_t>> order;  // per set, front (newest) first
  Reference(uint32_t sets, uint32_t ways) : order(sets) {
    for (auto& o : order)
      for (uint32_t w = 0; w < ways; ++w) o.push_back(w);
  }
  void to_front(uint32_t set, uint32_t way) {
    auto& o = order[set];
    o.erase(std::find(o.begin(), o.end(), way));
    o.insert(o.begin(), way);
  }
  uint32_t victim(uint32_t set, Replaceable r) const {
    const auto& o = order[set];
    for (auto it = o.rbegin(); it != o.rend(); ++it)
      if (r(*it)) return *it;
    return UINT32_MAX;
  }
};

void check_policy(const std::string& name, uint32_t ways) {
  SCOPED_TRACE(name + " with " + std::to_string(ways) + " ways");
  constexpr uint32_t kSets = 3;
  auto p = make_replacement(name, kSets, ways, "test");
  Reference ref(kSets, ways);
  const bool hits_move = name == "lru";
  std::mt19937 rng(7);
  std::vector<uint8_t> flags(ways);
  for (int step = 0; step < 20000; ++step) {
    const uint32_t set = rng() % kSets, way = rng() % ways;
    switch (rng() % 3) {
      case 0:
        p->on_hit(set, way);
        if (hits_move) ref.to_front(set, way);
        break;
      case 1:
        p->on_fill(set, way);
        ref.to_front(set, way);
        break;
      default: {
        Replaceable r;
        if (rng() % 2) {
          for (auto& f : flags) f = rng() % 4 != 0;
          flags[way] = 1;  // at least one replaceable way
          r.flags = flags.data();
        }
        const uint32_t v = p->victim(set, r);
        ASSERT_EQ(v, ref.victim(set, r)) << "step " << step;
        p->on_fill(set, v);
        ref.to_front(set, v);
      }
    }
  }
}

TEST(RecencyOrder, LruAndFifoGiveTheReferenceOrder) {
  for (const char* name : {"lru", "fifo"})
    for (uint32_t ways : {1u, 2u, 4u, 16u, 17u, 64u}) check_policy(name, ways);
}

}  // namespace
}  // namespace gfx::sim
