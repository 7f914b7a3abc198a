// PostTransformCache: the input assembler's cache of recently shaded vertices, keyed by
// fetch index (index + base vertex), holding the shaded-vertex store's sequence number.
// A hit means the vertex is not fetched or shaded again.
//
// It is one fully associative set of `entries` ways whose replacement is a
// sim::ReplacementPolicy chosen by name (ia.post_transform_policy), e.g.
//   fifo  hits do not refresh an entry: the classic hardware "last N vertices" FIFO;
//   lru   a hit moves the entry to the front, so vertices shared by many triangles stay.
// Lookup is O(1) (open addressing over a power-of-two table with backward-shift deletion)
// and nothing is allocated after construction. Leaves out: timing of the lookup itself
// (one per index slot, within IaConfig::indices_per_cycle) and multi-ported banking.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/replacement/replacement_policy.h"

namespace gfx::ia {

class PostTransformCache {
 public:
  // `policy`: a name of sim::replacement_names().
  PostTransformCache(uint32_t entries, const std::string& policy);

  // True and the sequence number on a hit (the policy sees the hit).
  bool lookup(uint32_t key, uint64_t& seq);
  // Record a freshly shaded vertex; when full, evicts the entry the policy picks. No-op
  // with zero entries.
  void insert(uint32_t key, uint64_t seq);
  // Drop one entry (the caller found it unusable).
  void erase(uint32_t key);
  void clear();
  uint32_t size() const { return size_; }

 private:
  int find_slot(uint32_t key) const;  // entry index or -1
  void table_insert(uint32_t key, int e);
  void table_erase(uint32_t key);

  uint32_t entries_;
  std::unique_ptr<sim::ReplacementPolicy> policy_;  // null with zero entries
  // Entries (the ways of the one set) and the ways not holding a vertex, taken from the back.
  std::vector<uint32_t> key_;
  std::vector<uint64_t> seq_;
  std::vector<uint8_t> valid_;
  std::vector<uint32_t> free_;
  uint32_t size_ = 0;
  // Key -> entry index; -1 empty.
  std::vector<int> table_;
  size_t mask_ = 0;
};

}  // namespace gfx::ia
