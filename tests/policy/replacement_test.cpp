// Each replacement policy's exact victim sequence on a small set, driven directly through
// the ReplacementPolicy interface (on_hit, on_fill, victim), with and without ways that may
// not be replaced.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/error.h"
#include "sim/replacement/replacement_policy.h"

namespace gfx::sim {
namespace {

constexpr uint32_t kWays = 4;

std::unique_ptr<ReplacementPolicy> filled(const std::string& name, uint32_t sets = 1) {
  auto p = make_replacement(name, sets, kWays, "test");
  for (uint32_t s = 0; s < sets; ++s)
    for (uint32_t w = 0; w < kWays; ++w) p->on_fill(s, w);  // ways filled 0, 1, 2, 3
  return p;
}

// Asks for `n` victims, refilling each victim as a cache does.
std::vector<uint32_t> victims(ReplacementPolicy& p, int n, Replaceable r = {}, uint32_t set = 0) {
  std::vector<uint32_t> out;
  for (int i = 0; i < n; ++i) {
    out.push_back(p.victim(set, r));
    p.on_fill(set, out.back());
  }
  return out;
}

TEST(Replacement, LruEvictsTheLeastRecentlyUsed) {
  auto p = filled("lru");
  p->on_hit(0, 0);
  p->on_hit(0, 2);
  // Use order, oldest first: 1, 3, 0, 2; each refill becomes the newest.
  EXPECT_EQ(victims(*p, 6), (std::vector<uint32_t>{1, 3, 0, 2, 1, 3}));
  p->on_hit(0, 0);  // order now 2, 1, 3, 0
  const uint8_t not_two_or_one[kWays] = {1, 0, 0, 1};
  EXPECT_EQ(p->victim(0, Replaceable{not_two_or_one}), 3u);
}

TEST(Replacement, FifoIgnoresHits) {
  auto p = filled("fifo");
  p->on_hit(0, 0);
  p->on_hit(0, 2);
  EXPECT_EQ(victims(*p, 6), (std::vector<uint32_t>{0, 1, 2, 3, 0, 1}));
  const uint8_t only_three[kWays] = {0, 0, 0, 1};
  EXPECT_EQ(p->victim(0, Replaceable{only_three}), 3u);  // 2 is older but filling
}

TEST(Replacement, RandomIsAFixedSequencePerSet) {
  // xorshift32 from RandomPolicy::kSeed ^ (set + 1) * 0x9E3779B9, victim = state % ways.
  auto p = filled("random", 2);
  p->on_hit(0, 1);  // hits and fills do not move the generator
  EXPECT_EQ(victims(*p, 8, {}, 0), (std::vector<uint32_t>{3, 1, 2, 3, 0, 0, 2, 2}));
  EXPECT_EQ(victims(*p, 8, {}, 1), (std::vector<uint32_t>{0, 2, 2, 0, 2, 2, 3, 1}));
  // With ways 1 and 3 held: the (state % 2)-th of ways 0 and 2.
  auto q = filled("random");
  const uint8_t even[kWays] = {1, 0, 1, 0};
  EXPECT_EQ(victims(*q, 6, Replaceable{even}), (std::vector<uint32_t>{2, 2, 0, 2, 0, 0}));
}

TEST(Replacement, SrripInsertsLongHitsNearAgesToFindADistantWay) {
  auto p = filled("srrip");  // RRPV 2 2 2 2
  p->on_hit(0, 1);           // 2 0 2 2
  // No way at 3: age to 3 1 3 3, take way 0 (refill: 2 1 3 3); then way 2 (2 1 2 3); then
  // way 3 (2 1 2 2); then age to 3 2 3 3 and take way 0 (2 2 3 3); then way 2.
  EXPECT_EQ(victims(*p, 5), (std::vector<uint32_t>{0, 2, 3, 0, 2}));
  // Now 2 2 2 3. Way 3 is filling: age to 3 3 3 3 (way 3 saturates), take way 0.
  const uint8_t not_three[kWays] = {1, 1, 1, 0};
  EXPECT_EQ(p->victim(0, Replaceable{not_three}), 0u);
  p->on_fill(0, 0);                 // 2 3 3 3
  EXPECT_EQ(p->victim(0, {}), 1u);  // the first way at 3
  p->on_hit(0, 1);                  // 2 0 3 3
  const uint8_t zero_one[kWays] = {1, 1, 0, 0};
  EXPECT_EQ(p->victim(0, Replaceable{zero_one}), 0u);  // ages once: 3 1 3 3
}

TEST(Replacement, SetsAreIndependent) {
  for (const std::string& name : replacement_names()) {
    SCOPED_TRACE(name);
    auto p = filled(name, 2);
    auto q = filled(name, 1);
    p->on_hit(1, 0);  // set 1's events must not change set 0's choices
    p->on_hit(1, 3);
    (void)p->victim(1, {});
    EXPECT_EQ(victims(*p, 6, {}, 0), victims(*q, 6, {}, 0));
  }
}

TEST(Replacement, UnknownNameIsRefusedWithTheKnownOnes) {
  try {
    make_replacement("lur", 4, 2, "rop.z_cache");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "rop.z_cache: unknown replacement policy 'lur' (known: lru, fifo, random, srrip)");
  }
}

}  // namespace
}  // namespace gfx::sim
