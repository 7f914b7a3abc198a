#include "func/rop/rop.h"

#include <algorithm>

#include "func/draw_context.h"
#include "func/rop/blend.h"
#include "func/rop/stencil.h"
#include "func/rop/target_format.h"

namespace gfx::func {

bool depth_test(api::CmpFunc f, uint32_t fresh, uint32_t stored) {
  using api::CmpFunc;
  switch (f) {
    case CmpFunc::Never: return false;
    case CmpFunc::Less: return fresh < stored;
    case CmpFunc::Equal: return fresh == stored;
    case CmpFunc::LessEqual: return fresh <= stored;
    case CmpFunc::Greater: return fresh > stored;
    case CmpFunc::NotEqual: return fresh != stored;
    case CmpFunc::GreaterEqual: return fresh >= stored;
    case CmpFunc::Always: return true;
  }
  return false;
}

uint8_t alpha_test_mask(const api::RenderStates& rs, const Vec4* color0, uint8_t mask) {
  if (!rs.alpha_test_enable) return mask;
  uint8_t pass = 0;
  for (uint32_t m = mask & 0xFu; m; m &= m - 1) {
    const int i = __builtin_ctz(m);
    // oC0's alpha quantised to 8 bits, as the unorm target would store it (no oC0: 0).
    const uint32_t a8 = color0 ? pack_argb(color0[i]) >> 24 : 0;
    if (depth_test(rs.alpha_func, a8, rs.alpha_ref)) pass |= uint8_t(1u << i);
  }
  return pass;
}

uint8_t rop_quad(const RopState& s, RenderTarget& rt, const Quad& q, uint8_t live_mask,
                 const float z[4], const Vec4 color[4], bool ccw) {
  const Vec4* const colors[kMaxRenderTargets] = {color, nullptr, nullptr, nullptr};
  return rop_quad_mrt(s, rt, q, live_mask, z, colors, ccw);
}

namespace {

// Blend and masked write of one pixel's colour into a target word.
inline void write_color(bool blend, const BlendMode& mode, uint8_t write_mask, const Vec4& color,
                        uint32_t& c) {
  uint32_t fresh = pack_argb(color);  // a unorm target stores 8 bits: quantise first
  if (blend) fresh = blend_argb(mode, fresh, c);
  c = apply_write_mask(write_mask, fresh, c);
}

}  // namespace

RopState rop_state_of(const DrawContext& d) {
  RopState s{d.render_states, d.raster.viewport, {}};
  s.samples = d.raster.samples;
  s.sample_mask = d.sample_mask;
  s.alpha_to_coverage = d.alpha_to_coverage;
  for (int t = 0; t < kMaxRenderTargets; ++t)
    s.targets[size_t(t)] = d.color_targets[size_t(t)].get();
  s.depth_surface = d.depth_surface.get();
  s.no_depth = d.no_depth;
  return s;
}

namespace {

// The render area: the bound surfaces' size (the driver makes them agree), else the back
// buffer's; a pixel outside it and outside the back buffer is ignored.
bool in_render_area(const RopState& s, const RenderTarget& rt, int64_t px, int64_t py) {
  const ColorSurface* first = nullptr;
  for (const ColorSurface* t : s.targets)
    if (t && !first) first = t;
  const DepthSurface* ds = s.depth_surface;
  const int64_t area_w = ds ? ds->width : first ? first->width : rt.width;
  const int64_t area_h = ds ? ds->height : first ? first->height : rt.height;
  return px >= 0 && py >= 0 && px < std::max<int64_t>(area_w, rt.width) &&
         py < std::max<int64_t>(area_h, rt.height);
}

}  // namespace

uint8_t depth_stencil_quad(const RopState& s, RenderTarget& rt, const Quad& q, uint8_t mask,
                           const float z[4], bool ccw, const float* sample_z,
                           uint64_t* passed_samples) {
  const api::RenderStates& rs = s.rs;
  const float zmin = s.viewport.min_z;
  const float zmax = api::effective_max_z(s.viewport);
  DepthSurface* ds = s.depth_surface;
  const api::Format depth_format = ds ? ds->format : rt.depth_format;
  // Without stencil bits the stencil test is off (the driver rejects stencil_enable on
  // D3D9's stencil-less surfaces; D3D10 passes it).
  const bool stencil =
      rs.stencil_enable && !s.no_depth && (ds ? ds->has_stencil() : rt.has_stencil());
  const bool ztest = rs.z_enable && !s.no_depth;
  const StencilFace face = stencil_face(rs, ccw);
  // Stencil and depth test and write of one stored word: the back buffer's (rt.depth[at])
  // or the view's (ds_at); true when it passed both.
  const auto test = [&](size_t at, size_t ds_at, float zs) {
    uint32_t stored = ds ? ds->depth(ds_at) : rt.depth[at] >> 8;
    const uint8_t st = ds ? ds->stencil(ds_at) : uint8_t(rt.depth[at] & 0xFFu);
    uint8_t new_st = st;
    const auto set_stencil = [&](api::StencilOp op) {
      new_st = stencil_apply(op, st, rs.stencil_ref, rs.stencil_write_mask);
    };
    const auto store = [&] {
      if (ds)
        ds->store(ds_at, stored, new_st);
      else
        rt.depth[at] = (stored << 8) | new_st;
    };
    if (stencil && !stencil_test(face.func, rs.stencil_ref, rs.stencil_mask, st)) {
      set_stencil(face.fail);
      store();
      return false;
    }
    if (ztest) {
      // std::clamp would pass NaN through; depth_to_unorm maps NaN to 0.
      const float zc = zs < zmin ? zmin : (zs > zmax ? zmax : zs);
      const uint32_t zq = depth_to_unorm(depth_format, zc);
      if (!depth_test(rs.z_func, depth_order_key(depth_format, zq),
                      depth_order_key(depth_format, stored))) {
        if (stencil) {
          set_stencil(face.zfail);
          store();
        }
        return false;
      }
      if (rs.z_write) stored = zq;
    }
    if (stencil) set_stencil(face.pass);
    if ((ztest && rs.z_write) || stencil) store();
    return true;
  };
  // MSAA: the back buffer's samples (the driver binds no view or texture with it).
  const uint32_t n = s.samples > 1 && !ds ? s.samples : 1;
  uint8_t passed = 0;
  uint64_t passed_s = 0;
  if (n == 1 && !(s.sample_mask & 1)) mask = 0;  // the mask's bit 0 gates every pixel
  for (uint32_t m = mask & q.mask & 0xFu; m; m &= m - 1) {
    const int i = __builtin_ctz(m);
    const int64_t px = int64_t(q.x) + (i & 1), py = int64_t(q.y) + (i >> 1);
    if (!in_render_area(s, rt, px, py)) continue;
    if (n > 1) {  // each covered sample on its own, at its own depth
      if (px >= rt.width || py >= rt.height) continue;
      const size_t base = size_t(py) * rt.width + size_t(px);
      for (uint64_t sm = pixel_sample_bits(q.samples, i) & s.sample_mask; sm; sm &= sm - 1) {
        const int k = __builtin_ctzll(sm);
        if (uint32_t(k) >= n) break;
        const float zs = sample_z ? sample_z[kMaxSamples * i + k] : z[i];
        if ((ztest || stencil) && !test(base * n + size_t(k), 0, zs)) continue;
        passed |= uint8_t(1u << i);
        passed_s |= uint64_t(1) << (kMaxSamples * i + k);
      }
      continue;
    }
    if (ztest || stencil) {
      const bool in_rt = px < rt.width && py < rt.height;  // inside the back buffer
      const size_t at = in_rt ? size_t(py) * rt.width + size_t(px) : 0;
      // The pixel's depth/stencil: in the view's surface or the back buffer's.
      const size_t ds_at = ds ? size_t(py) * ds->width + size_t(px) : at;
      if (ds ? (px >= ds->width || py >= ds->height) : !in_rt) continue;
      if (!test(at, ds_at, z[i])) continue;
    }
    passed |= uint8_t(1u << i);
    passed_s |= uint64_t(1) << (kMaxSamples * i);
  }
  if (passed_samples) *passed_samples = passed_s;
  return passed;
}

void color_quad_mrt(const RopState& s, RenderTarget& rt, const Quad& q, uint8_t mask,
                    const Vec4* const colors[kMaxRenderTargets]) {
  const api::RenderStates& rs = s.rs;
  const BlendMode mode = blend_mode(rs);
  // MSAA: the back buffer's colour takes the pixel's colour in each sample of q.samples
  // (each blended with its own stored value); texture targets are single-sample.
  const uint32_t n = s.samples > 1 ? s.samples : 1;
  for (uint32_t m = mask & q.mask & 0xFu; m; m &= m - 1) {
    const int i = __builtin_ctz(m);
    const int64_t px = int64_t(q.x) + (i & 1), py = int64_t(q.y) + (i >> 1);
    if (px < 0 || py < 0) continue;
    const bool in_rt = px < rt.width && py < rt.height;  // inside the back buffer
    const size_t at = in_rt ? size_t(py) * rt.width + size_t(px) : 0;
    if (!s.targets[0] && in_rt && colors[0] && rs.color_write_mask & 0xF) {
      if (n > 1) {
        for (uint64_t sm = pixel_sample_bits(q.samples, i); sm; sm &= sm - 1) {
          const int k = __builtin_ctzll(sm);
          if (uint32_t(k) >= n) break;
          write_color(target_blends(rs, 0), mode, rs.color_write_mask & 0xF, colors[0][i],
                      rt.color[at * n + size_t(k)]);
        }
      } else {
        write_color(target_blends(rs, 0), mode, rs.color_write_mask & 0xF, colors[0][i],
                    rt.color[at]);
      }
    }
    for (int t = 0; t < kMaxRenderTargets; ++t) {
      ColorSurface* surf = s.targets[t];
      const uint8_t wm = target_write_mask(rs, t);
      if (!surf || !colors[t] || wm == 0 || px >= surf->width || py >= surf->height) continue;
      if (!surf->native.empty()) {  // a target in another format: target_format.h
        write_native(*surf, size_t(py) * surf->width + size_t(px), colors[t][i], wm,
                     target_blends(rs, t) ? &mode : nullptr);
        continue;
      }
      write_color(target_blends(rs, t), mode, wm, colors[t][i],
                  surf->color[size_t(py) * surf->width + size_t(px)]);
    }
  }
}

uint8_t alpha_to_coverage(const RopState& s, const Vec4* color0, uint8_t mask, Quad& q) {
  const uint32_t n = s.samples > 1 ? s.samples : 1;
  uint8_t kept = 0;
  for (int i = 0; i < 4; ++i) {
    const uint32_t a8 = pack_argb(color0[i]) >> 24;
    const uint32_t k = (2 * a8 * n + 255) / 510;  // round(a8 * n / 255), ties up
    const uint64_t keep = k >= uint32_t(kMaxSamples) ? kPixelSampleBits : (uint64_t(1) << k) - 1;
    q.samples &= ~(kPixelSampleBits << (kMaxSamples * i)) | keep << (kMaxSamples * i);
    if (k > 0 && (mask >> i & 1)) kept |= uint8_t(1u << i);
  }
  return kept;
}

uint8_t rop_quad_mrt(const RopState& s, RenderTarget& rt, const Quad& q, uint8_t live_mask,
                     const float z[4], const Vec4* const colors[kMaxRenderTargets], bool ccw,
                     const float* sample_z, uint64_t* samples_written) {
  // A pixel failing the alpha test writes nothing at all (colour, depth, stencil).
  uint8_t alive = alpha_test_mask(s.rs, colors[0], live_mask & q.mask & 0xF);
  Quad covered = q;
  if (s.alpha_to_coverage && colors[0]) alive = alpha_to_coverage(s, colors[0], alive, covered);
  Quad passed = q;  // the colour half writes the samples that passed
  const uint8_t written =
      depth_stencil_quad(s, rt, covered, alive, z, ccw, sample_z, &passed.samples);
  color_quad_mrt(s, rt, passed, written, colors);
  if (samples_written) *samples_written = passed.samples;
  return written;
}

}  // namespace gfx::func
