// Adaptive tessellation levels (MSDocs formula) and every validation message.
#include <gtest/gtest.h>

#include <cmath>

#include "func/tess/adaptive.h"
#include "func/tess/validate.h"

namespace gfx::func::tess {
namespace {

TEST(Adaptive, FormulaAndClamps) {
  AdaptiveState s;
  s.mdm = {0, 0, 1, 0};
  s.min_level = 2;
  s.max_level = 10;
  // T = 8 * 1 / 2 = 4 and 8 * 3 / 4 = 6 -> Te = 5.
  const float ta = adaptive_vertex_level({1, 1, 2, 1}, 1.0f, 8.0f, s.mdm);
  const float tb = adaptive_vertex_level({0, 5, 4, 1}, 3.0f, 8.0f, s.mdm);
  EXPECT_EQ(ta, 4.0f);
  EXPECT_EQ(tb, 6.0f);
  EXPECT_EQ(adaptive_edge_level(ta, tb, s), 5.0f);
  EXPECT_EQ(adaptive_edge_level(tb, ta, s), 5.0f);
  // Mdm is a 4-D dot product: w takes part.
  EXPECT_EQ(adaptive_vertex_level({0, 0, 1, 1}, 1.0f, 8.0f, {0, 0, 1, 1}), 4.0f);
  EXPECT_EQ(adaptive_edge_level(30, 40, s), 10.0f);       // above max -> max
  EXPECT_EQ(adaptive_edge_level(-3, -5, s), 10.0f);       // negative -> max
  EXPECT_EQ(adaptive_edge_level(1, 1.5f, s), 2.0f);       // below min -> min
  EXPECT_EQ(adaptive_edge_level(INFINITY, 1, s), 10.0f);  // z = 0
  EXPECT_EQ(adaptive_edge_level(NAN, 1, s), 10.0f);       // 0 / 0
}

TEST(Adaptive, RectDrivingPoints) {
  RectPatchInfo bez;
  const auto b = rect_adaptive_points(bez);
  EXPECT_EQ(b[0][0].row, 0u);
  EXPECT_EQ(b[0][1].col, 3u);
  EXPECT_EQ(b[2][0].row, 3u);
  RectPatchInfo bs;
  bs.basis = Basis::BSpline;
  bs.width = 6, bs.height = 5, bs.stride = 6;
  const auto p = rect_adaptive_points(bs);
  EXPECT_EQ(p[0][0].row, 1u);  // (1,1)
  EXPECT_EQ(p[0][0].col, 1u);
  EXPECT_EQ(p[1][1].row, 3u);  // (H-2, W-2)
  EXPECT_EQ(p[1][1].col, 4u);
  EXPECT_EQ(p[3][0].col, 1u);  // (H-2, 1)
}

TEST(Validate, BasisDegreePairs) {
  EXPECT_EQ(check_basis_degree(true, Basis::Bezier, Degree::Cubic), "");
  EXPECT_EQ(check_basis_degree(true, Basis::BSpline, Degree::Quintic), "");
  EXPECT_EQ(check_basis_degree(true, Basis::CatmullRom, Degree::Cubic), "");
  EXPECT_EQ(check_basis_degree(false, Basis::Bezier, Degree::Linear), "");
  EXPECT_EQ(check_basis_degree(true, Basis::CatmullRom, Degree::Linear),
            "rect patch: catmull_rom basis needs cubic degree, not 1");
  EXPECT_EQ(check_basis_degree(true, Basis::Bezier, Degree::Quadratic),
            "rect patch: degree 2 (quadratic) is not allowed with basis bezier");
  EXPECT_EQ(check_basis_degree(false, Basis::BSpline, Degree::Cubic),
            "tri patch: basis bspline is not allowed (bezier only)");
  EXPECT_EQ(check_basis_degree(false, Basis::Bezier, Degree(4)), "tri patch: unknown degree 4");
  EXPECT_EQ(check_basis_degree(true, Basis(7), Degree::Cubic), "rect patch: unknown basis 7");
}

TEST(Validate, ControlPointCounts) {
  RectPatchInfo r;
  r.width = 4, r.height = 3, r.stride = 4;
  EXPECT_EQ(check_rect_patch(r), "rect patch: bezier degree 3 needs 4x4 control points, got 4x3");
  r.basis = Basis::BSpline;
  r.width = 3, r.height = 5, r.stride = 8;
  EXPECT_EQ(check_rect_patch(r),
            "rect patch: bspline degree 3 needs more than 3 control points per direction, got 3x5");
  r.basis = Basis::CatmullRom;
  EXPECT_EQ(check_rect_patch(r),
            "rect patch: catmull_rom needs at least 4x4 control points, got 3x5");
  r.width = 4;
  EXPECT_EQ(check_rect_patch(r), "");
  r.start_w = 5;
  EXPECT_EQ(check_rect_patch(r), "rect patch: start_w 5 + width 4 exceeds stride 8");
  TriPatchInfo t;
  t.num_vertices = 9;
  EXPECT_EQ(check_tri_patch(t, 100), "tri patch: degree 3 needs 10 control points, got 9");
  t.degree = Degree::Quintic;
  t.num_vertices = 21;
  EXPECT_EQ(check_tri_patch(t, 100), "");
}

TEST(Validate, GridPastTheVertexData) {
  RectPatchInfo r;
  r.start_w = 1, r.start_h = 0, r.stride = 5;  // the docs' example: 20 vertices fit
  EXPECT_EQ(check_rect_grid(r, 20), "");
  r.start_h = 1;
  EXPECT_EQ(check_rect_grid(r, 20),
            "rect patch: grid runs past the vertex data (last control point is vertex 24, the "
            "streams hold 20)");
  r.start_h = 0xFFFFFFFFu;  // no 32-bit wrap-around
  EXPECT_NE(check_rect_grid(r, 20), "");
  TriPatchInfo t;
  t.start_vertex = 5;
  EXPECT_EQ(check_tri_patch(t, 14),
            "tri patch: vertices 5..14 run past the vertex data (14 vertices)");
}

TEST(Validate, Segments) {
  const float ok[4] = {1, 0.5f, 3.7f, 1024};
  EXPECT_EQ(check_segments(ok, 4), "");
  const float zero[3] = {1, 0, 2};
  EXPECT_EQ(check_segments(zero, 3), "segment count 1 is 0.000000, must be > 0");
  const float neg[1] = {-2};
  EXPECT_EQ(check_segments(neg, 1), "segment count 0 is -2.000000, must be > 0");
  const float nan[1] = {NAN};
  EXPECT_NE(check_segments(nan, 1), "");
  const float big[1] = {5000};
  EXPECT_EQ(check_segments(big, 1),
            "segment count 0 is 5000.000000, more than the 1024 the model supports");
}

TEST(Validate, OutputsAndNPatchDegrees) {
  OutputLayout l;
  l.add(Method::Default, 0);
  l.add(Method::PartialV, 0);
  EXPECT_EQ(check_rect_outputs(l, 1), "");
  EXPECT_EQ(check_tri_outputs(l, 1),
            "tri patch: output 1 uses method partial_u/partial_v, which D3D9 does not allow with "
            "tri patches");
  l.add(Method::Default, 3);
  EXPECT_EQ(check_rect_outputs(l, 2), "rect patch: output 2 reads input element 3 of 2");
  EXPECT_EQ(check_npatch_degrees(Degree::Cubic, Degree::Quadratic), "");
  EXPECT_EQ(check_npatch_degrees(Degree::Quadratic, Degree::Linear),
            "n-patch: position degree must be linear (1) or cubic (3), got 2");
  EXPECT_EQ(check_npatch_degrees(Degree::Linear, Degree::Cubic),
            "n-patch: normal degree must be linear (1) or quadratic (2), got 3");
}

}  // namespace
}  // namespace gfx::func::tess
