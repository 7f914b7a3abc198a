#include "func/geom/rasterize.h"

#include <algorithm>

namespace gfx::func {

namespace {

// Coverage mask of one quad from the biased edge values at its top-left sample.
// A value is inside when >= 0; OR-ing three int64 values is negative iff one of them is.
inline uint8_t quad_mask(const int64_t e[3], const int64_t sx[3], const int64_t sy[3]) {
  uint8_t m = 0;
  for (int i = 0; i < 4; ++i) {
    const int64_t ox = (i & 1), oy = (i >> 1);
    const int64_t e0 = e[0] + ox * sx[0] + oy * sy[0];
    const int64_t e1 = e[1] + ox * sx[1] + oy * sy[1];
    const int64_t e2 = e[2] + ox * sx[2] + oy * sy[2];
    if ((e0 | e1 | e2) >= 0) m |= uint8_t(1u << i);
  }
  return m;
}

// Pixels of quad (qx, qy) that lie inside the pixel rect [x0, x1) x [y0, y1).
inline uint8_t rect_mask(int qx, int qy, int x0, int y0, int x1, int y1) {
  uint8_t m = 0;
  for (int i = 0; i < 4; ++i) {
    const int px = qx + (i & 1), py = qy + (i >> 1);
    if (px >= x0 && px < x1 && py >= y0 && py < y1) m |= uint8_t(1u << i);
  }
  return m;
}

// Sample coverage of one quad: the biased edge values at its top-left pixel centre plus
// each sample's offset (off[k][s] for edge k), per pixel.
inline uint64_t quad_samples(const int64_t e[3], const int64_t sx[3], const int64_t sy[3],
                             const int64_t off[3][kMaxSamples], uint32_t count) {
  uint64_t m = 0;
  for (int i = 0; i < 4; ++i) {
    const int64_t ox = (i & 1), oy = (i >> 1);
    const int64_t p0 = e[0] + ox * sx[0] + oy * sy[0];
    const int64_t p1 = e[1] + ox * sx[1] + oy * sy[1];
    const int64_t p2 = e[2] + ox * sx[2] + oy * sy[2];
    for (uint32_t s = 0; s < count; ++s)
      if (((p0 + off[0][s]) | (p1 + off[1][s]) | (p2 + off[2][s])) >= 0)
        m |= uint64_t(1) << (kMaxSamples * i + int(s));
  }
  return m;
}

int floor_to(int v, int n) { return v >= 0 ? v - v % n : -((-v + n - 1) / n) * n; }

}  // namespace

void rasterize(const TriangleSetup& t, std::vector<Quad>& out) {
  // Per-pixel steps of the biased edge functions.
  int64_t sx[3], sy[3];
  for (int k = 0; k < 3; ++k) {
    sx[k] = t.a[k] * kSubpixels;
    sy[k] = t.b[k] * kSubpixels;
  }
  auto edge_at = [&t](int k, int px, int py) {
    const int64_t X = int64_t(px) * kSubpixels + kSubpixels / 2;
    const int64_t Y = int64_t(py) * kSubpixels + kSubpixels / 2;
    return t.a[k] * X + t.b[k] * Y + t.c[k] - t.bias[k];
  };

  // Per-sample offsets of the edge values (offsets in 1/16 px = 16 subpixels), and their
  // extremes, which widen the tile tests below.
  const uint32_t count = t.samples;
  const SampleOffset* pos = sample_offsets(count);
  int64_t off[3][kMaxSamples], off_lo[3], off_hi[3];
  for (int k = 0; k < 3; ++k) {
    off_lo[k] = off_hi[k] = 0;
    for (uint32_t s = 0; s < count; ++s) {
      off[k][s] = (t.a[k] * pos[s].x + t.b[k] * pos[s].y) * (kSubpixels / 16);
      off_lo[k] = std::min(off_lo[k], off[k][s]);
      off_hi[k] = std::max(off_hi[k], off[k][s]);
    }
  }
  // Centre coverage (D3D9 MULTISAMPLEANTIALIAS FALSE) tests pixel centres as without MSAA
  // and gives a covered pixel all of its samples.
  const bool msaa = count > 1 && !t.center_coverage;
  if (!msaa) off_lo[0] = off_lo[1] = off_lo[2] = off_hi[0] = off_hi[1] = off_hi[2] = 0;

  const int tx_first = floor_to(t.x0, kTileSize), ty_first = floor_to(t.y0, kTileSize);
  for (int ty = ty_first; ty < t.y1; ty += kTileSize) {
    const int py0 = std::max(ty, t.y0), py1 = std::min(ty + kTileSize, t.y1);
    for (int tx = tx_first; tx < t.x1; tx += kTileSize) {
      const int px0 = std::max(tx, t.x0), px1 = std::min(tx + kTileSize, t.x1);
      // Edge range over the tile's samples inside the box: a linear function takes its
      // extremes at the corners.
      bool reject = false, inside = true;
      for (int k = 0; k < 3 && !reject; ++k) {
        const int64_t e00 = edge_at(k, px0, py0);
        const int64_t ex = sx[k] * (px1 - 1 - px0), ey = sy[k] * (py1 - 1 - py0);
        const int64_t hi =
            e00 + std::max<int64_t>(ex, 0) + std::max<int64_t>(ey, 0) + off_hi[k];
        const int64_t lo =
            e00 + std::min<int64_t>(ex, 0) + std::min<int64_t>(ey, 0) + off_lo[k];
        if (hi < 0) reject = true;
        if (lo < 0) inside = false;
      }
      if (reject) continue;

      const int qx0 = floor_to(px0, 2), qy0 = floor_to(py0, 2);
      int64_t row[3];
      for (int k = 0; k < 3; ++k) row[k] = edge_at(k, qx0, qy0);
      for (int qy = qy0; qy < py1; qy += 2) {
        int64_t e[3] = {row[0], row[1], row[2]};
        for (int qx = qx0; qx < px1; qx += 2) {
          uint8_t m = rect_mask(qx, qy, px0, py0, px1, py1);
          if (msaa) {
            uint64_t cov = samples_of(m, count);
            if (!inside) cov &= quad_samples(e, sx, sy, off, count);
            if (cov) out.push_back(Quad{int16_t(qx), int16_t(qy), pixels_of(cov), cov});
          } else {
            if (!inside) m &= quad_mask(e, sx, sy);
            if (m) out.push_back(Quad{int16_t(qx), int16_t(qy), m, samples_of(m, count)});
          }
          for (int k = 0; k < 3; ++k) e[k] += 2 * sx[k];
        }
        for (int k = 0; k < 3; ++k) row[k] += 2 * sy[k];
      }
    }
  }
}

void split_samples(const Quad& q, uint32_t count, std::vector<Quad>& out) {
  // Bit 0 of each pixel's kMaxSamples-bit field; shifted by s, sample s of every pixel.
  constexpr uint64_t kSampleZero = ~uint64_t(0) / kPixelSampleBits;
  for (uint32_t s = 0; s < count; ++s) {
    const uint64_t bits = q.samples & kSampleZero << s;
    if (!bits) continue;
    Quad sq{q.x, q.y, pixels_of(bits), bits};
    sq.sample = int8_t(s);
    sq.pixel_samples = q.samples;
    out.push_back(sq);
  }
}

void sample_depths(const TriangleSetup& t, const Quad& q, float out[4 * kMaxSamples]) {
  const SampleOffset* pos = sample_offsets(t.samples);
  for (int i = 0; i < 4; ++i)
    for (uint32_t s = 0; s < t.samples; ++s) {
      const int64_t X = int64_t(q.x + (i & 1)) * kSubpixels + kSubpixels / 2 +
                        pos[s].x * (kSubpixels / 16);
      const int64_t Y = int64_t(q.y + (i >> 1)) * kSubpixels + kSubpixels / 2 +
                        pos[s].y * (kSubpixels / 16);
      // interpolate_quad's form, so sample (0, 0) gives the pixel-centre depth exactly.
      const float l1 = float(t.a[1] * X + t.b[1] * Y + t.c[1]) * t.inv_area;
      const float l2 = float(t.a[2] * X + t.b[2] * Y + t.c[2]) * t.inv_area;
      out[kMaxSamples * i + int(s)] = t.z0 + l1 * t.dz1 + l2 * t.dz2;
    }
}

}  // namespace gfx::func
