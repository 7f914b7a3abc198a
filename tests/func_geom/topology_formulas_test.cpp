// Primitive assembly against the reference notes' formulas (d3d-semantics.md §4.3-4.4),
// written out independently here: every topology for every vertex count 0..24, the strip
// cut in the middle of strips and lists, incomplete primitives, and the 32-bit PrimitiveID
// counter's wrap.
#include <gtest/gtest.h>

#include <vector>

#include "func/geom/primitive_assembly.h"

namespace gfx::func {
namespace {

using api::Topology;
using Prim = std::vector<uint32_t>;

std::vector<Prim> assemble(Topology t, uint32_t n) {
  PrimitiveAssembler pa(t);
  std::vector<Prim> out;
  Primitive p;
  for (uint32_t i = 0; i < n; ++i)
    if (pa.push(i, p)) out.emplace_back(p.v, p.v + p.count);
  return out;
}

// The triangle (1st, 3rd, 5th vertices) of triangle-strip-with-adjacency primitive i of
// n, from the full six-vertex layouts of the notes.
Prim strip_adj_triangle(uint32_t i, uint32_t n) {
  std::vector<uint32_t> six;
  if (n == 1)
    six = {0, 1, 2, 5, 4, 3};
  else if (i == 0)
    six = {0, 1, 2, 6, 4, 3};
  else if (i < n - 1 && i % 2 == 1)
    six = {2 * i, 2 * i + 3, 2 * i + 4, 2 * i + 6, 2 * i + 2, 2 * i - 2};
  else if (i < n - 1)
    six = {2 * i, 2 * i - 2, 2 * i + 2, 2 * i + 6, 2 * i + 4, 2 * i + 3};
  else if (i % 2 == 1)
    six = {2 * i, 2 * i + 3, 2 * i + 4, 2 * i + 5, 2 * i + 2, 2 * i - 2};
  else
    six = {2 * i, 2 * i - 2, 2 * i + 2, 2 * i + 5, 2 * i + 4, 2 * i + 3};
  return {six[0], six[2], six[4]};
}

std::vector<Prim> expected(Topology t, uint32_t n) {
  std::vector<Prim> out;
  switch (t) {
    case Topology::PointList:
      for (uint32_t i = 0; i < n; ++i) out.push_back({i});
      break;
    case Topology::LineList:
      for (uint32_t i = 0; 2 * i + 1 < n; ++i) out.push_back({2 * i, 2 * i + 1});
      break;
    case Topology::LineStrip:
      for (uint32_t i = 0; i + 1 < n; ++i) out.push_back({i, i + 1});
      break;
    case Topology::TriangleList:
      for (uint32_t i = 0; 3 * i + 2 < n; ++i) out.push_back({3 * i, 3 * i + 1, 3 * i + 2});
      break;
    case Topology::TriangleStrip:  // leading vertex first, winding of (i, i+1, i+2) kept
      for (uint32_t i = 0; i + 2 < n; ++i)
        out.push_back(i % 2 ? Prim{i, i + 2, i + 1} : Prim{i, i + 1, i + 2});
      break;
    case Topology::TriangleFan:
      for (uint32_t i = 0; i + 2 < n; ++i) out.push_back({i + 1, i + 2, 0});
      break;
    case Topology::LineListAdj:  // p_i = {4i .. 4i+3}, the line is 4i+1 - 4i+2
      for (uint32_t i = 0; 4 * i + 3 < n; ++i) out.push_back({4 * i + 1, 4 * i + 2});
      break;
    case Topology::LineStripAdj:  // count max(0, n-3), line = 2nd - 3rd
      for (uint32_t i = 0; i + 3 < n; ++i) out.push_back({i + 1, i + 2});
      break;
    case Topology::TriangleListAdj:  // count n/6, triangle = 1st, 3rd, 5th
      for (uint32_t i = 0; 6 * i + 5 < n; ++i) out.push_back({6 * i, 6 * i + 2, 6 * i + 4});
      break;
    case Topology::TriangleStripAdj: {
      const uint32_t count = n < 4 ? 0 : (n - 4) / 2;
      for (uint32_t i = 0; i < count; ++i) out.push_back(strip_adj_triangle(i, count));
      break;
    }
  }
  return out;
}

TEST(TopologyFormulas, EveryTopologyEveryCountMatchesTheNotes) {
  const Topology all[] = {Topology::PointList,       Topology::LineList,
                          Topology::LineStrip,       Topology::TriangleList,
                          Topology::TriangleStrip,   Topology::TriangleFan,
                          Topology::LineListAdj,     Topology::LineStripAdj,
                          Topology::TriangleListAdj, Topology::TriangleStripAdj};
  for (Topology t : all)
    for (uint32_t n = 0; n <= 24; ++n)
      EXPECT_EQ(assemble(t, n), expected(t, n))
          << "topology " << int(t) << ", " << n << " vertices";
}

TEST(TopologyFormulas, PrimitiveCountsOfTheNotes) {
  // "vertices until first completed primitive" and "subsequent vertices per primitive".
  EXPECT_EQ(assemble(Topology::TriangleStripAdj, 6).size(), 1u);
  EXPECT_EQ(assemble(Topology::TriangleStripAdj, 7).size(), 1u);
  EXPECT_EQ(assemble(Topology::TriangleStripAdj, 8).size(), 2u);
  EXPECT_EQ(assemble(Topology::TriangleStripAdj, 10).size(), 3u);
  EXPECT_EQ(assemble(Topology::LineStripAdj, 3).size(), 0u);
  EXPECT_EQ(assemble(Topology::LineStripAdj, 4).size(), 1u);
  EXPECT_EQ(assemble(Topology::TriangleListAdj, 11).size(), 1u);  // the partial 6 dropped
}

// Feeds 0, 1, 2, ... with a cut after the positions in `cuts`; returns the primitives and
// their PrimitiveIDs.
std::vector<Prim> with_cuts(Topology t, uint32_t n, std::vector<uint32_t> cuts,
                            std::vector<uint32_t>* ids) {
  PrimitiveAssembler pa(t);
  std::vector<Prim> out;
  Primitive p;
  size_t c = 0;
  for (uint32_t i = 0; i < n; ++i) {
    if (pa.push(i, p)) {
      out.emplace_back(p.v, p.v + p.count);
      ids->push_back(p.id);
    }
    if (c < cuts.size() && cuts[c] == i) {
      pa.cut();
      ++c;
    }
  }
  return out;
}

TEST(TopologyFormulas, CutInTheMiddleOfAStripRestartsItAndKeepsCounting) {
  std::vector<uint32_t> ids;
  // Strip 0..4 (three triangles), cut, strip 5..8 (two triangles).
  const auto prims = with_cuts(Topology::TriangleStrip, 9, {4}, &ids);
  const std::vector<Prim> want = {{0, 1, 2}, {1, 3, 2}, {2, 3, 4}, {5, 6, 7}, {6, 8, 7}};
  EXPECT_EQ(prims, want);
  EXPECT_EQ(ids, (std::vector<uint32_t>{0, 1, 2, 3, 4}));
}

TEST(TopologyFormulas, CutInTheMiddleOfAListDropsThePartialPrimitive) {
  std::vector<uint32_t> ids;
  // Triangle 0-1-2, then 3, 4 cut off (incomplete, dropped), then 5-6-7; 8 left over.
  const auto prims = with_cuts(Topology::TriangleList, 9, {4}, &ids);
  EXPECT_EQ(prims, (std::vector<Prim>{{0, 1, 2}, {5, 6, 7}}));
  EXPECT_EQ(ids, (std::vector<uint32_t>{0, 1}));
  ids.clear();
  // Line list 0-1, 2 cut off, 3-4, 5-6.
  EXPECT_EQ(with_cuts(Topology::LineList, 7, {2}, &ids),
            (std::vector<Prim>{{0, 1}, {3, 4}, {5, 6}}));
  ids.clear();
  // Triangle strip with adjacency: 0..6 gives one triangle, cut; 7..12 one more.
  EXPECT_EQ(with_cuts(Topology::TriangleStripAdj, 13, {6}, &ids),
            (std::vector<Prim>{{0, 2, 4}, {7, 9, 11}}));
  EXPECT_EQ(ids, (std::vector<uint32_t>{0, 1}));
}

TEST(TopologyFormulas, IncompletePrimitivesAtTheEndAreDropped) {
  EXPECT_EQ(assemble(Topology::TriangleList, 5).size(), 1u);
  EXPECT_EQ(assemble(Topology::LineList, 3).size(), 1u);
  EXPECT_EQ(assemble(Topology::TriangleStrip, 2).size(), 0u);
  EXPECT_EQ(assemble(Topology::LineListAdj, 7).size(), 1u);
  EXPECT_EQ(assemble(Topology::TriangleStripAdj, 5).size(), 0u);
}

TEST(TopologyFormulas, PrimitiveIdWrapsAt2To32) {
  PrimitiveAssembler pa(Topology::PointList);
  pa.set_next_id(0xFFFFFFFEu);
  Primitive p;
  std::vector<uint32_t> ids;
  for (uint32_t i = 0; i < 4; ++i)
    if (pa.push(i, p)) ids.push_back(p.id);
  EXPECT_EQ(ids, (std::vector<uint32_t>{0xFFFFFFFEu, 0xFFFFFFFFu, 0u, 1u}));
  pa.reset();  // a new instance restarts at 0
  ASSERT_TRUE(pa.push(9, p));
  EXPECT_EQ(p.id, 0u);
}

}  // namespace
}  // namespace gfx::func
