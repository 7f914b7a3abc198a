// ReorderWindow: the producer may send item seq only inside the window that starts at the
// item the consumer needs next; each take moves the window by one.
#include "sim/reorder_window.h"

#include <gtest/gtest.h>

namespace gfx::sim {
namespace {

TEST(ReorderWindow, AdmitsExactlyTheWindowFromTheItemNeededNext) {
  ReorderWindow w(4);
  EXPECT_EQ(w.next(), 0u);
  for (uint64_t s = 0; s < 4; ++s) EXPECT_TRUE(w.can_send(s)) << s;
  EXPECT_FALSE(w.can_send(4));
  w.take();
  EXPECT_EQ(w.next(), 1u);
  EXPECT_TRUE(w.can_send(4));
  EXPECT_FALSE(w.can_send(5));
  // Items behind the window (already taken) are never refused: the oldest is always in.
  EXPECT_TRUE(w.can_send(1));
}

TEST(ReorderWindow, WindowOfOneAdmitsOnlyTheNextItem) {
  ReorderWindow w(1);
  EXPECT_TRUE(w.can_send(0));
  EXPECT_FALSE(w.can_send(1));
  w.take();
  EXPECT_TRUE(w.can_send(1));
  EXPECT_FALSE(w.can_send(2));
}

}  // namespace
}  // namespace gfx::sim
