// The tile models and the compressor alone (model/rop/tile_model.h, compressor.h), in
// front of a recording memory port: which tiles compress, the bytes each fill and
// write-back moves in each tile state, the on-chip answer for cleared tiles, and the
// Present resolve.
#include "rop/compressor.h"

#include <gtest/gtest.h>

#include <cmath>
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
  EXPECT_TRUE(compresses(
      *m, tile_of([](int x, int y) { return uint64_t(1000.0 + 12.4 * x + 7.7 * y + 0.5); })));
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
  EXPECT_FALSE(compresses(
      *m, tile_of([](int x, int y) { return uint64_t(7000 + 256 * (x == 3 && y == 3)); })));
  EXPECT_TRUE(compresses(
      *m, tile_of([](int x, int y) { return uint64_t(7000 + 255 * (x == 3 && y == 3)); })));
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

// A 4x tile: sample s of pixel (x, y) is f(x + ox / 16, y + oy / 16) at D3D10's 4x offsets.
constexpr int kOffsets4x[4][2] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
TilePixels tile4x(uint64_t (*f)(double x, double y)) {
  TilePixels t;
  t.samples = 4;
  for (int p = 0; p < 16; ++p)
    for (int s = 0; s < 4; ++s)
      t.value[p * 4 + s] = f(p % 4 + kOffsets4x[s][0] / 16.0, p / 4 + kOffsets4x[s][1] / 16.0);
  return t;
}
// The pixel a sample coordinate lies in (4x offsets are under half a pixel).
uint64_t pixel_of(double v) { return uint64_t(std::lround(v)); }
uint64_t sloped(double x, double y) { return uint64_t(100000.0 + 37.3 * x + 91.7 * y + 0.5); }

// The architect's "4x depth costs about the 1x bytes": one plane stands for every sample,
// so a fully covered 256-byte 4x tile packs into ceil(64 / 4) = 16 bytes, as a 64-byte 1x
// tile does; an edge tile (two primitives' planes) stays plain.
TEST(TileModel, PlanePacksAFullyCoveredFourSampleTileLikeASingleSampleOne) {
  auto m = make_tile_model("plane", {});
  EXPECT_EQ(m->packed_bytes(tile_of([](int x, int y) { return sloped(x, y); }), 64), 16u);
  EXPECT_EQ(m->packed_bytes(tile4x(sloped), 256), 16u);
  EXPECT_EQ(make_tile_model("plane", {3, 8, 1})->packed_bytes(tile4x(sloped), 256), 22u);
  // Samples 2 and 3 of the right half on another plane (a second triangle): not one plane.
  TilePixels edge = tile4x(sloped);
  for (int p = 0; p < 16; ++p)
    if (p % 4 >= 2)
      for (int s = 2; s < 4; ++s) edge.value[p * 4 + s] = 5000 + 3 * uint64_t(p);
  EXPECT_EQ(m->packed_bytes(edge, 256), 0u);
  // Each sample's grid is a plane but sample 3 is shifted by a varying amount.
  TilePixels shifted = tile4x(sloped);
  for (int p = 0; p < 16; ++p) shifted.value[p * 4 + 3] += uint64_t(p % 4) * 2;
  EXPECT_EQ(m->packed_bytes(shifted, 256), 0u);
  // One stencil value for the tile, all samples included.
  TilePixels stencil = tile4x(sloped);
  stencil.aux[63] = 1;
  EXPECT_EQ(m->packed_bytes(stencil, 256), 0u);
}

TEST(TileModel, UniformAndMinMaxAtFourSamples) {
  TilePixels one = tile4x([](double, double) -> uint64_t { return 0xFF102030; });
  EXPECT_EQ(make_tile_model("uniform", {})->packed_bytes(one, 256), 16u);  // one colour
  // The sloped tile spans 37.3 x 3.75 + 91.7 x 3.75 = 484 < 2^9: ceil(256 / 4) bytes.
  EXPECT_EQ(make_tile_model("minmax", {4, 9, 1})->packed_bytes(tile4x(sloped), 256), 64u);
  EXPECT_EQ(make_tile_model("minmax", {4, 8, 1})->packed_bytes(tile4x(sloped), 256), 0u);
}

// The colour model for MSAA: a pixel whose samples are equal stores one colour (4 bytes),
// any other its 4, plus flag_bits a pixel of the tile.
TEST(TileModel, SamplesStoresOneColourForAPixelOfEqualSamples) {
  auto m = make_tile_model("samples", {4, 8, 1});
  // Interior: every pixel one colour, the pixels all different: 16 x 4 + 16 / 8 = 66.
  TilePixels inner =
      tile4x([](double x, double y) -> uint64_t { return pixel_of(x) * 7 + pixel_of(y) * 100; });
  EXPECT_EQ(m->packed_bytes(inner, 256), 66u);
  EXPECT_EQ(make_tile_model("samples", {4, 8, 8})->packed_bytes(inner, 256), 64u + 16u);
  // Edge: three pixels with two colours among their samples: (13 + 3 x 4) x 4 + 2 = 102.
  TilePixels edge = inner;
  for (int p : {3, 7, 11}) edge.value[p * 4 + 1] = 0xFF;
  EXPECT_EQ(m->packed_bytes(edge, 256), 102u);
  // Every pixel split: 16 x 16 + 2 = 258 is not less than 256: plain.
  for (int p = 0; p < 16; ++p) edge.value[p * 4 + 1] = 0xFF;
  EXPECT_EQ(m->packed_bytes(edge, 256), 0u);
  // A tile of one colour packs as `uniform` does (ratio 4): 16 bytes.
  EXPECT_EQ(m->packed_bytes(tile4x([](double, double) -> uint64_t { return 9; }), 256), 16u);
  // At one sample only one-colour tiles compress (a per-pixel colour is no saving).
  EXPECT_EQ(m->packed_bytes(tile_of([](int x, int) { return uint64_t(x); }), 64), 0u);
  EXPECT_EQ(m->packed_bytes(tile_of([](int, int) -> uint64_t { return 3; }), 64), 16u);
  // A 2 x 1-pixel edge tile: the 14 pixels past the edge count one colour each.
  TilePixels small;
  small.w = 2;
  small.h = 1;
  small.samples = 4;
  for (int i = 0; i < 8; ++i) small.value[i] = uint64_t(i);  // both pixels split
  EXPECT_EQ(m->packed_bytes(small, 256), (14u + 8u) * 4u + 2u);
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

// A 4x tile of 256 bytes in blocks of one 64-byte line: each block moves its share of the
// packed tile, ceil(P x 64 / 256), on its own.
class MsaaRig {
 public:
  explicit MsaaRig(const char* depth_model, const char* color_model = "samples") {
    FastClearConfig fc;
    fc.enable = true;
    fc.fill_latency = 3;
    CompressionParams depth{true, depth_model, 4, 8, 1}, color{true, color_model, 4, 8, 1};
    unit = std::make_unique<Compressor>(fc, depth, color, next);
    unit->track(kBase, Compressor::Kind::Depth, 2, 256, 64,
                [this](uint64_t t, TilePixels& px) { px = t == 0 ? tile4x(sloped) : noisy; });
    unit->track(kColor, Compressor::Kind::Color, 2, 256, 64, [](uint64_t t, TilePixels& px) {
      px = tile4x([](double x, double y) -> uint64_t { return pixel_of(x) + 4 * pixel_of(y); });
      if (t == 1) px.value[1] = 77;  // pixel 0 split
    });
  }
  static constexpr Addr kColor = 0x40000;
  Recorder next;
  std::unique_ptr<Compressor> unit;
  TilePixels noisy = tile4x([](double x, double y) { return uint64_t(x * x * 900 + y * 31); });
};

TEST(Compressor, FourSampleTilesMoveTheirShareOfThePackedTilePerLine) {
  MsaaRig r("plane");
  // Depth tile 0 is one plane: 16 bytes packed, 4 per line; tile 1 is not: 64 per line.
  r.unit->write(0, kBase, 64, sim::Client::Depth);
  r.unit->write(0, kBase + 192, 64, sim::Client::Depth);
  r.unit->write(0, kBase + 256, 64, sim::Client::Depth);
  ASSERT_EQ(r.next.log.size(), 3u);
  EXPECT_EQ(r.next.log[0].bytes, 4u);
  EXPECT_EQ(r.next.log[1].bytes, 4u);
  EXPECT_EQ(r.next.log[2].bytes, 64u);
  EXPECT_EQ(r.unit->state(kBase, 0, 0), State::Compressed);
  EXPECT_EQ(r.unit->state(kBase, 0, 1), State::Plain);  // not written yet
  EXPECT_EQ(r.unit->state(kBase, 0, 3), State::Compressed);
  // A whole-tile write: 4 x 4 bytes; its fill reads the same 16.
  r.unit->write(1, kBase, 256, sim::Client::Depth);
  EXPECT_EQ(r.next.log[3].bytes, 16u);
  r.unit->read(2, kBase, 256, sim::Client::Depth);
  EXPECT_EQ(r.next.log[4].bytes, 16u);
  // Colour, samples model: tile 0 packs into 16 x 4 + 2 = 66 bytes, 17 a line; tile 1
  // (one pixel split) into 15 x 4 + 16 + 2 = 78 bytes, ceil(19.5) = 20 a line.
  r.unit->write(3, MsaaRig::kColor, 512, sim::Client::Color);
  EXPECT_EQ(r.next.log[5].bytes, 4u * 17u + 4u * 20u);
}

TEST(Compressor, AFastClearedFourSampleTileReadsNothingAndResolvesWhole) {
  MsaaRig r("plane");
  r.unit->clear_tile(kBase, 1);
  for (uint32_t b = 0; b < 4; ++b) EXPECT_EQ(r.unit->state(kBase, 1, b), State::Cleared);
  EXPECT_EQ(r.unit->state(kBase, 0, 0), State::Plain);
  EXPECT_EQ(r.unit->read(10, kBase + 256, 256, sim::Client::Depth), 13u);
  EXPECT_TRUE(r.next.log.empty());
  // Half a line of a cleared block: that line is written whole, the others stay cleared.
  r.unit->write(11, kBase + 256 + 64, 32, sim::Client::Depth);
  ASSERT_EQ(r.next.log.size(), 1u);
  EXPECT_EQ(r.next.log[0].bytes, 64u);
  EXPECT_EQ(r.unit->state(kBase, 1, 1), State::Plain);
  EXPECT_EQ(r.unit->state(kBase, 1, 2), State::Cleared);
  // The resolve writes the three cleared lines, 64 bytes each.
  r.next.log.clear();
  EXPECT_EQ(r.unit->resolve(20, kBase), 30u);
  ASSERT_EQ(r.next.log.size(), 3u);
  for (const Recorder::Request& q : r.next.log) EXPECT_TRUE(q.write && q.bytes == 64u);
}

TEST(Compressor, OffMeansInactive) {
  Recorder next;
  EXPECT_FALSE(Compressor(FastClearConfig{}, {}, {}, next).active());
}

}  // namespace
}  // namespace gfx::rop
