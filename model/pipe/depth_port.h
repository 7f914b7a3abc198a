// DepthPort: what the wiring hands a stage that tests depth before shading (the early-Z
// stage), all of it the ROP's: its functional surfaces, its Z cache (the stage's lookups
// count under rop.z_cache), the address of a pixel's depth in the ROP's surface layout, and
// the RetirePort, whose report count tells which markers the ROP has performed. Owned by
// the wiring; the stage includes no ROP header.
#pragma once

#include <functional>

#include "common/types.h"
#include "func/draw_context.h"
#include "func/rop/hiz.h"
#include "func/rop/render_target.h"
#include "pipe/retire_port.h"
#include "sim/cache.h"

namespace gfx::pipe {

struct DepthPort {
  func::RenderTarget* target = nullptr;
  sim::Cache* z_cache = nullptr;
  // The Z-cache lines the ROP looks up for the depth/stencil of the quad at (x, y) of draw d
  // (the view's surface or the back buffer's): one without MSAA, every line its pixels'
  // samples lie in with it. Writes them to out (room for kMaxQuadLines), returns how many.
  static constexpr int kMaxQuadLines = 8;
  std::function<int(const func::DrawContext& d, int x, int y, Addr* out)> lines;
  const RetirePort* retired = nullptr;
  // Hi-Z (hiz.enable; null when off): the tile bounds checked before a lookup (the stage
  // reports its depth writes to it), and how many quads it checks per cycle.
  func::HiZ* hiz = nullptr;
  uint32_t hiz_quads_per_cycle = 0;
};

}  // namespace gfx::pipe
