// Texture layouts: the byte offset of a texel in each layout (texture_layout.h), for several
// formats, levels and images, and the cache lines the texture path asks for when a footprint
// runs along a row or down a column.
#include "shader/texture_layout.h"

#include <gtest/gtest.h>

#include "memory/memory_system.h"
#include "shader/texture_path.h"

namespace gfx::shader {
namespace {

using api::TextureLayout;

// Only the shape matters to the layout: the level contents are left empty.
api::Texture shape(api::Format f, uint32_t w, uint32_t h, size_t levels,
                   api::TextureKind kind = api::TextureKind::Texture2D, uint32_t depth = 1) {
  api::Texture t;
  t.format = f;
  t.width = w;
  t.height = h;
  t.kind = kind;
  t.depth = depth;
  t.levels.resize(levels);
  return t;
}

TEST(TextureLayout, TiledPlacesTexelsIn4x4TilesRowMajor) {
  const TextureLayoutMap m(shape(api::Format::A8R8G8B8, 64, 64, 2), TextureLayout::Tiled);
  EXPECT_EQ(m.offset(0, 0, 0, 0), 0u);
  EXPECT_EQ(m.offset(0, 0, 3, 3), 60u);  // last texel of the first 64-byte tile
  EXPECT_EQ(m.offset(0, 0, 4, 0), 64u);  // the next tile to the right
  // (5, 6): tile row 1 of 16 tiles, tile 1 -> tile 17; in it row 2, column 1 -> texel 9.
  EXPECT_EQ(m.offset(0, 0, 5, 6), 17u * 64 + 9 * 4);
  // Level 1 (32x32, 8 tiles a row) starts after level 0's 16 KiB.
  EXPECT_EQ(m.offset(1, 0, 3, 9), 16384u + 16 * 64 + 7 * 4);
  EXPECT_EQ(m.total_bytes(), 16384u + 4096);
}

TEST(TextureLayout, LinearPlacesTexelRowsOneAfterAnother) {
  const TextureLayoutMap m(shape(api::Format::A8R8G8B8, 64, 64, 2), TextureLayout::Linear);
  EXPECT_EQ(m.offset(0, 0, 4, 0), 16u);
  EXPECT_EQ(m.offset(0, 0, 0, 1), 256u);  // a row is 64 texels of 4 bytes
  EXPECT_EQ(m.offset(0, 0, 5, 6), 6u * 256 + 5 * 4);
  EXPECT_EQ(m.offset(1, 0, 3, 9), 16384u + 9 * 128 + 3 * 4);
  EXPECT_EQ(m.total_bytes(), 16384u + 4096);
}

TEST(TextureLayout, SizesNotMultiplesOfFourPadTilesButNotLinearRows) {
  // R5G6B5 6x5, three levels (6x5, 3x2, 1x1). Tiled: 2x2 tiles of 32 bytes, then 1 tile, 1.
  const api::Texture t = shape(api::Format::R5G6B5, 6, 5, 3);
  const TextureLayoutMap tiled(t, TextureLayout::Tiled), linear(t, TextureLayout::Linear);
  EXPECT_EQ(tiled.offset(0, 0, 5, 4), 3u * 32 + 1 * 2);  // tile (1, 1), texel (1, 0)
  EXPECT_EQ(tiled.offset(1, 0, 2, 1), 128u + 6 * 2);
  EXPECT_EQ(tiled.offset(2, 0, 0, 0), 160u);
  EXPECT_EQ(tiled.total_bytes(), 192u);
  EXPECT_EQ(linear.offset(0, 0, 5, 4), 4u * 12 + 5 * 2);  // rows of 6 texels, 12 bytes
  EXPECT_EQ(linear.offset(1, 0, 2, 1), 60u + 6 + 4);
  EXPECT_EQ(linear.offset(2, 0, 0, 0), 72u);
  EXPECT_EQ(linear.total_bytes(), 74u);
}

TEST(TextureLayout, DxtIsRowsOfBlocksInBothLayouts) {
  // DXT1 16x8: 4x2 blocks of 8 bytes; a texel's offset is its block's, read whole.
  for (TextureLayout l : {TextureLayout::Tiled, TextureLayout::Linear}) {
    const TextureLayoutMap m(shape(api::Format::DXT1, 16, 8, 1), l);
    EXPECT_EQ(m.offset(0, 0, 5, 6), (1u * 4 + 1) * 8) << api::to_name(l);
    EXPECT_EQ(m.offset(0, 0, 7, 7), (1u * 4 + 1) * 8) << api::to_name(l);
    EXPECT_EQ(m.offset(0, 0, 15, 0), 3u * 8) << api::to_name(l);
    EXPECT_EQ(m.total_bytes(), 64u) << api::to_name(l);
  }
  const TextureLayoutMap dxt5(shape(api::Format::DXT5, 16, 8, 1), TextureLayout::Linear);
  EXPECT_EQ(dxt5.offset(0, 0, 5, 6), (1u * 4 + 1) * 16);
}

TEST(TextureLayout, CubeFacesAndVolumeSlicesFollowEachOtherInALevel) {
  // A8R8G8B8 cube 8x8, one level: faces of 256 bytes.
  const api::Texture cube = shape(api::Format::A8R8G8B8, 8, 8, 1, api::TextureKind::Cube);
  EXPECT_EQ(TextureLayoutMap(cube, TextureLayout::Tiled).offset(0, 3, 1, 1), 768u + 5 * 4);
  EXPECT_EQ(TextureLayoutMap(cube, TextureLayout::Linear).offset(0, 3, 1, 1), 768u + 32 + 4);
  // L8 volume 4x4x4, two levels: level 0 is 4 slices of 16 bytes; level 1 (2x2x2) slices of
  // one padded 16-byte tile (tiled) or 4 bytes (linear).
  const api::Texture vol = shape(api::Format::L8, 4, 4, 2, api::TextureKind::Volume, 4);
  const TextureLayoutMap tiled(vol, TextureLayout::Tiled), linear(vol, TextureLayout::Linear);
  EXPECT_EQ(tiled.offset(1, 1, 1, 1), 64u + 16 + 5);
  EXPECT_EQ(tiled.total_bytes(), 96u);
  EXPECT_EQ(linear.offset(1, 1, 1, 1), 64u + 4 + 3);
  EXPECT_EQ(linear.total_bytes(), 72u);
}

TEST(TextureLayout, ConfigNamesForceALayoutOrLeaveTheTextures) {
  EXPECT_EQ(forced_texture_layout("trace"), std::nullopt);
  EXPECT_EQ(forced_texture_layout("linear"), TextureLayout::Linear);
  EXPECT_EQ(forced_texture_layout("tiled"), TextureLayout::Tiled);
}

using Lines = std::vector<std::pair<uint32_t, Addr>>;

// Four texels down column 0 (rows 0..3) of a 64x64 A8R8G8B8 texture: tiled, one 64-byte
// tile holds them all; linear, each is in its own row, 256 bytes apart: four lines.
Lines column_lines(TexturePath& path, const api::Texture& tex) {
  const uint32_t xy[] = {0, 0, 0, 1, 0, 2, 0, 3};
  Lines lines;
  path.begin(&lines);
  path.texels(7, tex, 0, 0, xy, 4);
  return lines;
}

TEST(TexturePath, LinesFollowTheTexturesLayoutUnlessTheConfigForcesOne) {
  memory::MemorySystem mem("mem_texture_layout", memory::MemoryConfig{}, 1000.0);
  api::Texture linear = shape(api::Format::A8R8G8B8, 64, 64, 1);
  linear.layout = TextureLayout::Linear;
  api::Texture tiled = shape(api::Format::A8R8G8B8, 64, 64, 1);
  TexturePath own(mem, 64);
  const Lines lin = column_lines(own, linear), til = column_lines(own, tiled);
  const Addr lb = mem.address_of(&linear, 16384), tb = mem.address_of(&tiled, 16384);
  EXPECT_EQ(lin, (Lines{{7, lb}, {7, lb + 256}, {7, lb + 512}, {7, lb + 768}}));
  EXPECT_EQ(til, (Lines{{7, tb}}));
  TexturePath forced(mem, 64, TextureLayout::Tiled);
  EXPECT_EQ(column_lines(forced, linear), (Lines{{7, lb}}));
  TexturePath forced_linear(mem, 64, TextureLayout::Linear);
  EXPECT_EQ(column_lines(forced_linear, tiled).size(), 4u);
}

}  // namespace
}  // namespace gfx::shader
