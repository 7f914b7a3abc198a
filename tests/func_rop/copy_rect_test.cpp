// func::copy_rect, the functional half of the trace's copy_rect: exact texels of a same-size
// copy, a point-sampled 2x stretch, a linear 2:1 shrink and a linear 1:2 stretch (8-bit
// fixed-point weights), the back buffer as source (its samples averaged), X8R8G8B8 ->
// A8R8G8B8 (opaque alpha), a vertical flip and a native-format byte copy; pixels outside the
// destination rectangle keep their values.
#include "func/rop/copy_rect.h"

#include <gtest/gtest.h>

#include <memory>

#include "func/rop/clear_op.h"
#include "func/rop/render_target.h"

namespace gfx::func {
namespace {

std::shared_ptr<ColorSurface> surface(uint32_t w, uint32_t h, uint32_t fill) {
  auto s = std::make_shared<ColorSurface>();
  s->width = w;
  s->height = h;
  s->color.assign(size_t(w) * h, fill);
  return s;
}

TEST(CopyRect, SameSizeCopiesTheRectangleOnly) {
  auto src = surface(4, 4, 0);
  for (uint32_t i = 0; i < 16; ++i) src->color[i] = 0xFF000000u | i;
  auto dst = surface(4, 4, 0xDEADBEEF);
  CopyOp op;
  op.source = src;
  op.dest = dst;
  op.sx0 = 1, op.sy0 = 2, op.sx1 = 3, op.sy1 = 4;  // 2x2 from (1, 2)
  op.dx0 = 0, op.dy0 = 1, op.dx1 = 2, op.dy1 = 3;
  RenderTarget rt;
  copy_rect(rt, op);
  EXPECT_EQ(dst->color[0], 0xDEADBEEFu);
  EXPECT_EQ(dst->color[4], 0xFF000009u);  // (0, 1) <- (1, 2)
  EXPECT_EQ(dst->color[5], 0xFF00000Au);  // (1, 1) <- (2, 2)
  EXPECT_EQ(dst->color[8], 0xFF00000Du);  // (0, 2) <- (1, 3)
  EXPECT_EQ(dst->color[9], 0xFF00000Eu);  // (1, 2) <- (2, 3)
  EXPECT_EQ(dst->color[6], 0xDEADBEEFu);
  EXPECT_EQ(dst->color[12], 0xDEADBEEFu);
}

TEST(CopyRect, PointStretchRepeatsEachSourcePixel) {
  auto src = surface(2, 2, 0);
  src->color = {0xFF0000FF, 0xFF00FF00, 0xFFFF0000, 0xFFFFFFFF};
  auto dst = surface(4, 4, 0);
  CopyOp op;
  op.source = src;
  op.dest = dst;
  op.sx1 = op.sy1 = 2;
  op.dx1 = op.dy1 = 4;
  copy_rect(RenderTarget{}, op);
  const std::vector<uint32_t> want = {0xFF0000FF, 0xFF0000FF, 0xFF00FF00, 0xFF00FF00,
                                      0xFF0000FF, 0xFF0000FF, 0xFF00FF00, 0xFF00FF00,
                                      0xFFFF0000, 0xFFFF0000, 0xFFFFFFFF, 0xFFFFFFFF,
                                      0xFFFF0000, 0xFFFF0000, 0xFFFFFFFF, 0xFFFFFFFF};
  EXPECT_EQ(dst->color, want);
}

TEST(CopyRect, LinearShrinkAveragesTwoByTwo) {
  // 4x2 -> 2x1: each destination centre falls between four source centres, weights 1/2.
  auto src = surface(4, 2, 0);
  src->color = {0xFF000000, 0xFF0000FF, 0x00FF0000, 0x00FF0001,
                0xFF000000, 0xFF000001, 0x00000000, 0x00000000};
  auto dst = surface(2, 1, 0);
  CopyOp op;
  op.source = src;
  op.dest = dst;
  op.sx1 = 4, op.sy1 = 2;
  op.dx1 = 2, op.dy1 = 1;
  op.linear = true;
  copy_rect(RenderTarget{}, op);
  // Blue (0 + 255 + 0 + 1) / 4 = 64 exactly (weights 128/256 each way, rounded once).
  EXPECT_EQ(dst->color[0], 0xFF000040u);
  EXPECT_EQ(dst->color[1], 0x00800000u);  // red (255 + 255 + 0 + 0) / 4 rounds to 0x80
}

TEST(CopyRect, LinearStretchWeighsQuarters) {
  // 2x1 -> 4x1: centres at u = -0.25 (clamped to 0), 0.25, 0.75, 1.25 (clamped to 1).
  auto src = surface(2, 1, 0);
  src->color = {0xFF000000, 0xFF0000FF};
  auto dst = surface(4, 1, 0);
  CopyOp op;
  op.source = src;
  op.dest = dst;
  op.sx1 = 2, op.sy1 = 1;
  op.dx1 = 4, op.dy1 = 1;
  op.linear = true;
  copy_rect(RenderTarget{}, op);
  // 255 * 64 / 256 = 63.75 -> 64; 255 * 192 / 256 = 191.25 -> 191.
  EXPECT_EQ(dst->color, (std::vector<uint32_t>{0xFF000000, 0xFF000040, 0xFF0000BF, 0xFF0000FF}));
}

TEST(CopyRect, BackBufferSourceIsResolvedAndXrgbBecomesOpaque) {
  RenderTarget rt;
  rt.resize(2, 1);
  rt.set_samples(2);
  rt.color = {0x00000000, 0x000000FF, 0x10203040, 0x10203040};  // pixel 0's samples differ
  auto dst = surface(2, 1, 0);
  CopyOp op;
  op.dest = dst;
  op.sx1 = 2, op.sy1 = 1;
  op.dx1 = 2, op.dy1 = 1;
  op.opaque_alpha = true;
  ClearOp clear;
  clear.copy = std::make_shared<CopyOp>(op);
  func::clear(rt, clear);  // the marker's way in
  EXPECT_EQ(dst->color, (std::vector<uint32_t>{0xFF000080, 0xFF203040}));
}

TEST(CopyRect, FlipYReadsTheBottomRowFirst) {
  auto src = surface(2, 4, 0);
  for (uint32_t i = 0; i < 8; ++i) src->color[i] = 0xFF000000u | i;
  auto dst = surface(2, 3, 0);
  CopyOp op;
  op.source = src;
  op.dest = dst;
  op.sy0 = 1, op.sx1 = 2, op.sy1 = 4;  // rows 1..3
  op.dx1 = 2, op.dy1 = 3;
  op.flip_y = true;
  copy_rect(RenderTarget{}, op);
  EXPECT_EQ(dst->color, (std::vector<uint32_t>{0xFF000006, 0xFF000007, 0xFF000004, 0xFF000005,
                                               0xFF000002, 0xFF000003}));
}

TEST(CopyRect, NativeFormatsCopyTheirBytes) {
  auto src = std::make_shared<ColorSurface>();
  src->width = 2, src->height = 1, src->format = api::Format::R5G6B5;
  src->native = {0x11, 0x22, 0x33, 0x44};
  auto dst = std::make_shared<ColorSurface>();
  dst->width = 3, dst->height = 1, dst->format = api::Format::R5G6B5;
  dst->native = {0, 0, 0, 0, 0, 0};
  CopyOp op;
  op.source = src;
  op.dest = dst;
  op.sx0 = 1, op.sx1 = 2, op.sy1 = 1;
  op.dx0 = 1, op.dx1 = 3, op.dy1 = 1;  // one pixel stretched to two, point
  copy_rect(RenderTarget{}, op);
  EXPECT_EQ(dst->native, (std::vector<uint8_t>{0, 0, 0x33, 0x44, 0x33, 0x44}));
}

}  // namespace
}  // namespace gfx::func
