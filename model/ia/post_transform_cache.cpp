#include "ia/post_transform_cache.h"

namespace gfx::ia {

namespace {
size_t hash_of(uint32_t key) { return size_t(key * 0x9E3779B1u); }
}  // namespace

PostTransformCache::PostTransformCache(uint32_t entries, Policy policy)
    : entries_(entries), policy_(policy), key_(entries), seq_(entries), prev_(entries, -1),
      next_(entries, -1) {
  size_t cap = 16;
  while (cap < 2 * size_t(entries)) cap *= 2;
  table_.assign(cap, -1);
  mask_ = cap - 1;
}

int PostTransformCache::find_slot(uint32_t key) const {
  for (size_t h = hash_of(key) & mask_;; h = (h + 1) & mask_) {
    const int e = table_[h];
    if (e < 0) return -1;
    if (key_[e] == key) return e;
  }
}

void PostTransformCache::unlink(int e) {
  if (prev_[e] >= 0) next_[prev_[e]] = next_[e]; else head_ = next_[e];
  if (next_[e] >= 0) prev_[next_[e]] = prev_[e]; else tail_ = prev_[e];
  prev_[e] = next_[e] = -1;
}

void PostTransformCache::push_front(int e) {
  prev_[e] = -1;
  next_[e] = head_;
  if (head_ >= 0) prev_[head_] = e; else tail_ = e;
  head_ = e;
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
  if (policy_ == Policy::Lru && head_ != e) {
    unlink(e);
    push_front(e);
  }
  return true;
}

void PostTransformCache::insert(uint32_t key, uint64_t seq) {
  if (entries_ == 0) return;
  int e = find_slot(key);
  if (e >= 0) {  // re-shaded after being found unusable: refresh in place
    seq_[e] = seq;
    unlink(e);
    push_front(e);
    return;
  }
  if (size_ == entries_) {
    e = tail_;
    table_erase(key_[e]);
    unlink(e);
  } else {
    e = int(size_++);
  }
  key_[e] = key;
  seq_[e] = seq;
  push_front(e);
  for (size_t h = hash_of(key) & mask_;; h = (h + 1) & mask_)
    if (table_[h] < 0) {
      table_[h] = e;
      break;
    }
}

void PostTransformCache::erase(uint32_t key) {
  const int e = find_slot(key);
  if (e < 0) return;
  table_erase(key);
  unlink(e);
  // Keep entries dense: move the last entry into the freed index.
  const int last = int(--size_);
  if (e != last) {
    const int p = prev_[last], n = next_[last];
    key_[e] = key_[last];
    seq_[e] = seq_[last];
    prev_[e] = p;
    next_[e] = n;
    if (p >= 0) next_[p] = e; else head_ = e;
    if (n >= 0) prev_[n] = e; else tail_ = e;
    for (size_t h = hash_of(key_[e]) & mask_;; h = (h + 1) & mask_)
      if (table_[h] == last) {
        table_[h] = e;
        break;
      }
    prev_[last] = next_[last] = -1;
  }
}

void PostTransformCache::clear() {
  for (uint32_t e = 0; e < size_; ++e) table_erase(key_[e]);
  size_ = 0;
  head_ = tail_ = -1;
}

}  // namespace gfx::ia
