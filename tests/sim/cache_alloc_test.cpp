// The cache on the hot path must not allocate: a steady stream of misses through a cache
// used as a next level (the L2 as the units see it) runs with zero heap allocations.
// This binary replaces the global operator new with a counting one to check that.
#include <gtest/gtest.h>

#include <cstdlib>
#include <new>

#include "cache_util.h"
#include "fake_port.h"

namespace {
uint64_t g_allocations = 0;
}

// Out of line: GCC would otherwise inline the replaced delete into gtest's code, see free()
// called on a pointer from operator new and warn (-Wmismatched-new-delete) about a pair
// that is matched by construction here.
[[gnu::noinline]] void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace gfx::sim {
namespace {

TEST(CacheAlloc, MissesThroughTheNextLevelInterfaceDoNotAllocate) {
  test::FakePort next(1);
  next.record = false;
  Cache l2("l2", test::small_cache(), next);
  MemoryPort& port = l2;
  Cycle last = 0;
  const uint64_t before = g_allocations;
  for (Cycle t = 0; t < 100000; ++t)
    last = port.read(t, t * 64, 64, Client::Texture);  // all misses
  EXPECT_EQ(g_allocations - before, 0u);
  EXPECT_EQ(last, 99999u + 3);  // the 3-cycle lookup outlasts the 1-cycle next level
  EXPECT_EQ(l2.misses(), 100000u);
}

}  // namespace
}  // namespace gfx::sim
