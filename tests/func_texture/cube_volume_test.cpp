// Cube face selection with D3D9's orientation table and tie order, and volume textures
// filtered across slices.
#include <gtest/gtest.h>

#include "func/texture/cube.h"
#include "texture_util.h"

namespace gfx::func::test {
namespace {

using F = api::Format;

void expect_point(const TexPoint& p, unsigned face, float u, float v) {
  EXPECT_EQ(p.face, face);
  EXPECT_EQ(p.u, u);
  EXPECT_EQ(p.v, v);
}

TEST(Cube, FaceOfTheMajorAxisWithItsOrientation) {
  expect_point(cube_point(1, 0, 0), 0, 0.5f, 0.5f);
  expect_point(cube_point(1, 0.5f, -0.5f), 0, 0.75f, 0.25f);  // +X: u from -z, v from -y
  expect_point(cube_point(-1, 0.5f, 0.5f), 1, 0.75f, 0.25f);  // -X: u from +z, v from -y
  expect_point(cube_point(0.5f, 1, 0.5f), 2, 0.75f, 0.75f);   // +Y: u from +x, v from +z
  expect_point(cube_point(0.5f, -1, 0.5f), 3, 0.75f, 0.25f);  // -Y: u from +x, v from -z
  expect_point(cube_point(0.5f, 0.5f, 1), 4, 0.75f, 0.25f);   // +Z: u from +x, v from -y
  expect_point(cube_point(0.5f, 0.5f, -1), 5, 0.25f, 0.25f);  // -Z: u from -x, v from -y
  expect_point(cube_point(0, 0, 0), 4, 0.5f, 0.5f);
}

TEST(Cube, TiesGoToZThenYThenX) {
  EXPECT_EQ(cube_point(1, 1, 1).face, 4u);
  EXPECT_EQ(cube_point(-1, 1, -1).face, 5u);
  EXPECT_EQ(cube_point(1, 1, 0).face, 2u);
  EXPECT_EQ(cube_point(1, -1, 0).face, 3u);
  EXPECT_EQ(cube_point(-1, 0, 1).face, 4u);
}

TEST(Cube, SamplesTheChosenFaceImage) {
  // A 2x2 A8R8G8B8 cube: face f's texel (x, y) has red = 16 f + 4 y + x.
  std::vector<uint8_t> bytes;
  for (unsigned f = 0; f < 6; ++f)
    for (unsigned t = 0; t < 4; ++t) bytes.insert(bytes.end(), {0, 0, uint8_t(16 * f + t), 255});
  const auto cube = raw_texture(F::A8R8G8B8, 2, 2, bytes, api::TextureKind::Cube);
  const PreparedSampler s = prepared(cube);
  // -Y at u = 0.75, v = 0.25: texel (1, 0) of face 3.
  EXPECT_EQ(sample(s, cube_point(0.5f, -1, 0.5f), 0.0f, nullptr).x, float(16 * 3 + 1) / 255.0f);
  // -Z at u = 0.25, v = 0.75: texel (0, 1) of face 5.
  EXPECT_EQ(sample(s, cube_point(0.5f, -0.5f, -1), 0.0f, nullptr).x, float(16 * 5 + 2) / 255.0f);
}

TEST(Volume, PointPicksASliceAndLinearBlendsTwo) {
  // 2x1x4 L8 volume: slice z holds 40 z and 40 z + 20.
  const auto vol =
      raw_texture(F::L8, 2, 1, {0, 20, 40, 60, 80, 100, 120, 140}, api::TextureKind::Volume, 4);
  const PreparedSampler point = prepared(vol);
  EXPECT_EQ(sample(point, TexPoint{0.25f, 0.5f, 0.6f, 0}, 0.0f, nullptr).x, 80.0f / 255.0f);
  EXPECT_EQ(sample(point, TexPoint{0.75f, 0.5f, 0.9f, 0}, 0.0f, nullptr).x, 140.0f / 255.0f);
  // Linear halfway between slices 1 and 2 (w = 0.5) and texels 0 and 1 (u = 0.5):
  // (40 + 60 + 80 + 100) / 4 = 70.
  const PreparedSampler linear = prepared(vol, api::Filter::Linear);
  EXPECT_EQ(sample(linear, TexPoint{0.5f, 0.5f, 0.5f, 0}, 0.0f, nullptr).x, 70.0f / 255.0f);
  // Texel 0's centre, a quarter of the way from slice 1's centre to slice 2's (w = 0.4375):
  // 40 + (80 - 40) / 4 = 50.
  EXPECT_EQ(sample(linear, TexPoint{0.25f, 0.5f, 0.4375f, 0}, 0.0f, nullptr).x, 50.0f / 255.0f);
}

TEST(Volume, LodCountsTheDepthAxis) {
  api::Texture vol =
      raw_texture(F::L8, 4, 4, std::vector<uint8_t>(64), api::TextureKind::Volume, 4);
  const PreparedSampler s = prepared(vol);
  // Along x, no change in u or v but four slices per pixel in w: LOD 2.
  Derivatives d{0, 0, 0, 0.25f, 1.0f, 0};
  EXPECT_EQ(lod_from_derivatives(d, s), 2.0f);
}

}  // namespace
}  // namespace gfx::func::test
