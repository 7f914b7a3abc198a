// 4x4 matrices as GL keeps them (column vectors, stored column by column, in double so
// that a chain of glRotate/glTranslate does not round until the trace is written), GL's
// matrix constructors, and the conversion to the three D3D9 transforms.
//
// Conversion (docs/importers.md): D3D world = the modelview, so D3D "world space" is GL
// eye space; D3D view = diag(1, 1, -1, 1) (D3D's eye looks down +z, GL's down -z); D3D
// projection = the flip undone, GL's projection, then z' = (z + w) / 2 (GL clip z in
// [-w, w], D3D [0, w]) and the half-pixel shift x' = x - w / vw, y' = y + w / vh that puts
// GL's half-integer pixel centres on D3D9's integer ones. A D3D matrix multiplies row
// vectors, so it is the transpose; GL's column-major array read row by row is exactly it.
#pragma once

#include <array>

#include "api/state.h"

namespace gfx::import {

struct GlMatrix {
  std::array<double, 16> m{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};  // m[col * 4 + row]
  double at(int row, int col) const { return m[col * 4 + row]; }
  double& at(int row, int col) { return m[col * 4 + row]; }
  bool operator==(const GlMatrix& o) const { return m == o.m; }
};

GlMatrix operator*(const GlMatrix& a, const GlMatrix& b);
std::array<double, 4> operator*(const GlMatrix& a, const std::array<double, 4>& v);

GlMatrix gl_translate(double x, double y, double z);
GlMatrix gl_scale(double x, double y, double z);
GlMatrix gl_rotate(double angle_degrees, double x, double y, double z);  // axis normalized
GlMatrix gl_ortho(double l, double r, double b, double t, double n, double f);
GlMatrix gl_frustum(double l, double r, double b, double t, double n, double f);
GlMatrix gl_from_array(const std::array<double, 16>& column_major);
// The inverse (Gauss-Jordan with partial pivoting); the identity for a singular matrix,
// which GL's texgen and lighting would leave undefined.
GlMatrix gl_inverse(const GlMatrix& m);
// The inverse into `out`; false (out unchanged) for a singular matrix.
bool gl_invert(const GlMatrix& m, GlMatrix& out);

// The D3D9 transforms of a GL state (see the header comment).
api::Matrix4 d3d_world(const GlMatrix& modelview);
api::Matrix4 d3d_view();
api::Matrix4 d3d_projection(const GlMatrix& projection, double viewport_width,
                            double viewport_height);
// The same projection in double, as a GL matrix (column vectors), for tests.
GlMatrix d3d_clip_from_gl(const GlMatrix& projection, double viewport_width,
                          double viewport_height);

}  // namespace gfx::import
