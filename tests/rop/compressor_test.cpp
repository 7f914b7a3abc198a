// The tile models and the compressor alone (model/rop/tile_model.h, compressor.h), in
// front of a recording memory port: which tiles compress, the bytes each fill and
// write-back moves in each tile state, the on-chip answer for cleared tiles, and the
// Present resolve.
#include "rop/compressor.h"

#include <gtest/gtest.h>

#include <vector>

#include "rop/tile_model.h"

namespace gfx::rop {
namespace {

// Whether the model packs the 1x 64-byte tile `t`, which it then does at ratio 4.
bool compresses(const TileModel& m, const TilePixels& t) {
  const uint32_t bytes = m.packed_bytes(t, 64);
  EXPECT_TRUE(bytes == 0 || bytes == 16) << bytes;
  return bytes != 0;
}

TilePixels tile_of(uint64_t (*f)(int x, int y)) {
  TilePixels t;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) t.value[y * 4 + x] = f(x, y);
  return t;
}

TEST(TileModel, UniformNeedsOneValueAndOneAux) {
  auto m = make_tile_model("uniform", {});
  TilePixels t = tile_of([](int, int) -> uint64_t { return 0xFF336699; });
  EXPECT_TRUE(compresses(*m, t));
  t.aux[5] = 1;
  EXPECT_FALSE(compresses(*m, t));
  t.aux[5] = 0;
  t.value[15] = 0xFF336698;
  EXPECT_FALSE(compresses(*m, t));
}

TEST(TileModel, PlaneTakesARoundedPlaneButNotANoisyTile) {
  auto m = make_tile_model("plane", {});
  // An exact plane, and one rounded to integers (second differences in [-1, 1]).
  EXPECT_TRUE(
      compresses(*m, tile_of([](int x, int y) { return uint64_t(1000 + 37 * x + 91 * y); })));
  EXPECT_TRUE(compresses(*m, 
      tile_of([](int x, int y) { return uint64_t(1000.0 + 12.4 * x + 7.7 * y + 0.5); })));
  // A bilinear x*y term is not a plane: its mixed difference is 5.
  EXPECT_FALSE(compresses(*m, tile_of([](int x, int y) { return uint64_t(1000 + 5 * x * y); })));
  // One pixel off by 2.
  TilePixels t = tile_of([](int x, int y) { return uint64_t(1000 + 37 * x + 91 * y); });
  t.value[6] += 2;
  EXPECT_FALSE(compresses(*m, t));
  // A plane with two stencil values.
  t = tile_of([](int x, int) { return uint64_t(50 * x); });
  t.aux[0] = 3;
  EXPECT_FALSE(compresses(*m, t));
}

TEST(TileModel, MinMaxBoundsTheRangeByDeltaBits) {
  auto m = make_tile_model("minmax", {4, 8, 1});
  EXPECT_TRUE(compresses(*m, tile_of([](int x, int y) { return uint64_t(7000 + 17 * x * y); })));
  EXPECT_FALSE(compresses(*m, 
      tile_of([](int x, int y) { return uint64_t(7000 + 256 * (x == 3 && y == 3)); })));
  EXPECT_TRUE(compresses(*m, 
      tile_of([](int x, int y) { return uint64_t(7000 + 255 * (x == 3 && y == 3)); })));
}

TEST(TileModel, EdgeTilesUseTheirInSurfacePixelsOnly) {
  auto m = make_tile_model("uniform", {});
  TilePixels t;
  t.w = 2;
  t.h = 1;
  t.value[0] = t.value[1] = 9;
  t.value[2] = 1;  // outside the 2 x 1 pixels
  EXPECT_TRUE(compresses(*m, t));
}

// The next level: records every request, answers reads 100 cycles and writes 10 later.
struct Recorder : sim::MemoryPort {
  struct Request {
    bool write;
    Cycle now;
    Addr addr;
    uint32_t bytes;
    sim::Client client;
  };
  std::vector<Request> log;
  Cycle read(Cycle now, Addr a, uint32_t b, sim::Client c) override {
    log.push_back({false, now, a, b, c});
    return now + 100;
  }
  Cycle write(Cycle now, Addr a, uint32_t b, sim::Client c) override {
    log.push_back({true, now, a, b, c});
    return now + 10;
  }
};

constexpr Addr kBase = 0x10000;

// Four 64-byte depth tiles at kBase; tile t's pixels are uniform when uniform[t].
class CompressorRig {
 public:
  explicit CompressorRig(bool fast_clear = true, uint32_t ratio = 4) {
    FastClearConfig fc;
    fc.enable = fast_clear;
    fc.fill_latency = 3;
    CompressionParams depth{true, "uniform", ratio, 0}, color;
    unit = std::make_unique<Compressor>(fc, depth, color, next);
    unit->track(kBase, Compressor::Kind::Depth, 4, 64, 64, [this](uint64_t t, TilePixels& px) {
      for (int i = 0; i < 16; ++i) px.value[i] = uniform[t] ? 5 : uint64_t(i);
    });
  }
  Recorder next;
  std::unique_ptr<Compressor> unit;
  bool uniform[4] = {true, true, false, false};
};

using State = Compressor::State;

TEST(Compressor, PlainTilesAndUntrackedAddressesPassUnchanged) {
  CompressorRig r;
  EXPECT_EQ(r.unit->read(7, kBase + 64, 64, sim::Client::Depth), 107u);
  EXPECT_EQ(r.unit->read(8, 0x90000, 64, sim::Client::Texture), 108u);
  ASSERT_EQ(r.next.log.size(), 2u);
  EXPECT_EQ(r.next.log[0].bytes, 64u);
  EXPECT_EQ(r.next.log[1].addr, 0x90000u);
}

TEST(Compressor, AClearedTileIsAnsweredOnChipAfterTheFillLatency) {
  CompressorRig r;
  r.unit->clear_tile(kBase, 1);
  EXPECT_EQ(r.unit->state(kBase, 1), State::Cleared);
  EXPECT_EQ(r.unit->read(20, kBase + 64, 64, sim::Client::Depth), 23u);
  EXPECT_TRUE(r.next.log.empty());
  // A 128-byte request over a cleared and a plain tile reads the plain one only.
  EXPECT_EQ(r.unit->read(30, kBase + 64, 128, sim::Client::Depth), 130u);
  ASSERT_EQ(r.next.log.size(), 1u);
  EXPECT_EQ(r.next.log[0].bytes, 64u);
}

TEST(Compressor, WriteBacksCompressOnlyCompressibleTiles) {
  CompressorRig r;
  // Tiles 0 and 1 are uniform (16 bytes each at ratio 4), 2 and 3 are not (64 each).
  EXPECT_EQ(r.unit->write(5, kBase, 256, sim::Client::Depth), 15u);
  ASSERT_EQ(r.next.log.size(), 1u);
  EXPECT_EQ(r.next.log[0].bytes, 16u + 16u + 64u + 64u);
  EXPECT_EQ(r.unit->state(kBase, 0), State::Compressed);
  EXPECT_EQ(r.unit->state(kBase, 2), State::Plain);
  // Fills then read the compressed bytes.
  r.unit->read(6, kBase, 64, sim::Client::Depth);
  EXPECT_EQ(r.next.log[1].bytes, 16u);
}

TEST(Compressor, ARatioThatDoesNotDivideTheTileRoundsUp) {
  CompressorRig r(true, 3);
  r.unit->write(0, kBase, 64, sim::Client::Depth);
  EXPECT_EQ(r.next.log[0].bytes, 22u);  // ceil(64 / 3)
}

TEST(Compressor, PartialWritesMakeATilePlainAndWriteItWhole) {
  CompressorRig r;
  r.unit->clear_tile(kBase, 0);
  r.unit->write(0, kBase, 32, sim::Client::Depth);  // half of a cleared tile
  ASSERT_EQ(r.next.log.size(), 1u);
  EXPECT_EQ(r.next.log[0].bytes, 64u);
  EXPECT_EQ(r.unit->state(kBase, 0), State::Plain);
  r.unit->write(1, kBase + 64, 64, sim::Client::Depth);  // tile 1 compressed
  r.unit->write(2, kBase + 96, 32, sim::Client::Depth);  // then half of it
  ASSERT_EQ(r.next.log.size(), 4u);
  EXPECT_FALSE(r.next.log[2].write);  // the compressed block is read back first
  EXPECT_EQ(r.next.log[2].bytes, 16u);
  EXPECT_EQ(r.next.log[3].bytes, 64u);
  // Half of a plain tile is written as it is.
  r.unit->write(3, kBase + 128, 32, sim::Client::Depth);
  EXPECT_EQ(r.next.log[4].bytes, 32u);
}

TEST(Compressor, ResolveWritesClearedTilesAndDecompressesCompressedOnes) {
  CompressorRig r;
  r.unit->write(0, kBase, 64, sim::Client::Depth);  // tile 0 compressed (16 bytes)
  r.unit->clear_tile(kBase, 3);
  r.next.log.clear();
  // At 50: tile 0 read (back at 150), tile 3 written at once; then tile 0 written.
  EXPECT_EQ(r.unit->resolve(50, kBase), 160u);
  ASSERT_EQ(r.next.log.size(), 3u);
  EXPECT_FALSE(r.next.log[0].write);
  EXPECT_EQ(r.next.log[0].bytes, 16u);
  EXPECT_EQ(r.next.log[0].now, 50u);
  EXPECT_TRUE(r.next.log[1].write);
  EXPECT_EQ(r.next.log[1].addr, kBase + 192);
  EXPECT_EQ(r.next.log[1].bytes, 64u);
  EXPECT_EQ(r.next.log[1].now, 50u);
  EXPECT_TRUE(r.next.log[2].write);
  EXPECT_EQ(r.next.log[2].now, 150u);
  EXPECT_EQ(r.next.log[2].bytes, 64u);
  for (uint64_t t = 0; t < 4; ++t) EXPECT_EQ(r.unit->state(kBase, t), State::Plain);
  EXPECT_EQ(r.unit->resolve(200, kBase), 200u);  // nothing left
}

TEST(Compressor, OffMeansInactive) {
  Recorder next;
  EXPECT_FALSE(Compressor(FastClearConfig{}, {}, {}, next).active());
}

}  // namespace
}  // namespace gfx::rop
