// The D3D10 constant-buffer commands on their own: the sizes and slots D3D10 allows
// (trace/check_d3d10_bind.cpp), with the exact field and message, and the binary form of
// their id lists and byte blobs.
#include <gtest/gtest.h>

#include <string>

#include "trace/binary_codec.h"
#include "trace/check.h"

namespace gfx::trace {
namespace {

// "field: message" of the check, or "" when the command is well formed.
std::string problem(const Command& c) {
  try {
    check_command(c);
  } catch (const FieldError& e) {
    return e.field() + ": " + e.what();
  }
  return "";
}

CreateConstantBuffer buffer_of(std::size_t bytes) {
  auto b = std::make_shared<api::Buffer>();
  b->bytes.resize(bytes);
  return CreateConstantBuffer{7, b};
}

TEST(D3D10BindCheck, ConstantBufferIsWholeRegistersUpTo4096) {
  EXPECT_EQ(problem(buffer_of(16)), "");
  EXPECT_EQ(problem(buffer_of(65536)), "");
  EXPECT_EQ(problem(buffer_of(24)),
            "bytes: 24 bytes; a constant buffer holds whole 16-byte float4 registers");
  EXPECT_EQ(problem(buffer_of(0)),
            "bytes: 0 bytes; a constant buffer holds whole 16-byte float4 registers");
  EXPECT_EQ(problem(buffer_of(65552)),
            "bytes: 4097 registers; a D3D10 constant buffer holds at most 4096");
}

TEST(D3D10BindCheck, UpdateIsWholeRegistersOnARegisterBoundary) {
  UpdateConstantBuffer u{7, 32, std::vector<uint8_t>(16)};
  EXPECT_EQ(problem(u), "");
  u.offset = 8;
  EXPECT_EQ(problem(u), "offset: byte 8 is not a register boundary");
  u.offset = 65536;
  EXPECT_EQ(problem(u),
            "bytes: bytes 65536..65552 run past the 4096 registers of a D3D10 constant buffer");
}

TEST(D3D10BindCheck, FourteenSlots) {
  SetConstantBuffers s{api::ShaderStage::Pixel, 12, {1, 2}};
  EXPECT_EQ(problem(s), "");
  s.start_slot = 13;
  EXPECT_EQ(problem(s),
            "ids: 2 buffers from slot 13 run past D3D10's 14 constant-buffer slots (0..13)");
}

TEST(D3D10BindCheck, IdListsAndBlobsSurviveTheBinaryForm) {
  const Command in = SetConstantBuffers{api::ShaderStage::Vertex, 2, {5, 0, 0xFFFFFFFFu}};
  std::vector<uint8_t> bytes;
  binary::encode(in, bytes);
  Command out;
  binary::decode(in.index(), bytes.data(), bytes.size(), out);
  const auto& s = std::get<SetConstantBuffers>(out);
  EXPECT_EQ(s.stage, api::ShaderStage::Vertex);
  EXPECT_EQ(s.start_slot, 2u);
  EXPECT_EQ(s.ids, (std::vector<uint32_t>{5, 0, 0xFFFFFFFFu}));

  const Command update =
      UpdateConstantBuffer{9, 16, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}};
  bytes.clear();
  binary::encode(update, bytes);
  binary::decode(update.index(), bytes.data(), bytes.size(), out);
  const auto& u = std::get<UpdateConstantBuffer>(out);
  EXPECT_EQ(u.id, 9u);
  EXPECT_EQ(u.offset, 16u);
  EXPECT_EQ(u.bytes, std::get<UpdateConstantBuffer>(update).bytes);
}

}  // namespace
}  // namespace gfx::trace
