#include "func/geom/primitive_assembly.h"

#include <gtest/gtest.h>

#include <vector>

namespace gfx::func {
namespace {

using api::Topology;
using Prims = std::vector<std::vector<uint32_t>>;

// Feed slots 100, 101, ... (distinct from positions, to see slots pass through); a slot of
// kCut means cut(). Returns each primitive's slots minus 100.
constexpr uint32_t kCut = ~0u;
Prims run(Topology t, std::vector<uint32_t> seq, std::vector<uint32_t>* ids = nullptr) {
  PrimitiveAssembler pa(t);
  Prims out;
  Primitive p;
  for (uint32_t s : seq) {
    if (s == kCut) {
      pa.cut();
      continue;
    }
    if (pa.push(100 + s, p)) {
      EXPECT_EQ(p.count, primitive_vertex_count(t));
      EXPECT_EQ(p.provoking, 0);
      out.emplace_back(p.v, p.v + p.count);
      for (auto& v : out.back()) v -= 100;
      if (ids) ids->push_back(p.id);
    }
  }
  return out;
}
std::vector<uint32_t> iota(uint32_t n) {
  std::vector<uint32_t> v(n);
  for (uint32_t i = 0; i < n; ++i) v[i] = i;
  return v;
}

TEST(PrimitiveAssembly, Lists) {
  EXPECT_EQ(run(Topology::PointList, iota(3)), (Prims{{0}, {1}, {2}}));
  EXPECT_EQ(run(Topology::LineList, iota(5)), (Prims{{0, 1}, {2, 3}}));  // 4 dropped
  EXPECT_EQ(run(Topology::TriangleList, iota(8)), (Prims{{0, 1, 2}, {3, 4, 5}}));
}

TEST(PrimitiveAssembly, LineStrip) {
  EXPECT_EQ(run(Topology::LineStrip, iota(4)), (Prims{{0, 1}, {1, 2}, {2, 3}}));
  EXPECT_EQ(run(Topology::LineStrip, iota(1)), Prims{});
}

TEST(PrimitiveAssembly, TriangleStripKeepsWinding) {
  // D3D9 DDI order: 012, 132, 234, 354 (odd triangles keep their leading vertex first).
  EXPECT_EQ(run(Topology::TriangleStrip, iota(6)),
            (Prims{{0, 1, 2}, {1, 3, 2}, {2, 3, 4}, {3, 5, 4}}));
  EXPECT_EQ(run(Topology::TriangleStrip, iota(2)), Prims{});
}

TEST(PrimitiveAssembly, TriangleFanD3D9Order) {
  // MSDocs: "v2, v3, and v1 to draw the first triangle; v3, v4, and v1 ..." (1-based).
  EXPECT_EQ(run(Topology::TriangleFan, iota(5)), (Prims{{1, 2, 0}, {2, 3, 0}, {3, 4, 0}}));
}

TEST(PrimitiveAssembly, LineAdjacency) {
  EXPECT_EQ(run(Topology::LineListAdj, iota(11)), (Prims{{1, 2}, {5, 6}}));  // 8..10 dropped
  EXPECT_EQ(run(Topology::LineStripAdj, iota(6)), (Prims{{1, 2}, {2, 3}, {3, 4}}));
  EXPECT_EQ(run(Topology::LineStripAdj, iota(3)), Prims{});
}

TEST(PrimitiveAssembly, TriangleListAdjacency) {
  EXPECT_EQ(run(Topology::TriangleListAdj, iota(17)), (Prims{{0, 2, 4}, {6, 8, 10}}));
}

TEST(PrimitiveAssembly, TriangleStripAdjacency) {
  // count = floor((n - 4) / 2); corners are the 1st, 3rd and 5th vertices of the layout:
  // i = 0 {0,1,2,6,4,3} -> 0,2,4; i = 1 (odd) {2,5,6,8,4,0} -> 2,6,4; i = 2 {4,2,6,9,8,7}.
  EXPECT_EQ(run(Topology::TriangleStripAdj, iota(6)), (Prims{{0, 2, 4}}));
  EXPECT_EQ(run(Topology::TriangleStripAdj, iota(7)), (Prims{{0, 2, 4}}));
  EXPECT_EQ(run(Topology::TriangleStripAdj, iota(10)), (Prims{{0, 2, 4}, {2, 6, 4}, {4, 6, 8}}));
  EXPECT_EQ(run(Topology::TriangleStripAdj, iota(12)),
            (Prims{{0, 2, 4}, {2, 6, 4}, {4, 6, 8}, {6, 10, 8}}));
  EXPECT_EQ(run(Topology::TriangleStripAdj, iota(5)), Prims{});
}

TEST(PrimitiveAssembly, CutRestartsStripsAndDropsPartials) {
  EXPECT_EQ(run(Topology::TriangleStrip, {0, 1, 2, 3, kCut, 4, 5, 6}),
            (Prims{{0, 1, 2}, {1, 3, 2}, {4, 5, 6}}));
  EXPECT_EQ(run(Topology::TriangleList, {0, 1, kCut, 2, 3, 4}), (Prims{{2, 3, 4}}));
  EXPECT_EQ(run(Topology::TriangleFan, {0, 1, 2, kCut, 3, 4, 5, 6}),
            (Prims{{1, 2, 0}, {4, 5, 3}, {5, 6, 3}}));
  EXPECT_EQ(run(Topology::LineStrip, {0, 1, kCut, 2, kCut, 3, 4}), (Prims{{0, 1}, {3, 4}}));
  EXPECT_EQ(run(Topology::TriangleStripAdj, {0, 1, 2, 3, 4, kCut, 5, 6, 7, 8, 9, 10}),
            (Prims{{5, 7, 9}}));
}

TEST(PrimitiveAssembly, PrimitiveIdSurvivesCutNotReset) {
  std::vector<uint32_t> ids;
  run(Topology::TriangleStrip, {0, 1, 2, 3, kCut, 4, 5, 6}, &ids);
  EXPECT_EQ(ids, (std::vector<uint32_t>{0, 1, 2}));
  PrimitiveAssembler pa(Topology::TriangleList);
  Primitive p;
  pa.push(0, p);
  pa.push(1, p);
  ASSERT_TRUE(pa.push(2, p));
  EXPECT_EQ(p.id, 0u);
  pa.reset();
  pa.push(0, p);
  pa.push(1, p);
  ASSERT_TRUE(pa.push(2, p));
  EXPECT_EQ(p.id, 0u);
}

}  // namespace
}  // namespace gfx::func
