#include "tess/patch_cache.h"

namespace gfx::tess {

PatchCache::PatchCache(uint32_t entries, const std::string& policy) : capture_(entries) {
  if (entries != 0) policy_ = sim::make_replacement(policy, 1, entries, "tessellator.patch_cache");
}

bool PatchCache::lookup_or_insert(uint64_t capture) {
  for (uint32_t w = 0; w < size_; ++w)
    if (capture_[w] == capture) {
      policy_->on_hit(0, w);
      return true;
    }
  if (capture_.empty()) return false;
  const uint32_t w = size_ < capture_.size() ? size_++ : policy_->victim(0, sim::Replaceable{});
  capture_[w] = capture;
  policy_->on_fill(0, w);
  return false;
}

}  // namespace gfx::tess
