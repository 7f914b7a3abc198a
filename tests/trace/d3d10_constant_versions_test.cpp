// Constant-buffer renaming in the driver (driver/d3d10_bindings.cpp): the creation and every
// update of a buffer place a new version at a fresh 256-byte aligned offset of the constant
// heap, and each D3D10 draw records, per stage and slot, the offset and registers of the
// version it reads; a draw issued before an update keeps the old version's place. Replays
// tests/e2e/data/d3d10_sm4/constant_buffers.yaml through a Device.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "driver/device.h"
#include "trace/reader.h"

namespace gfx::driver {
namespace {

std::vector<std::shared_ptr<const func::DrawContext>> replay(const std::string& path) {
  auto reader = trace::Reader::open(path);
  Device device(reader->header());
  std::vector<std::shared_ptr<const func::DrawContext>> draws;
  trace::Command c;
  while (reader->next(c))
    if (device.apply(c, reader->where()) == Device::Action::Draw)
      draws.push_back(device.last_draw());
  return draws;
}

TEST(D3D10ConstantVersions, EachUpdateIsANewVersionAndDrawsKeepTheirOwn) {
  const auto draws = replay(GFX_SOURCE_DIR "/tests/e2e/data/d3d10_sm4/constant_buffers.yaml");
  ASSERT_EQ(draws.size(), 4u);
  // Buffer 30 (one register) is created at offset 0 and buffer 31 (two) at 256; the update
  // of 30 before draw 1 goes to 512, the update of 31 before draw 2 to 768. All are bound
  // to pixel slot 1, registers c48 on.
  const uint64_t offsets[3] = {0, 512, 768};
  const uint32_t registers[3] = {1, 1, 2};
  for (size_t i = 0; i < 3; ++i) {
    const func::ConstantBufferRange& r = draws[i]->ps_constant_buffers[1];
    EXPECT_EQ(r.offset, offsets[i]) << "draw " << i;
    EXPECT_EQ(r.first, 48u) << "draw " << i;
    EXPECT_EQ(r.registers, registers[i]) << "draw " << i;
  }
  // Draw 3 unbinds the slot: nothing to fetch there, and no slot of either stage is bound.
  for (const auto& d : draws) {
    for (int s = 0; s < func::kConstantBufferRanges; ++s) {
      EXPECT_EQ(d->vs_constant_buffers[size_t(s)].registers, 0u);
      if (s != 1 || d == draws[3]) EXPECT_EQ(d->ps_constant_buffers[size_t(s)].registers, 0u);
    }
  }
  // The values are in the draws' constants as before: c48 of draw 0 and draw 1 differ.
  EXPECT_EQ(draws[0]->ps_constants[48], (func::Vec4{1, 1, 1, 1}));
  EXPECT_EQ(draws[1]->ps_constants[48], (func::Vec4{0.5f, 0.5f, 0.5f, 1}));
}

}  // namespace
}  // namespace gfx::driver
