#include <cmath>
#include <utility>

#include "import/gl_matrix.h"

namespace gfx::import {

bool gl_invert(const GlMatrix& in, GlMatrix& out) {
  double a[4][8];
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      a[r][c] = in.at(r, c);
      a[r][c + 4] = r == c ? 1 : 0;
    }
  for (int c = 0; c < 4; ++c) {
    int p = c;
    for (int r = c + 1; r < 4; ++r)
      if (std::fabs(a[r][c]) > std::fabs(a[p][c])) p = r;
    if (a[p][c] == 0) return false;
    for (int k = 0; k < 8; ++k) std::swap(a[c][k], a[p][k]);
    const double d = a[c][c];
    for (int k = 0; k < 8; ++k) a[c][k] /= d;
    for (int r = 0; r < 4; ++r) {
      if (r == c || a[r][c] == 0) continue;
      const double f = a[r][c];
      for (int k = 0; k < 8; ++k) a[r][k] -= f * a[c][k];
    }
  }
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) out.at(r, c) = a[r][c + 4];
  return true;
}

GlMatrix gl_inverse(const GlMatrix& m) {
  GlMatrix inv;
  return gl_invert(m, inv) ? inv : GlMatrix{};
}

}  // namespace gfx::import
