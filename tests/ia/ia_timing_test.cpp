// The timing input assembler alone (tests/ia/ia_rig.h): post-transform reuse on an indexed
// grid against the analytic values for the cache size and policy, fetched bytes against the
// bytes the draw references, strip cuts, instancing (warps never span instances,
// PrimitiveID restarts), points and lines, out-of-bounds indices, and the index rate.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "ia_rig.h"

namespace gfx::ia::test {
namespace {

constexpr uint32_t kGrid = 32;  // 32 x 32 quads, 33^2 = 1089 vertices, 6144 indices

IaConfig config(uint32_t entries, const char* policy = "fifo") {
  IaConfig c;
  c.post_transform_entries = entries;
  c.post_transform_policy = policy;
  c.vertex_store_entries = 2 * entries + 1024;
  return c;
}

// Row-by-row grid: a small cache keeps only the current quad's neighbours, so every row
// shades its top and bottom vertex rows, 2 (n + 1); a cache holding more than a row of
// vertices (n + 1 plus the current quad's) shades every vertex once, (n + 1)^2 in all.
TEST(IaTiming, GridReuseMatchesTheAnalyticValueOfASmallCache) {
  MeshDraw m((kGrid + 1) * (kGrid + 1), grid_indices(kGrid));
  Rig rig("ia_small", config(8));
  rig.run(m.ctx);
  const double shaded = 2.0 * (kGrid + 1) * kGrid;  // 2112
  EXPECT_EQ(rig.stat("vertices_shaded"), shaded);
  EXPECT_NEAR(rig.stat("reuse_ratio"), 1.0 - shaded / (6.0 * kGrid * kGrid), 1e-9);  // 0.65625
}

TEST(IaTiming, LargerCacheRaisesReuseAndLowersShading) {
  MeshDraw m((kGrid + 1) * (kGrid + 1), grid_indices(kGrid));
  const uint32_t sizes[] = {8, 32, 48, 64, 72, 80, 128};
  constexpr int kSizes = int(sizeof sizes / sizeof sizes[0]);
  double reuse[kSizes], shaded[kSizes];
  for (int i = 0; i < kSizes; ++i) {
    Rig rig("ia_size" + std::to_string(i), config(sizes[i]));
    rig.run(m.ctx);
    reuse[i] = rig.stat("reuse_ratio");
    shaded[i] = rig.stat("vertices_shaded");
    std::printf("post_transform_entries %u: shaded %.0f, reuse %.6f\n", sizes[i], shaded[i],
                reuse[i]);
  }
  for (int i = 1; i < kSizes; ++i) {
    EXPECT_GE(reuse[i], reuse[i - 1]);
    EXPECT_LE(shaded[i], shaded[i - 1]);
  }
  EXPECT_LT(shaded[kSizes - 1], shaded[0]);
  // 128 entries outlast the first row, which inserts both of its vertex rows (2 (n + 1) =
  // 66 entries): after it every vertex is shaded exactly once.
  EXPECT_EQ(shaded[kSizes - 1], double((kGrid + 1) * (kGrid + 1)));
  EXPECT_NEAR(reuse[kSizes - 1], 1.0 - 1089.0 / 6144.0, 1e-9);  // 0.822754
}

TEST(IaTiming, LruKeepsSharedVerticesAFifoLoses) {
  // Vertex 0 is used by every triangle (a fan written as a list): with 4 entries a FIFO
  // evicts it every other triangle, LRU keeps it.
  std::vector<uint16_t> idx;
  for (uint16_t t = 0; t < 40; ++t)
    for (uint16_t i : {uint16_t(0), uint16_t(t + 1), uint16_t(t + 2)}) idx.push_back(i);
  MeshDraw m(42, idx);
  Rig fifo("ia_fifo", config(4, "fifo")), lru("ia_lru", config(4, "lru"));
  fifo.run(m.ctx);
  lru.run(m.ctx);
  EXPECT_EQ(lru.stat("vertices_shaded"), 42.0);  // each vertex once
  EXPECT_GT(fifo.stat("vertices_shaded"), 42.0);
  EXPECT_GT(lru.stat("reuse_ratio"), fifo.stat("reuse_ratio"));
  // Same primitives, same PrimitiveIDs either way.
  ASSERT_EQ(lru.prims.size(), 40u);
  for (uint32_t i = 0; i < 40; ++i) EXPECT_EQ(lru.prims[i].primitive_id, i);
}

TEST(IaTiming, FetchedBytesAreTheBytesTheDrawReferences) {
  MeshDraw m((kGrid + 1) * (kGrid + 1), grid_indices(kGrid));
  Rig rig("ia_bytes", config(128));
  rig.run(m.ctx);
  // Every index once (2 bytes) and every vertex's 12-byte position once.
  EXPECT_EQ(rig.stat("index_bytes"), 6144.0 * 2);
  EXPECT_EQ(rig.stat("attribute_bytes"), 1089.0 * 12);
  EXPECT_EQ(rig.stat("bytes_fetched"), 6144.0 * 2 + 1089.0 * 12);
  EXPECT_EQ(rig.stat("vertices_fetched"), 1089.0);
  EXPECT_EQ(rig.stat("primitives_triangle_list"), 2.0 * kGrid * kGrid);
}

TEST(IaTiming, StripCutCountsAndKeepsPrimitiveIds) {
  MeshDraw m(8, {0, 1, 2, 3, 0xFFFF, 4, 5, 6, 7});
  m.ctx->topology = api::Topology::TriangleStrip;
  Rig rig("ia_cut", config(32));
  rig.run(m.ctx);
  EXPECT_EQ(rig.stat("cuts"), 1.0);
  EXPECT_EQ(rig.stat("primitives_triangle_strip"), 4.0);
  ASSERT_EQ(rig.prims.size(), 4u);
  for (uint32_t i = 0; i < 4; ++i) EXPECT_EQ(rig.prims[i].primitive_id, i);
}

TEST(IaTiming, InstancesNeverShareWarpsAndRestartPrimitiveIds) {
  MeshDraw m(10, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  m.ctx->topology = api::Topology::TriangleStripAdj;
  m.ctx->instance_count = 2;
  Rig rig("ia_inst", config(32));
  rig.run(m.ctx);
  EXPECT_EQ(rig.warp_instances, (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(rig.warp_sizes, (std::vector<uint32_t>{10, 10}));  // adjacent vertices shaded too
  ASSERT_EQ(rig.prims.size(), 6u);
  const uint32_t ids[6] = {0, 1, 2, 0, 1, 2};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(rig.prims[i].primitive_id, ids[i]);
  EXPECT_EQ(rig.stat("instances"), 2.0);
}

TEST(IaTiming, PointsAndLinesGoOutWithTheirVertexCount) {
  MeshDraw m(4, {0, 1, 2, 3});
  m.ctx->topology = api::Topology::LineStrip;
  Rig rig("ia_lines", config(32));
  rig.run(m.ctx);
  ASSERT_EQ(rig.prims.size(), 3u);
  for (const auto& p : rig.prims) {
    EXPECT_EQ(p.count, 2);
    EXPECT_EQ(p.seq[2], p.seq[1]);  // the unused slot repeats the last vertex
  }
  EXPECT_EQ(rig.stat("primitives_line_strip"), 3.0);
}

TEST(IaTiming, IndexPastTheBufferIsCountedAndReadsVertexZero) {
  MeshDraw m(4, {1, 2, 3});
  m.ctx->count = 6;  // slots 3..5 lie past the 3-index buffer
  Rig rig("ia_oob", config(32));
  rig.run(m.ctx);
  EXPECT_EQ(rig.stat("index_out_of_bounds_reads"), 3.0);
  EXPECT_EQ(rig.counts.out_of_bounds, 3u);
  EXPECT_EQ(rig.stat("vertices_shaded"), 4.0);  // 1, 2, 3, then index 0 once
}

TEST(IaTiming, IndicesPerCycleBoundsTheRate) {
  // Non-indexed points, nothing reused: one new vertex per index, so the slower of the two
  // rates sets the pace; 64 vertices take at least 64 / rate cycles.
  MeshDraw m(64, {});
  m.ctx->indexed = false;
  m.ctx->count = 64;
  m.ctx->topology = api::Topology::PointList;
  IaConfig fast = config(32), slow = config(32);
  slow.vertices_per_cycle = 1;
  Rig a("ia_fast", fast), b("ia_slow", slow);
  const Cycle ta = a.run(m.ctx), tb = b.run(m.ctx);
  EXPECT_EQ(a.prims.size(), 64u);
  EXPECT_EQ(b.prims.size(), 64u);
  EXPECT_GE(tb, 64u);
  EXPECT_LT(ta, tb);
}

// A fan shades one new vertex per triangle, so a primitive queue of a few entries plus the
// unit's own 2 x indices_per_cycle waiting primitives hold fewer vertices than a warp: setup
// waits at the head for a vertex of the batch that is still open, and the batch would only
// close once full. The unit must send the partial batch instead (it used to stop for good).
TEST(IaTiming, SmallPrimitiveQueueDrainsAFanWhileSetupWaitsForVertices) {
  std::vector<uint16_t> idx;
  for (uint16_t i = 0; i < 40; ++i) idx.push_back(i);
  MeshDraw m(40, idx);
  m.ctx->topology = api::Topology::TriangleFan;
  for (uint32_t capacity = 1; capacity <= 6; ++capacity) {
    Rig rig("ia_fan" + std::to_string(capacity), config(8),
            sim::QueueConfig().with_capacity(capacity).with_width(2).with_latency(1),
            /*setup_waits=*/true);
    rig.run(m.ctx);
    SCOPED_TRACE("primitive queue capacity " + std::to_string(capacity));
    ASSERT_TRUE(rig.drained);
    ASSERT_EQ(rig.prims.size(), 38u);
    for (uint32_t i = 0; i < 38; ++i) EXPECT_EQ(rig.prims[i].primitive_id, i);
    // The first batch holds the vertices of the primitives queued and waiting in the unit
    // (capacity + 2 x 4) when setup's head needs its newest vertex: their triangles' 2 + n
    // vertices. Each later batch: the primitives that fit in once the earlier batch drained.
    const std::vector<std::vector<uint32_t>> expected = {{11, 9, 9, 9, 2}, {12, 10, 10, 8},
                                                         {13, 11, 11, 5},  {14, 12, 12, 2},
                                                         {15, 13, 12},     {16, 14, 10}};
    EXPECT_EQ(rig.warp_sizes, expected[capacity - 1]);
  }
}

// With room for a warp's worth of primitives nothing changes: batches go out full.
TEST(IaTiming, RoomyPrimitiveQueueKeepsFullWarpsWhileSetupWaits) {
  std::vector<uint16_t> idx;
  for (uint16_t i = 0; i < 40; ++i) idx.push_back(i);
  MeshDraw m(40, idx);
  m.ctx->topology = api::Topology::TriangleFan;
  Rig rig("ia_fan_roomy", config(8),
          sim::QueueConfig().with_capacity(64).with_width(2).with_latency(1),
          /*setup_waits=*/true);
  rig.run(m.ctx);
  ASSERT_TRUE(rig.drained);
  EXPECT_EQ(rig.warp_sizes, (std::vector<uint32_t>{16, 16, 8}));
}

}  // namespace
}  // namespace gfx::ia::test
