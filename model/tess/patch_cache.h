// PatchCache: the tessellator's cache of set-up patches, keyed by the capture a draw of a
// cached patch handle carries (driver::TessWork::capture). One fully associative set of
// `entries` ways; replacement is a sim::ReplacementPolicy chosen by name
// (tessellator.patch_cache_replacement, LRU by default). Lookup scans the ways: the cache
// is small and looked up once per tessellated draw.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/replacement/replacement_policy.h"

namespace gfx::tess {

class PatchCache {
 public:
  // `policy`: a name of sim::replacement_names(). Zero entries: nothing is ever kept.
  PatchCache(uint32_t entries, const std::string& policy);

  // True on a hit; on a miss the capture is put in (evicting the policy's victim if full).
  bool lookup_or_insert(uint64_t capture);
  uint32_t size() const { return size_; }

 private:
  std::vector<uint64_t> capture_;  // ways 0 .. size_-1 are valid (nothing is ever erased)
  uint32_t size_ = 0;
  std::unique_ptr<sim::ReplacementPolicy> policy_;  // null with zero entries
};

}  // namespace gfx::tess
