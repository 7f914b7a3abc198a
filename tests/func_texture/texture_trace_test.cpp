// The trace fields added for cube and volume textures: create_texture's optional kind/depth
// tail and set_sampler_state's second tail (address_w). At their defaults the payloads keep
// their earlier bytes; otherwise they are appended and read back.
#include <gtest/gtest.h>

#include "trace/binary_codec.h"

namespace gfx::test {
namespace {

using Bytes = std::vector<uint8_t>;

template <class C> trace::Command round_trip(const C& command, Bytes* out) {
  trace::binary::encode(trace::Command(command), *out);
  trace::Command back;
  trace::binary::decode(trace::Command(C{}).index(), out->data(), out->size(), back);
  return back;
}

trace::CreateTexture texture(api::TextureKind kind, uint32_t depth, size_t bytes) {
  auto t = std::make_shared<api::Texture>();
  t->format = api::Format::L8;
  t->width = t->height = 2;
  t->kind = kind;
  t->depth = depth;
  t->levels.push_back(Bytes(bytes, 7));
  return trace::CreateTexture{5, t};
}

TEST(TextureTrace, KindAndDepthTravelAsATail) {
  Bytes flat, cube, volume;
  round_trip(texture(api::TextureKind::Texture2D, 1, 4), &flat);
  const auto c =
      std::get<trace::CreateTexture>(round_trip(texture(api::TextureKind::Cube, 1, 24), &cube));
  const auto v =
      std::get<trace::CreateTexture>(round_trip(texture(api::TextureKind::Volume, 3, 12), &volume));
  // The tail is the kind (u8) and the depth (u32) after the level bytes.
  EXPECT_EQ(cube.size(), flat.size() + 20 + 5);
  EXPECT_EQ(volume.size(), flat.size() + 8 + 5);
  EXPECT_EQ(c.texture->kind, api::TextureKind::Cube);
  EXPECT_EQ(v.texture->kind, api::TextureKind::Volume);
  EXPECT_EQ(v.texture->depth, 3u);
  EXPECT_EQ(v.texture->levels[0], Bytes(12, 7));
}

TEST(TextureTrace, AddressWIsASecondSamplerTail) {
  trace::SetSamplerState s;
  s.stage = 1;
  Bytes plain, with_w;
  round_trip(s, &plain);
  s.state.address_w = api::Address::Mirror;
  const auto back = std::get<trace::SetSamplerState>(round_trip(s, &with_w));
  // The first tail at its defaults (12 bytes) comes first, then address_w (u8).
  Bytes want = plain;
  want.insert(want.end(), {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2});
  EXPECT_EQ(with_w, want);
  EXPECT_EQ(back.state, s.state);
}

}  // namespace
}  // namespace gfx::test
