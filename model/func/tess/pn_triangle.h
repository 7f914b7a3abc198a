// Curved PN triangles (Vlachos, Peters, Boyd, Mitchell, I3D 2001), the surface of D3D9
// N-patches: the cubic Bezier control net and the quadratic normal net built from the
// three corners and their normals, and their evaluation.
//
// Parametrisation: P1 at w = 1, P2 at u = 1, P3 at v = 1, w = 1 - u - v. Only xyz take part
// in the formulas (dot products, normal offsets); the w components of positions and normals
// are interpolated linearly. Degenerate input is tolerated: a zero-length edge gives a zero
// normal-net correction and a zero normal sum is left unnormalised.
// Leaves out: tessellation (npatch.h), displacement mapping.
#pragma once

#include "func/math.h"

namespace gfx::func::tess {

struct PnTriangle {
  Vec4 b[10];                    // b300, b030, b003, b210, b120, b021, b012, b102, b201, b111
  Vec4 n[6];                     // n200, n020, n002, n110, n011, n101
  float pw[3] = {}, nw[3] = {};  // w components of P1..P3 and N1..N3
};

void pn_setup(const Vec4& p1, const Vec4& p2, const Vec4& p3, const Vec4& n1, const Vec4& n2,
              const Vec4& n3, PnTriangle& out);
Vec4 pn_position(const PnTriangle& t, float u, float v);  // cubic
Vec4 pn_normal(const PnTriangle& t, float u, float v);    // quadratic, not normalised

// One edge of a PN triangle from its endpoints (a at t = 0, b at t = 1): the same curve as
// the triangle's edge, computed from the edge's data only.
struct PnEdge {
  Vec4 b[4];  // cubic: Pa, (2Pa + Pb - w_ab Na)/3, (2Pb + Pa - w_ba Nb)/3, Pb
  Vec4 n[3];  // quadratic: Na, normalize(Na + Nb - v_ab (Pb - Pa)), Nb
};
void pn_edge_setup(const Vec4& pa, const Vec4& na, const Vec4& pb, const Vec4& nb, PnEdge& out);
Vec4 pn_edge_position(const PnEdge& e, float t);
Vec4 pn_edge_normal(const PnEdge& e, float t);

float dot3(const Vec4& a, const Vec4& b);
Vec4 normalize3(const Vec4& v);  // w kept; a zero vector is returned unchanged

}  // namespace gfx::func::tess
