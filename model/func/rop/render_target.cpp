#include "func/rop/render_target.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "api/enums.h"
#include "func/rop/clear_op.h"
#include "func/rop/target_format.h"

namespace gfx::func {

void RenderTarget::resize(uint32_t w, uint32_t h) {
  width = w;
  height = h;
  color.assign(size_t(w) * h * samples, 0u);
  depth.assign(size_t(w) * h * samples, depth_to_unorm(depth_format, 1.0f) << 8);
}

void RenderTarget::set_samples(uint32_t n) {
  samples = n;
  resize(width, height);
}

const std::vector<uint32_t>& RenderTarget::resolve() const {
  if (samples == 1) return color;
  resolved_.resize(size_t(width) * height);
  const uint32_t n = samples;
  for (size_t p = 0; p < resolved_.size(); ++p) {
    const uint32_t* c = &color[p * n];
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
      uint32_t sum = 0;
      for (uint32_t s = 0; s < n; ++s) sum += c[s] >> shift & 0xFFu;
      out |= (2 * sum + n) / (2 * n) << shift;  // round(sum / n), ties up
    }
    resolved_[p] = out;
  }
  return resolved_;
}

void RenderTarget::set_depth_format(api::Format f) {
  depth_format = f;
  depth.assign(depth.size(), depth_to_unorm(depth_format, 1.0f) << 8);
}

uint32_t depth_to_unorm(api::Format f, float z) {
  if (f == api::Format::D32_FLOAT) {
    if (std::isnan(z) || z == 0.0f) return 0;  // NaN and -0 as +0
    uint32_t bits;
    std::memcpy(&bits, &z, 4);
    return bits;
  }
  if (f != api::Format::D16 && f != api::Format::D16_UNORM) return depth_to_unorm24(z);
  if (!(z > 0.0f)) return 0;  // also NaN
  if (z >= 1.0f) return 0xFFFF;
  return uint32_t(double(z) * 65535.0 + 0.5);
}

uint32_t depth_order_key(api::Format f, uint32_t bits) {
  if (f != api::Format::D32_FLOAT) return bits;
  // Negative floats order backwards by their bits: flip them all; positive ones above.
  return bits & 0x80000000u ? ~bits : bits | 0x80000000u;
}

namespace {
uint32_t load32(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
void store32(uint8_t* p, uint32_t v) {
  for (int k = 0; k < 4; ++k) p[k] = uint8_t(v >> (8 * k));
}
}  // namespace

uint32_t DepthSurface::depth(size_t index) const {
  if (format == api::Format::D16_UNORM)
    return uint32_t(native[2 * index]) | uint32_t(native[2 * index + 1]) << 8;
  const uint32_t w = load32(&native[4 * index]);
  return format == api::Format::D24_UNORM_S8_UINT ? w & 0xFFFFFFu : w;
}

uint8_t DepthSurface::stencil(size_t index) const {
  return has_stencil() ? native[4 * index + 3] : 0;
}

void DepthSurface::store(size_t index, uint32_t depth_bits, uint8_t stencil) {
  if (format == api::Format::D16_UNORM) {
    native[2 * index] = uint8_t(depth_bits);
    native[2 * index + 1] = uint8_t(depth_bits >> 8);
    return;
  }
  store32(&native[4 * index],
          has_stencil() ? (depth_bits & 0xFFFFFFu) | uint32_t(stencil) << 24 : depth_bits);
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
  // A pixel's samples are adjacent, so the rectangle's row is one run of words.
  const size_t n = rt.samples;
  for (int y = y0; y < y1; ++y) {
    const size_t first = (size_t(y) * rt.width + size_t(x0)) * n;
    const size_t last = (size_t(y) * rt.width + size_t(x1)) * n;
    if (flags & api::ClearTarget)
      std::fill(rt.color.begin() + ptrdiff_t(first), rt.color.begin() + ptrdiff_t(last), color);
    if (ds_mask) {
      for (size_t i = first; i < last; ++i) {
        uint32_t& d = rt.depth[i];
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

namespace {

// D3D10's clears: every pixel of the rectangle (already the view's whole surface).
void clear_depth_surface(DepthSurface& s, const ClearOp& op) {
  const int x1 = int(std::min<int64_t>(op.x1, s.width)),
            y1 = int(std::min<int64_t>(op.y1, s.height));
  const uint32_t z = depth_to_unorm(s.format, op.depth);
  for (int y = std::max(op.y0, 0); y < y1; ++y)
    for (int x = std::max(op.x0, 0); x < x1; ++x) {
      const size_t i = size_t(y) * s.width + size_t(x);
      const uint32_t d = op.flags & api::ClearZBuffer ? z : s.depth(i);
      const uint8_t st = op.flags & api::ClearStencil ? uint8_t(op.stencil) : s.stencil(i);
      s.store(i, d, st);
    }
}

void clear_float_color(RenderTarget& rt, const ClearOp& op) {
  const Vec4 c{op.rgba[0], op.rgba[1], op.rgba[2], op.rgba[3]};
  for (int t = 0; t < kMaxRenderTargets; ++t) {
    ColorSurface* s = op.color_targets[size_t(t)].get();
    if (!s && t != 0) continue;
    const uint32_t w = s ? s->width : rt.width, h = s ? s->height : rt.height;
    const int x0 = std::max(op.x0, 0), y0 = std::max(op.y0, 0);
    const int x1 = int(std::min<int64_t>(op.x1, w)), y1 = int(std::min<int64_t>(op.y1, h));
    for (int y = y0; y < y1; ++y)
      for (int x = x0; x < x1; ++x) {
        const size_t i = size_t(y) * w + size_t(x);
        if (s && !s->native.empty())
          write_native(*s, i, c, 0xF, nullptr);
        else if (s)
          s->color[i] = pack_argb(c);
        else  // the back buffer: every sample
          std::fill_n(rt.color.begin() + ptrdiff_t(i * rt.samples), rt.samples, pack_argb(c));
      }
  }
}

}  // namespace

void clear(RenderTarget& rt, const ClearOp& op) {
  if (op.copy) {
    copy_rect(rt, *op.copy);
    return;
  }
  if (op.resolve_into) {  // the driver checked the size and the format
    op.resolve_into->color = rt.resolve();
    return;
  }
  if (op.flags & api::ClearTarget) {
    if (op.float_color)
      clear_float_color(rt, op);
    else
      clear(rt, op.color_targets, op.x0, op.y0, op.x1, op.y1, api::ClearTarget, op.color, 0.0f,
            0);
  }
  const uint32_t ds_flags = op.flags & (api::ClearZBuffer | api::ClearStencil);
  if (!ds_flags) return;
  if (op.depth_surface)
    clear_depth_surface(*op.depth_surface, op);
  else  // the back buffer's depth/stencil
    clear(rt, op.x0, op.y0, op.x1, op.y1, ds_flags, 0, op.depth, op.stencil);
}

}  // namespace gfx::func
