// PostTransformCache: the input assembler's cache of recently shaded vertices, keyed by
// fetch index (index + base vertex), holding the shaded-vertex store's sequence number.
// A hit means the vertex is not fetched or shaded again.
//
// Policies (one small class, as both share the same recency list):
//   fifo  hits do not refresh an entry: the classic hardware "last N vertices" FIFO;
//   lru   a hit moves the entry to the front, so vertices shared by many triangles stay.
// Lookup is O(1) (open addressing over a power-of-two table with backward-shift deletion)
// and nothing is allocated after construction. Leaves out: timing of the lookup itself
// (one per index slot, within IaConfig::indices_per_cycle) and multi-ported banking.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gfx::ia {

class PostTransformCache {
 public:
  enum class Policy { Fifo, Lru };
  static Policy policy_of(const std::string& name) { return name == "lru" ? Policy::Lru : Policy::Fifo; }

  PostTransformCache(uint32_t entries, Policy policy);

  // True and the sequence number on a hit (an LRU hit refreshes the entry).
  bool lookup(uint32_t key, uint64_t& seq);
  // Record a freshly shaded vertex; evicts the oldest (FIFO) or least recently used entry
  // when full. No-op with zero entries.
  void insert(uint32_t key, uint64_t seq);
  // Drop one entry (the caller found it unusable).
  void erase(uint32_t key);
  void clear();
  uint32_t size() const { return size_; }

 private:
  int find_slot(uint32_t key) const;      // entry index or -1
  void unlink(int e);
  void push_front(int e);
  void table_erase(uint32_t key);

  uint32_t entries_;
  Policy policy_;
  // Entries and their recency list (head = newest, tail = the next victim).
  std::vector<uint32_t> key_;
  std::vector<uint64_t> seq_;
  std::vector<int> prev_, next_;
  int head_ = -1, tail_ = -1;
  uint32_t size_ = 0;
  // Key -> entry index; -1 empty.
  std::vector<int> table_;
  size_t mask_ = 0;
};

}  // namespace gfx::ia
