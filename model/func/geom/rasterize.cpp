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
        const int64_t hi = e00 + std::max<int64_t>(ex, 0) + std::max<int64_t>(ey, 0);
        const int64_t lo = e00 + std::min<int64_t>(ex, 0) + std::min<int64_t>(ey, 0);
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
          if (!inside) m &= quad_mask(e, sx, sy);
          if (m) out.push_back(Quad{int16_t(qx), int16_t(qy), m});
          for (int k = 0; k < 3; ++k) e[k] += 2 * sx[k];
        }
        for (int k = 0; k < 3; ++k) row[k] += 2 * sy[k];
      }
    }
  }
}

}  // namespace gfx::func
