#include "func/rop/hiz.h"

#include <algorithm>

#include "func/geom/quad_depth.h"
#include "func/geom/sample_positions.h"
#include "func/pipeline/stages.h"

namespace gfx::func {

namespace {
struct Surface {
  uint32_t width, height;
  api::Format format;
};
Surface surface_of(const RopState& s, const RenderTarget& rt) {
  if (const DepthSurface* ds = s.depth_surface) return {ds->width, ds->height, ds->format};
  return {rt.width, rt.height, rt.depth_format};
}
// Samples a pixel of the tested surface holds: the back buffer's count (a D3D10 view is
// single-sample, render_target.h).
uint32_t surface_samples(const RopState& s, const RenderTarget& rt) {
  return s.depth_surface ? 1 : std::max(rt.samples, 1u);
}
uint32_t stored_key(const RopState& s, const RenderTarget& rt, api::Format f, uint32_t x,
                    uint32_t y, uint32_t sample) {
  const DepthSurface* ds = s.depth_surface;
  const uint32_t bits =
      ds ? ds->depth(size_t(y) * ds->width + x) : rt.depth[rt.sample_index(x, y, sample)] >> 8;
  return depth_order_key(f, bits);
}
bool nearer_is_less(api::CmpFunc f) { return f == api::CmpFunc::Less || f == api::CmpFunc::LessEqual; }
}  // namespace

bool HiZ::applies(const RopState& s, const RenderTarget& rt) {
  const api::RenderStates& rs = s.rs;
  const bool stencil =
      rs.stencil_enable && !s.no_depth &&
      (s.depth_surface ? s.depth_surface->has_stencil() : rt.has_stencil());
  const api::CmpFunc f = rs.z_func;
  return rs.z_enable && !s.no_depth && !stencil &&
         (f == api::CmpFunc::Less || f == api::CmpFunc::LessEqual ||
          f == api::CmpFunc::Greater || f == api::CmpFunc::GreaterEqual);
}

uint64_t HiZ::tile_of(const RopState& s, const RenderTarget& rt, const Quad& q) const {
  const Surface sf = surface_of(s, rt);
  if (q.x < 0 || q.y < 0 || uint32_t(q.x) >= sf.width || uint32_t(q.y) >= sf.height)
    return kNoTile;
  const uint64_t per_row = (sf.width + tile_ - 1) / tile_;
  const uint64_t t = uint64_t(q.y / tile_) * per_row + uint64_t(q.x / tile_);
  return t < capacity_ ? t : kNoTile;
}

bool HiZ::describes(const RopState& s, const RenderTarget& rt) const {
  const Surface sf = surface_of(s, rt);
  return target_ == &rt && view_.get() == s.depth_surface && format_ == sf.format &&
         width_ == sf.width && height_ == sf.height && samples_ == surface_samples(s, rt);
}

void HiZ::take(const DrawContext& d, const RopState& s, const RenderTarget& rt) {
  const Surface sf = surface_of(s, rt);
  view_ = d.depth_surface;
  target_ = &rt;
  format_ = sf.format;
  width_ = sf.width;
  height_ = sf.height;
  samples_ = surface_samples(s, rt);
  const uint64_t tiles =
      uint64_t((sf.width + tile_ - 1) / tile_) * ((sf.height + tile_ - 1) / tile_);
  const size_t held = size_t(std::min(tiles, capacity_));
  max_.assign(held, 0);
  min_.assign(held, 0);
  current_.assign(held, 0);
}

void HiZ::invalidate() { std::fill(current_.begin(), current_.end(), uint8_t(0)); }

void HiZ::mark(uint64_t tile) {
  if (tile < current_.size()) current_[size_t(tile)] = 0;
}

void HiZ::written(const RopState& s, const RenderTarget& rt, int x, int y) {
  if (!s.rs.z_enable || !s.rs.z_write || s.no_depth || !describes(s, rt)) return;
  // Another surface's writes: the memory starts afresh when a check moves to it.
  const uint64_t per_row = (width_ + tile_ - 1) / tile_;
  for (int i = 0; i < 4; ++i) {  // the tiles of the quad's pixels (one unless tiles are 1x1)
    const int px = x + (i & 1), py = y + (i >> 1);
    if (px < 0 || py < 0 || uint32_t(px) >= width_ || uint32_t(py) >= height_) continue;
    mark(uint64_t(uint32_t(py) / tile_) * per_row + uint32_t(px) / tile_);
  }
}

bool HiZ::rejects(const DrawContext& d, const RopState& s, const RenderTarget& rt,
                  const TriangleSetup& t, const Quad& q) {
  if (!applies(s, rt)) return false;
  const uint64_t tile = tile_of(s, rt, q);
  if (tile == kNoTile) return false;
  const Surface sf = surface_of(s, rt);
  const uint32_t n = surface_samples(s, rt);
  // The ROP tests s.samples per pixel on the back buffer (rop.h); a draw whose count were
  // not the surface's is left to the exact test.
  if ((s.samples > 1 && !s.depth_surface ? s.samples : 1) != n) return false;
  if (!describes(s, rt)) take(d, s, rt);
  if (!current_[size_t(tile)]) {
    // The tile's stored depths, over every sample of its pixels inside the surface.
    const uint32_t x0 = uint32_t(q.x) / tile_ * tile_, y0 = uint32_t(q.y) / tile_ * tile_;
    const uint32_t x1 = std::min(x0 + tile_, sf.width), y1 = std::min(y0 + tile_, sf.height);
    uint32_t hi = 0, lo = ~0u;
    for (uint32_t y = y0; y < y1; ++y)
      for (uint32_t x = x0; x < x1; ++x)
        for (uint32_t k = 0; k < n; ++k) {
          const uint32_t key = stored_key(s, rt, sf.format, x, y, k);
          hi = std::max(hi, key);
          lo = std::min(lo, key);
        }
    max_[size_t(tile)] = hi;
    min_[size_t(tile)] = lo;
    current_[size_t(tile)] = 1;
    ++recomputed_;
  }
  const uint32_t farthest =
      nearer_is_less(s.rs.z_func) ? max_[size_t(tile)] : min_[size_t(tile)];
  // The quad's nearest covered sample (pixel without MSAA), at the depth the ROP would test
  // it at (rop_sample_depths: per sample, or the pixel's depth for every sample), with the
  // ROP's clamp and quantisation.
  float z[4];
  quad_depth(t, q, z);
  float sample_z[4 * kMaxSamples];
  const float* zs = n > 1 ? rop_sample_depths(d, &t, q, sample_z) : nullptr;
  const float zmin = s.viewport.min_z, zmax = api::effective_max_z(s.viewport);
  const auto may_pass = [&](float zf) {
    const float zc = zf < zmin ? zmin : (zf > zmax ? zmax : zf);
    const uint32_t k = depth_order_key(sf.format, depth_to_unorm(sf.format, zc));
    return depth_test(s.rs.z_func, k, farthest);
  };
  for (uint32_t m = q.mask & 0xFu; m; m &= m - 1) {
    const int i = __builtin_ctz(m);
    const int64_t px = int64_t(q.x) + (i & 1), py = int64_t(q.y) + (i >> 1);
    if (px >= int64_t(sf.width) || py >= int64_t(sf.height)) continue;  // never passes
    if (n == 1) {
      if (may_pass(z[i])) return false;  // this pixel might pass
      continue;
    }
    // Every covered sample (the sample mask may take some away: testing them too is only
    // more cautious).
    for (uint64_t sm = pixel_sample_bits(q.samples, i); sm; sm &= sm - 1) {
      const int k = __builtin_ctzll(sm);
      if (uint32_t(k) >= n) break;
      if (may_pass(zs ? zs[kMaxSamples * i + k] : z[i])) return false;  // this sample might
    }
  }
  return true;
}

}  // namespace gfx::func
