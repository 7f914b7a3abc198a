// One-dimensional bases of D3D9 RT patches: Bezier (degree 1, 3, 5 over degree+1 points),
// uniform B-spline (degree 1, 3, 5 over any number of points > degree) and Catmull-Rom
// (cubic, over 4 or more points), evaluated with their derivative at a patch parameter.
//
// The whole patch edge is the parameter range [0,1]; B-spline and Catmull-Rom curves with
// several spans map it linearly onto the spans (span s covers [s/S, (s+1)/S]).
// B-spline: points - degree spans (the notes' "two fewer rendered apertures" for cubic;
// the same knot-vector rule for linear and quintic). Catmull-Rom: points - 3 spans, the curve
// passes through points 1 .. points-2 (points 0 and points-1 only set end tangents).
// Leaves out: validation of the (basis, degree, points) triple (validate.h).
#pragma once

#include <cstdint>

#include "func/tess/types.h"

namespace gfx::func::tess {

constexpr unsigned kMaxOrder = 6;  // control points per span (quintic)

// The weights of the `order` control points first .. first+order-1 at one parameter:
// value = sum w[k] * P[first + k], d/du = sum dw[k] * P[first + k].
struct Weights1D {
  uint32_t first = 0;
  float w[kMaxOrder] = {};
  float dw[kMaxOrder] = {};
};

class Basis1D {
 public:
  Basis1D() = default;
  Basis1D(Basis basis, unsigned degree, unsigned points);

  unsigned order() const { return order_; }
  unsigned spans() const { return spans_; }
  void eval(float u, Weights1D& out) const;

 private:
  Basis basis_ = Basis::Bezier;
  unsigned degree_ = 1, order_ = 2, spans_ = 1;
};

}  // namespace gfx::func::tess
