// VertexDedup: the functional input assembler's "shade each distinct vertex of an instance
// once" map, from fetch index to slot in the instance's shaded-vertex array.
//
// Open addressing with linear probing over power-of-two tables that are reused from draw to
// draw, and cleared in O(1) by bumping a generation stamp, so the per-vertex loop does not
// allocate (std::unordered_map allocates a node per insert). Models no hardware: the timing
// model's post-transform cache (model/ia) decides what real hardware reshades.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace gfx::func {

class VertexDedup {
 public:
  // Forget every key; room for `keys` distinct keys without rehashing.
  void reset(uint32_t keys) {
    size_t cap = 16;
    while (cap < 2 * size_t(keys)) cap *= 2;
    if (cap > key_.size()) {
      key_.assign(cap, 0);
      value_.assign(cap, 0);
      stamp_.assign(cap, 0);
      gen_ = 0;
    }
    if (++gen_ == 0) {  // stamps wrapped: clear them for real
      std::fill(stamp_.begin(), stamp_.end(), 0);
      gen_ = 1;
    }
    mask_ = key_.size() - 1;
  }

  // The value stored for `key`, or `value` after storing it (then *fresh is true).
  uint32_t find_or_insert(uint32_t key, uint32_t value, bool* fresh) {
    size_t h = (key * 0x9E3779B1u) & mask_;
    while (stamp_[h] == gen_) {
      if (key_[h] == key) {
        *fresh = false;
        return value_[h];
      }
      h = (h + 1) & mask_;
    }
    stamp_[h] = gen_;
    key_[h] = key;
    value_[h] = value;
    *fresh = true;
    return value;
  }

 private:
  std::vector<uint32_t> key_, value_, stamp_;
  uint32_t gen_ = 0;
  size_t mask_ = 0;
};

}  // namespace gfx::func
