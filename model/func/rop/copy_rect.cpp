#include "func/rop/copy_rect.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "api/texture_format.h"

namespace gfx::func {
namespace {

// The source coordinate under the centre of destination pixel d, in 1/256 of a source
// pixel from the rectangle's first pixel centre: (d + 0.5) * s / n - 0.5, exactly in
// integers (floor division; the caller clamps).
int64_t centre_256(int d, int s, int n) {
  const int64_t num = (2 * int64_t(d) + 1) * s * 256;
  return num / (2 * int64_t(n)) - 128;
}

// The source pixel point sampling picks for destination pixel d: floor((d + 0.5) * s / n).
int point_at(int d, int s, int n) { return int((2 * int64_t(d) + 1) * s / (2 * int64_t(n))); }

uint32_t lerp_argb(uint32_t c00, uint32_t c10, uint32_t c01, uint32_t c11, uint32_t fx,
                   uint32_t fy) {
  uint32_t out = 0;
  for (int shift = 0; shift < 32; shift += 8) {
    const auto ch = [&](uint32_t c) { return (c >> shift) & 0xFF; };
    const uint32_t top = ch(c00) * (256 - fx) + ch(c10) * fx;
    const uint32_t bottom = ch(c01) * (256 - fx) + ch(c11) * fx;
    const uint32_t v = (top * (256 - fy) + bottom * fy + 32768) >> 16;
    out |= v << shift;
  }
  return out;
}

void copy_argb(const uint32_t* src, uint32_t src_width, const CopyOp& op) {
  ColorSurface& dst = *op.dest;
  const int sw = op.sx1 - op.sx0, sh = op.sy1 - op.sy0;
  const int dw = op.dx1 - op.dx0, dh = op.dy1 - op.dy0;
  const bool stretch = sw != dw || sh != dh;
  const uint32_t alpha = op.opaque_alpha ? 0xFF000000u : 0u;
  // (x, y) from the rectangle's top-left pixel, or its bottom-left one with flip_y.
  const auto at = [&](int x, int y) {
    const int row = op.flip_y ? op.sy1 - 1 - y : op.sy0 + y;
    return src[size_t(row) * src_width + size_t(op.sx0 + x)];
  };
  for (int y = 0; y < dh; ++y)
    for (int x = 0; x < dw; ++x) {
      uint32_t c;
      if (!stretch || !op.linear) {
        c = at(point_at(x, sw, dw), point_at(y, sh, dh));
      } else {
        const int64_t u = std::clamp<int64_t>(centre_256(x, sw, dw), 0, int64_t(sw - 1) * 256);
        const int64_t v = std::clamp<int64_t>(centre_256(y, sh, dh), 0, int64_t(sh - 1) * 256);
        const int x0 = int(u >> 8), y0 = int(v >> 8);
        const int x1 = std::min(x0 + 1, sw - 1), y1 = std::min(y0 + 1, sh - 1);
        c = lerp_argb(at(x0, y0), at(x1, y0), at(x0, y1), at(x1, y1), uint32_t(u & 255),
                      uint32_t(v & 255));
      }
      dst.color[size_t(op.dy0 + y) * dst.width + size_t(op.dx0 + x)] = c | alpha;
    }
}

// Same format, any texel size: bytes unchanged, point sampled.
void copy_native(const ColorSurface& src, const CopyOp& op) {
  ColorSurface& dst = *op.dest;
  const api::TextureFormatInfo* info = api::texture_format_info(dst.format);
  const size_t bpp = info ? info->block_bytes : 4;
  const int sw = op.sx1 - op.sx0, sh = op.sy1 - op.sy0;
  const int dw = op.dx1 - op.dx0, dh = op.dy1 - op.dy0;
  for (int y = 0; y < dh; ++y)
    for (int x = 0; x < dw; ++x) {
      const int py = point_at(y, sh, dh);
      const size_t s = size_t(op.flip_y ? op.sy1 - 1 - py : op.sy0 + py) * src.width +
                       size_t(op.sx0 + point_at(x, sw, dw));
      const size_t d = size_t(op.dy0 + y) * dst.width + size_t(op.dx0 + x);
      std::memcpy(dst.native.data() + d * bpp, src.native.data() + s * bpp, bpp);
    }
}

}  // namespace

void copy_rect(const RenderTarget& rt, const CopyOp& op) {
  if (!op.source) {
    const std::vector<uint32_t>& back = rt.resolve();
    copy_argb(back.data(), rt.width, op);
  } else if (!op.source->color.empty() || op.source->native.empty()) {
    copy_argb(op.source->color.data(), op.source->width, op);
  } else {
    copy_native(*op.source, op);
  }
}

}  // namespace gfx::func
