#include "func/rop/render_target.h"

#include <algorithm>
#include <cmath>

#include "api/enums.h"
#include "func/rop/target_format.h"

namespace gfx::func {

void RenderTarget::resize(uint32_t w, uint32_t h) {
  width = w;
  height = h;
  color.assign(size_t(w) * h, 0u);
  depth.assign(size_t(w) * h, depth_to_unorm(depth_format, 1.0f) << 8);
}

void RenderTarget::set_depth_format(api::Format f) {
  depth_format = f;
  depth.assign(depth.size(), depth_to_unorm(depth_format, 1.0f) << 8);
}

uint32_t depth_to_unorm(api::Format f, float z) {
  if (f != api::Format::D16) return depth_to_unorm24(z);
  if (!(z > 0.0f)) return 0;  // also NaN
  if (z >= 1.0f) return 0xFFFF;
  return uint32_t(double(z) * 65535.0 + 0.5);
}

uint32_t depth_to_unorm24(float z) {
  if (!(z > 0.0f)) return 0;  // also NaN
  if (z >= 1.0f) return 0xFFFFFF;
  // Double: 24 bits of result need more than float's 24-bit mantissa to round right.
  return uint32_t(double(z) * 16777215.0 + 0.5);
}

void clear(RenderTarget& rt, int x0, int y0, int x1, int y1, uint32_t flags, uint32_t color,
           float depth, uint32_t stencil) {
  x0 = std::max(x0, 0);
  y0 = std::max(y0, 0);
  x1 = int(std::min<int64_t>(x1, rt.width));
  y1 = int(std::min<int64_t>(y1, rt.height));
  if (x0 >= x1 || y0 >= y1) return;
  // Which depth/stencil bits the clear replaces, and with what.
  uint32_t ds_mask = 0, ds_value = 0;
  if (flags & api::ClearZBuffer) {
    ds_mask |= 0xFFFFFF00u;
    ds_value |= depth_to_unorm(rt.depth_format, depth) << 8;
  }
  if ((flags & api::ClearStencil) && rt.has_stencil()) {  // the driver rejects it otherwise
    ds_mask |= 0xFFu;
    ds_value |= stencil & 0xFFu;
  }
  for (int y = y0; y < y1; ++y) {
    const size_t row = size_t(y) * rt.width;
    if (flags & api::ClearTarget)
      std::fill(rt.color.begin() + row + x0, rt.color.begin() + row + x1, color);
    if (ds_mask) {
      for (int x = x0; x < x1; ++x) {
        uint32_t& d = rt.depth[row + x];
        d = (d & ~ds_mask) | ds_value;
      }
    }
  }
}

void clear(RenderTarget& rt, const ColorTargets& targets, int x0, int y0, int x1, int y1,
           uint32_t flags, uint32_t color, float depth, uint32_t stencil) {
  // The back buffer's colour is cleared only when it is target 0.
  const uint32_t rt_flags = targets[0] ? flags & ~uint32_t(api::ClearTarget) : flags;
  clear(rt, x0, y0, x1, y1, rt_flags, color, depth, stencil);
  if (!(flags & api::ClearTarget)) return;
  for (const auto& s : targets) {
    if (!s) continue;
    const int cx0 = std::max(x0, 0), cy0 = std::max(y0, 0);
    const int cx1 = int(std::min<int64_t>(x1, s->width)),
              cy1 = int(std::min<int64_t>(y1, s->height));
    if (!s->native.empty()) {  // another format: target_format.h converts the colour
      clear_native(*s, cx0, cy0, cx1, cy1, color);
      continue;
    }
    for (int y = cy0; y < cy1; ++y)
      std::fill(s->color.begin() + size_t(y) * s->width + cx0,
                s->color.begin() + size_t(y) * s->width + cx1, color);
  }
}

}  // namespace gfx::func
