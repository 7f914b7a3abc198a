#include "func/texture/cube.h"

#include <cmath>

namespace gfx::func {

TexPoint cube_point(float x, float y, float z) {
  const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  unsigned face;
  if (az >= ax && az >= ay) {
    face = z >= 0.0f ? 4 : 5;
  } else if (ay >= ax) {
    face = y >= 0.0f ? 2 : 3;
  } else {
    face = x >= 0.0f ? 0 : 1;
  }
  return cube_point_on(face, x, y, z);
}

TexPoint cube_point_on(unsigned face, float x, float y, float z) {
  float sc, tc, ma;
  switch (face) {
    case 0: sc = -z, tc = -y, ma = x; break;
    case 1: sc = z, tc = -y, ma = x; break;
    case 2: sc = x, tc = z, ma = y; break;
    case 3: sc = x, tc = -z, ma = y; break;
    case 4: sc = x, tc = -y, ma = z; break;
    default: sc = -x, tc = -y, ma = z; break;
  }
  const float m = std::fabs(ma);
  TexPoint p;
  p.face = face;
  // The zero vector (and a neighbour exactly on the face's plane) reads the face centre.
  p.u = m > 0.0f ? 0.5f * (sc / m + 1.0f) : 0.5f;
  p.v = m > 0.0f ? 0.5f * (tc / m + 1.0f) : 0.5f;
  return p;
}

}  // namespace gfx::func
