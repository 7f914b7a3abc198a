// Procedural textures and mip chains for the bundled traces.
#include "tools/tracegen_textures.h"

#include <algorithm>

#include "tools/tracegen_math.h"

namespace gfx::tracegen {
namespace {

constexpr uint32_t kPalette[8] = {0xFFC04040, 0xFF40A040, 0xFF4060C0, 0xFFD0B040,
                                  0xFF9050B0, 0xFF40B0B0, 0xFFE08030, 0xFF808080};

uint32_t isqrt(uint32_t v) {  // floor(sqrt(v)), exactly, without floating point
  uint32_t r = 0;
  while ((r + 1) * (r + 1) <= v) ++r;
  return r;
}

}  // namespace

Image checker(uint32_t size, uint32_t cell, uint32_t c0, uint32_t c1) {
  Image img{size, size, std::vector<uint32_t>(size * size)};
  for (uint32_t y = 0; y < size; ++y)
    for (uint32_t x = 0; x < size; ++x)
      img.texels[y * size + x] = ((x / cell + y / cell) & 1) ? c1 : c0;
  return img;
}

Image bricks(uint32_t size, uint64_t seed) {
  constexpr uint32_t kBrickW = 32, kBrickH = 16, kMortar = 0xFFC8C8C0;
  Lcg rng(seed);
  const uint32_t rows = size / kBrickH, cols = size / kBrickW + 1;
  std::vector<uint32_t> colour(rows * cols);
  for (auto& c : colour) {
    uint32_t r = 150 + rng.next() % 70, g = 50 + rng.next() % 40, b = 30 + rng.next() % 30;
    c = 0xFF000000 | (r << 16) | (g << 8) | b;
  }
  Image img{size, size, std::vector<uint32_t>(size * size)};
  for (uint32_t y = 0; y < size; ++y) {
    uint32_t row = y / kBrickH;
    uint32_t shift = (row & 1) ? kBrickW / 2 : 0;  // running bond
    for (uint32_t x = 0; x < size; ++x) {
      uint32_t bx = x + shift;
      bool mortar = y % kBrickH == 0 || bx % kBrickW == 0;
      img.texels[y * size + x] = mortar ? kMortar : colour[row * cols + bx / kBrickW];
    }
  }
  return img;
}

Image rings(uint32_t size, uint32_t ring_width) {
  Image img{size, size, std::vector<uint32_t>(size * size)};
  const int c = static_cast<int>(size / 2);
  for (uint32_t y = 0; y < size; ++y)
    for (uint32_t x = 0; x < size; ++x) {
      int dx = static_cast<int>(x) - c, dy = static_cast<int>(y) - c;
      uint32_t r = isqrt(static_cast<uint32_t>(dx * dx + dy * dy));
      img.texels[y * size + x] = kPalette[(r / ring_width) % 8];
    }
  return img;
}

Image tiles(uint32_t size, uint32_t tile) {
  Image img{size, size, std::vector<uint32_t>(size * size)};
  for (uint32_t y = 0; y < size; ++y)
    for (uint32_t x = 0; x < size; ++x) {
      uint32_t tx = x / tile, ty = y / tile;
      bool grout = x % tile == 0 || y % tile == 0;
      img.texels[y * size + x] = grout ? 0xFF202020 : kPalette[(tx * 7 + ty * 3) % 8];
    }
  return img;
}

Image box_downsample(const Image& img) {
  Image out{std::max(1u, img.width / 2), std::max(1u, img.height / 2), {}};
  out.texels.resize(out.width * out.height);
  for (uint32_t y = 0; y < out.height; ++y)
    for (uint32_t x = 0; x < out.width; ++x) {
      // Clamped 2x2 footprint, so a 1-texel-wide level still averages what it has.
      uint32_t x0 = std::min(2 * x, img.width - 1), x1 = std::min(2 * x + 1, img.width - 1);
      uint32_t y0 = std::min(2 * y, img.height - 1), y1 = std::min(2 * y + 1, img.height - 1);
      const uint32_t q[4] = {img.texels[y0 * img.width + x0], img.texels[y0 * img.width + x1],
                             img.texels[y1 * img.width + x0], img.texels[y1 * img.width + x1]};
      uint32_t result = 0;
      for (int shift = 0; shift < 32; shift += 8) {
        uint32_t sum = 2;  // round to nearest
        for (uint32_t t : q) sum += (t >> shift) & 0xFF;
        result |= (sum / 4) << shift;
      }
      out.texels[y * out.width + x] = result;
    }
  return out;
}

api::Texture make_texture(const Image& level0, bool mips) {
  api::Texture t;
  t.format = api::Format::A8R8G8B8;
  t.width = level0.width;
  t.height = level0.height;
  Image level = level0;
  while (true) {
    std::vector<uint8_t> bytes(level.texels.size() * 4);
    for (std::size_t i = 0; i < level.texels.size(); ++i)
      for (int k = 0; k < 4; ++k)
        bytes[i * 4 + k] = static_cast<uint8_t>(level.texels[i] >> (8 * k));
    t.levels.push_back(std::move(bytes));
    if (!mips || (level.width == 1 && level.height == 1)) break;
    level = box_downsample(level);
  }
  return t;
}

}  // namespace gfx::tracegen
