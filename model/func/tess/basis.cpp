// Bezier, uniform B-spline and Catmull-Rom weights (see basis.h).
#include "func/tess/basis.h"

#include <cmath>

namespace gfx::func::tess {

namespace {

// Bernstein polynomials of degree d at t, written by repeated products so that t = 0 and
// t = 1 give exact 0s and 1s.
void bernstein(unsigned d, float t, float* out) {
  static const float kBinomial[6][6] = {{1},          {1, 1},          {1, 2, 1},
                                        {1, 3, 3, 1}, {1, 4, 6, 4, 1}, {1, 5, 10, 10, 5, 1}};
  const float s = 1.0f - t;
  for (unsigned i = 0; i <= d; ++i) {
    float v = kBinomial[d][i];
    for (unsigned k = 0; k < i; ++k) v *= t;
    for (unsigned k = i; k < d; ++k) v *= s;
    out[i] = v;
  }
}

// Uniform B-spline basis of the current span by the Cox-de Boor recurrence with integer
// knots; m[k] is N_{k,p} restricted to the span, t the local parameter.
void bspline(unsigned d, float t, float* w, float* dw) {
  float m[kMaxOrder + 1] = {1.0f};
  float prev[kMaxOrder + 1] = {};
  for (unsigned p = 1; p <= d; ++p) {
    for (unsigned k = 0; k < p; ++k) prev[k] = m[k];
    for (unsigned k = 0; k <= p; ++k) {
      const float left = k > 0 ? (t + float(p - k)) * prev[k - 1] : 0.0f;
      const float right = k < p ? (float(k + 1) - t) * prev[k] : 0.0f;
      m[k] = (left + right) / float(p);
    }
  }
  for (unsigned k = 0; k <= d; ++k) {
    w[k] = m[k];
    // d/dt N_{k,d} = N_{k,d-1} - N_{k+1,d-1} for unit knot spacing.
    dw[k] = (k > 0 ? prev[k - 1] : 0.0f) - (k < d ? prev[k] : 0.0f);
  }
}

void catmull_rom(float t, float* w, float* dw) {
  const float t2 = t * t, t3 = t2 * t;
  w[0] = 0.5f * (-t + 2.0f * t2 - t3);
  w[1] = 0.5f * (2.0f - 5.0f * t2 + 3.0f * t3);
  w[2] = 0.5f * (t + 4.0f * t2 - 3.0f * t3);
  w[3] = 0.5f * (-t2 + t3);
  dw[0] = 0.5f * (-1.0f + 4.0f * t - 3.0f * t2);
  dw[1] = 0.5f * (-10.0f * t + 9.0f * t2);
  dw[2] = 0.5f * (1.0f + 8.0f * t - 9.0f * t2);
  dw[3] = 0.5f * (-2.0f * t + 3.0f * t2);
}

}  // namespace

Basis1D::Basis1D(Basis basis, unsigned degree, unsigned points) : basis_(basis), degree_(degree) {
  if (basis == Basis::CatmullRom) degree_ = 3;
  order_ = degree_ + 1;
  if (basis == Basis::Bezier)
    spans_ = 1;
  else
    spans_ = points > degree_ ? points - degree_ : 1;
}

void Basis1D::eval(float u, Weights1D& out) const {
  // Span of u and the local parameter; u = 1 ends the last span.
  const float s = u * float(spans_);
  unsigned span = s <= 0.0f ? 0u : unsigned(std::floor(s));
  if (span >= spans_) span = spans_ - 1;
  const float t = s - float(span);
  out.first = span;
  if (basis_ == Basis::Bezier) {
    bernstein(degree_, t, out.w);
    float lower[kMaxOrder] = {};
    bernstein(degree_ - 1, t, lower);
    for (unsigned i = 0; i <= degree_; ++i)
      out.dw[i] =
          float(degree_) * ((i > 0 ? lower[i - 1] : 0.0f) - (i < degree_ ? lower[i] : 0.0f));
  } else if (basis_ == Basis::BSpline) {
    bspline(degree_, t, out.w, out.dw);
  } else {
    catmull_rom(t, out.w, out.dw);
  }
  // Chain rule from the span parameter to the patch parameter.
  for (unsigned i = 0; i < order_; ++i) out.dw[i] *= float(spans_);
}

}  // namespace gfx::func::tess
