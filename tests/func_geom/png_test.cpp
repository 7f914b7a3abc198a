#include "func/image/png.h"

#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "common/error.h"

namespace gfx::func {
namespace {

std::vector<uint32_t> test_pixels(uint32_t w, uint32_t h) {
  std::vector<uint32_t> px(size_t(w) * h);
  uint32_t seed = 7;
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) {
      seed = seed * 1664525u + 1013904223u;
      // Left half noise, right half gradients: both kinds of rows for the filter choice.
      const uint32_t rgb =
          x < w / 2 ? (seed >> 8) & 0xFFFFFF : ((x * 5) << 16) | ((y * 3) << 8) | ((x + y) & 0xFF);
      px[size_t(y) * w + x] = 0xFF000000u | rgb;
    }
  return px;
}

std::string temp_path(const char* name) {
  return std::string(::testing::TempDir()) + "gfx_png_" + std::to_string(::getpid()) + "_" + name;
}

TEST(Png, RoundTripThroughAFile) {
  const uint32_t w = 37, h = 23;
  const std::vector<uint32_t> px = test_pixels(w, h);
  const std::string path = temp_path("rt.png");
  write_png(path, w, h, px.data());
  EXPECT_FALSE(std::ifstream(path + ".tmp").good());  // renamed away
  const Image img = read_png(path);
  EXPECT_EQ(img.width, w);
  EXPECT_EQ(img.height, h);
  EXPECT_EQ(img.pixels, px);
  std::remove(path.c_str());
}

TEST(Png, AlphaIsDroppedAndOutputIsDeterministic) {
  std::vector<uint32_t> px = {0x00112233u, 0x80445566u, 0xFF778899u, 0x12ABCDEFu};
  const std::vector<uint8_t> a = encode_png(2, 2, px.data());
  EXPECT_EQ(encode_png(2, 2, px.data()), a);
  const Image img = decode_png(a.data(), a.size(), "mem");
  EXPECT_EQ(img.pixels,
            (std::vector<uint32_t>{0xFF112233u, 0xFF445566u, 0xFF778899u, 0xFFABCDEFu}));
  EXPECT_EQ(a[25], 2);  // IHDR colour type: RGB
}

// A hand-made RGBA PNG using every filter type, one per row, so the decoder's unfilters
// are checked against the specification's definitions, not against our encoder.
std::vector<uint8_t> make_rgba_png(const std::vector<uint32_t>& px, uint32_t w, uint32_t h) {
  std::vector<uint8_t> raw;
  auto byte_at = [&](int64_t x, int64_t y, int c) -> int {  // RGBA byte, 0 outside
    if (x < 0 || y < 0) return 0;
    const uint32_t p = px[size_t(y) * w + size_t(x)];
    const int shift[4] = {16, 8, 0, 24};
    return int((p >> shift[c]) & 0xFF);
  };
  for (uint32_t y = 0; y < h; ++y) {
    const int f = int(y % 5);
    raw.push_back(uint8_t(f));
    for (uint32_t x = 0; x < w; ++x)
      for (int c = 0; c < 4; ++c) {
        const int v = byte_at(x, y, c), a = byte_at(int64_t(x) - 1, y, c),
                  b = byte_at(x, int64_t(y) - 1, c), d = byte_at(int64_t(x) - 1, int64_t(y) - 1, c);
        int pred = 0;
        if (f == 1) pred = a;
        if (f == 2) pred = b;
        if (f == 3) pred = (a + b) / 2;
        if (f == 4) {
          const int p = a + b - d, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - d);
          pred = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : d);
        }
        raw.push_back(uint8_t(v - pred));
      }
  }
  uLongf zn = compressBound(uLong(raw.size()));
  std::vector<uint8_t> z(zn);
  compress(z.data(), &zn, raw.data(), uLong(raw.size()));
  z.resize(zn);
  std::vector<uint8_t> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  auto chunk = [&out](const char* type, std::vector<uint8_t> body) {
    const uint32_t n = uint32_t(body.size());
    for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(n >> s));
    std::vector<uint8_t> tb(type, type + 4);
    tb.insert(tb.end(), body.begin(), body.end());
    out.insert(out.end(), tb.begin(), tb.end());
    const uint32_t crc = uint32_t(crc32(0, tb.data(), uInt(tb.size())));
    for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(crc >> s));
  };
  chunk("IHDR", {0, 0, 0, uint8_t(w), 0, 0, 0, uint8_t(h), 8, 6, 0, 0, 0});
  chunk("tEXt", {'a', 0, 'b'});  // ancillary: skipped
  // Image data split over two IDAT chunks.
  const size_t half = z.size() / 2;
  chunk("IDAT", std::vector<uint8_t>(z.begin(), z.begin() + half));
  chunk("IDAT", std::vector<uint8_t>(z.begin() + half, z.end()));
  chunk("IEND", {});
  return out;
}

TEST(Png, DecodesRgbaWithAllFilterTypes) {
  const uint32_t w = 9, h = 10;
  std::vector<uint32_t> px = test_pixels(w, h);
  for (size_t i = 0; i < px.size(); ++i)
    px[i] = (px[i] & 0xFFFFFF) | (uint32_t(i * 37 % 256) << 24);
  const std::vector<uint8_t> file = make_rgba_png(px, w, h);
  const Image img = decode_png(file.data(), file.size(), "rgba.png");
  EXPECT_EQ(img.width, w);
  EXPECT_EQ(img.height, h);
  EXPECT_EQ(img.pixels, px);
}

void expect_error(const std::vector<uint8_t>& file, const std::string& needle) {
  try {
    decode_png(file.data(), file.size(), "bad.png");
    ADD_FAILURE() << "no error for " << needle;
  } catch (const Error& e) {
    const std::string msg = e.what();
    EXPECT_EQ(msg.rfind("bad.png: ", 0), 0u) << msg;
    EXPECT_NE(msg.find(needle), std::string::npos) << msg;
  }
}

TEST(Png, BadFilesGiveErrorsNamingTheFile) {
  const std::vector<uint32_t> px = test_pixels(4, 4);
  const std::vector<uint8_t> good = encode_png(4, 4, px.data());
  expect_error({1, 2, 3}, "not a PNG file (bad signature)");
  std::vector<uint8_t> f = good;
  f[30] ^= 1;  // inside IHDR: CRC no longer matches
  expect_error(f, "libpng: IHDR: CRC error");
  f = good;
  f.resize(f.size() - 20);
  expect_error(f, "");
  f = good;
  f[28] = 7;  // an interlace method PNG does not define (IHDR byte 12), with a matching CRC
  const uint32_t crc = uint32_t(crc32(0, f.data() + 12, 17));
  for (int i = 0; i < 4; ++i) f[29 + i] = uint8_t(crc >> (24 - 8 * i));
  expect_error(f, "libpng: ");
  EXPECT_THROW(read_png(temp_path("missing.png")), Error);
  EXPECT_THROW(encode_png(0, 5, px.data()), Error);
}

}  // namespace
}  // namespace gfx::func
