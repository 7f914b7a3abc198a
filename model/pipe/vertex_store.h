// VertexStore: the buffer of shaded vertices between the shader cores and primitive
// assembly, addressed by a run-wide sequence number. The input assembler allocates entries
// (a post-transform cache hit reuses one), the shader cores fill them and mark the cycle
// they became valid, setup reads them. An entry is recycled once no primitive that could
// still reference it is in flight; until then the input assembler stalls.
#pragma once

#include <cstdint>
#include <vector>

#include "common/types.h"
#include "func/geom/clip.h"

namespace gfx::pipe {

class VertexStore {
 public:
  explicit VertexStore(uint32_t entries) : v_(entries), ready_(entries, kNever) {}

  uint32_t capacity() const { return uint32_t(v_.size()); }
  bool can_allocate(uint32_t n) const { return next_ - oldest_ + n <= v_.size(); }
  uint64_t allocate() {
    ready_[next_ % v_.size()] = kNever;
    return next_++;
  }
  uint64_t next_seq() const { return next_; }
  uint64_t oldest() const { return oldest_; }

  func::ShadedVertex& at(uint64_t seq) { return v_[seq % v_.size()]; }
  Cycle ready_at(uint64_t seq) const { return ready_[seq % v_.size()]; }
  void set_ready(uint64_t seq, Cycle c) { ready_[seq % v_.size()] = c; }
  // Entries below `seq` are no longer needed.
  void release_below(uint64_t seq) {
    if (seq > oldest_) oldest_ = seq;
  }

 private:
  std::vector<func::ShadedVertex> v_;
  std::vector<Cycle> ready_;
  uint64_t next_ = 0, oldest_ = 0;
};

}  // namespace gfx::pipe
