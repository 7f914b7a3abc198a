#include "ia/post_transform_cache.h"

#include <algorithm>

namespace gfx::ia {

namespace {
size_t hash_of(uint32_t key) { return size_t(key * 0x9E3779B1u); }
}  // namespace

PostTransformCache::PostTransformCache(uint32_t entries, const std::string& policy)
    : entries_(entries), key_(entries), seq_(entries), valid_(entries, 0) {
  if (entries_ != 0)
    policy_ = sim::make_replacement(policy, 1, entries_, "ia.post_transform_cache");
  free_.reserve(entries_);
  size_t cap = 16;
  while (cap < 2 * size_t(entries)) cap *= 2;
  table_.assign(cap, -1);
  mask_ = cap - 1;
  clear();
}

int PostTransformCache::find_slot(uint32_t key) const {
  for (size_t h = hash_of(key) & mask_;; h = (h + 1) & mask_) {
    const int e = table_[h];
    if (e < 0) return -1;
    if (key_[e] == key) return e;
  }
}

void PostTransformCache::table_insert(uint32_t key, int e) {
  for (size_t h = hash_of(key) & mask_;; h = (h + 1) & mask_)
    if (table_[h] < 0) {
      table_[h] = e;
      return;
    }
}

void PostTransformCache::table_erase(uint32_t key) {
  size_t h = hash_of(key) & mask_;
  while (key_[table_[h]] != key) h = (h + 1) & mask_;
  // Backward-shift deletion keeps every probe chain unbroken without tombstones.
  size_t hole = h;
  for (size_t j = (h + 1) & mask_; table_[j] >= 0; j = (j + 1) & mask_) {
    const size_t home = hash_of(key_[table_[j]]) & mask_;
    // Move j into the hole when its home does not lie cyclically in (hole, j].
    const bool stays = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
    if (!stays) {
      table_[hole] = table_[j];
      hole = j;
    }
  }
  table_[hole] = -1;
}

bool PostTransformCache::lookup(uint32_t key, uint64_t& seq) {
  if (size_ == 0) return false;
  const int e = find_slot(key);
  if (e < 0) return false;
  seq = seq_[e];
  policy_->on_hit(0, uint32_t(e));
  return true;
}

void PostTransformCache::insert(uint32_t key, uint64_t seq) {
  if (entries_ == 0) return;
  int e = find_slot(key);
  if (e >= 0) {  // re-shaded after being found unusable: refresh in place, as a new fill
    seq_[e] = seq;
    policy_->on_fill(0, uint32_t(e));
    return;
  }
  if (free_.empty()) {  // full: every way is valid, as the policy assumes
    e = int(policy_->victim(0, sim::Replaceable{}));
    table_erase(key_[e]);
  } else {
    e = int(free_.back());
    free_.pop_back();
    valid_[e] = 1;
    ++size_;
  }
  key_[e] = key;
  seq_[e] = seq;
  policy_->on_fill(0, uint32_t(e));
  table_insert(key, e);
}

void PostTransformCache::erase(uint32_t key) {
  const int e = find_slot(key);
  if (e < 0) return;
  table_erase(key);
  valid_[e] = 0;
  free_.push_back(uint32_t(e));
  --size_;
}

void PostTransformCache::clear() {
  for (uint32_t e = 0; e < entries_; ++e)
    if (valid_[e]) table_erase(key_[e]);
  std::fill(valid_.begin(), valid_.end(), 0);
  // Free ways are taken from the back: way 0 first.
  free_.clear();
  for (uint32_t e = entries_; e-- > 0;) free_.push_back(e);
  size_ = 0;
}

}  // namespace gfx::ia
