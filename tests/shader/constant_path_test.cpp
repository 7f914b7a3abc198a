// ConstantPath: the constant registers a warp reads become the lines of the constant-buffer
// versions they live in, once per instruction, for the lanes that run it; registers outside
// the bound buffers are not fetched.
#include "shader/constant_path.h"

#include <gtest/gtest.h>

#include "memory/memory_system.h"

namespace gfx::shader {
namespace {

using Lines = std::vector<std::pair<uint32_t, Addr>>;

Addr heap(uint64_t offset) { return memory::MemorySystem::constant_heap_address(offset); }

TEST(ConstantPath, RegistersBecomeLinesOfTheirVersion) {
  ConstantRanges ranges{};
  ranges[0] = {512, 0, 4};     // cb0: 4 registers, version at heap offset 512
  ranges[1] = {1024, 48, 20};  // cb1: c48..c67, version at 1024
  ConstantPath path(64);
  Lines lines;
  func::ConstantReadSink* sink = path.begin(ranges, &lines);
  ASSERT_EQ(sink, &path);
  sink->instruction(0, 0xF);
  sink->read(0, 0xF);    // cb0[0]
  sink->read(3, 0xF);    // cb0[3]: the same 64-byte line
  sink->read(49, 0x1);   // cb1[1]
  sink->read(4, 0xF);    // past cb0's 4 registers: not a buffer register
  sink->read(200, 0xF);  // c200 (an SM4 immediate or a set_shader_constants value)
  sink->instruction(1, 0x3);
  sink->read(60, 0x4);  // cb1[12] in lane 2, which does not run instruction 1
  sink->read(60, 0x2);  // cb1[12] at byte 192 of the version
  sink->read(0, 0x3);   // the line instruction 0 read: again, for this instruction
  const Lines want = {{0, heap(512)}, {0, heap(1024)}, {1, heap(1024 + 192)}, {1, heap(512)}};
  EXPECT_EQ(lines, want);
}

TEST(ConstantPath, NoBufferBoundMeansNoSink) {
  ConstantPath path(64);
  Lines lines;
  EXPECT_EQ(path.begin(ConstantRanges{}, &lines), nullptr);
}

TEST(ConstantPath, TheHeapLiesAboveEveryResource) {
  // Versions start 256 bytes apart, so lines of up to 256 bytes hold one version each.
  EXPECT_EQ(heap(0) % 4096, 0u);
  EXPECT_GT(heap(0), Addr(1) << 32);
}

}  // namespace
}  // namespace gfx::shader
