// RDEF parsing on a chunk laid out as fxc lays out `float4 color;` in $Globals (Wine's
// arrays carry no RDEF, so the chunk is built here), plus the STAT chunk kept raw.
#include <gtest/gtest.h>

#include <cstring>

#include "d3d10/container.h"
#include "test_util.h"

namespace gfx::d3d10 {
namespace {

class ChunkBuilder {
 public:
  void u32(uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  void u16(uint16_t a, uint16_t b) { u32(uint32_t{a} | uint32_t{b} << 16); }
  void str(const char* s) { bytes.insert(bytes.end(), s, s + std::strlen(s) + 1); }
  std::vector<uint8_t> bytes;
};

Chunk globals_rdef() {
  ChunkBuilder b;
  // header: cbuffers at 28, bindings at 52, target ps_4_0, flags, creator string
  for (uint32_t v : {1u, 28u, 1u, 52u, 0xFFFF0400u, 0x100u, 147u}) b.u32(v);
  for (uint32_t v : {120u, 1u, 84u, 16u, 0u, 0u}) b.u32(v);        // cbuffer $Globals
  for (uint32_t v : {120u, 0u, 0u, 0u, 0u, 0u, 1u, 1u}) b.u32(v);  // binding $Globals
  for (uint32_t v : {129u, 0u, 16u, 2u, 108u, 0u}) b.u32(v);       // variable color
  b.u16(1, 3);                                                     // vector, float
  b.u16(1, 4);                                                     // 1 row, 4 columns
  b.u16(0, 0);                                                     // no elements, no members
  b.str("$Globals");                                               // 120
  b.str("color");                                                  // 129
  b.str("gfxsim");                                                 // 135 (unreferenced)
  b.str("fxc");                                                    // 142 (unreferenced)
  b.bytes.resize(147);
  b.str("Microsoft (R) HLSL Shader Compiler");
  Chunk c;
  c.fourcc = fourcc("RDEF");
  c.data = b.bytes;
  return c;
}

TEST(Rdef, ConstantBufferVariablesAndBindings) {
  const Reflection r = parse_reflection(globals_rdef(), "ps_color");
  EXPECT_EQ(r.target, 0xFFFF0400u);
  EXPECT_EQ(r.flags, 0x100u);
  EXPECT_EQ(r.creator, "Microsoft (R) HLSL Shader Compiler");
  ASSERT_EQ(r.constant_buffers.size(), 1u);
  const ConstantBufferInfo& cb = r.constant_buffers[0];
  EXPECT_EQ(cb.name, "$Globals");
  EXPECT_EQ(cb.size, 16u);
  ASSERT_EQ(cb.variables.size(), 1u);
  EXPECT_EQ(cb.variables[0].name, "color");
  EXPECT_EQ(cb.variables[0].size, 16u);
  EXPECT_EQ(cb.variables[0].flags, 2u);
  EXPECT_EQ(cb.variables[0].type_class, 1u);
  EXPECT_EQ(cb.variables[0].type, 3u);
  EXPECT_EQ(cb.variables[0].rows, 1u);
  EXPECT_EQ(cb.variables[0].columns, 4u);
  ASSERT_EQ(r.resources.size(), 1u);
  EXPECT_EQ(r.resources[0].name, "$Globals");
  EXPECT_EQ(r.resources[0].type, 0u);
  EXPECT_EQ(r.resources[0].bind_count, 1u);
  EXPECT_EQ(r.resources[0].flags, 1u);
}

TEST(Rdef, VariableTablePastTheChunkIsLocated) {
  Chunk c = globals_rdef();
  c.data[28 + 4] = 9;  // nine variables from byte 84
  EXPECT_EQ(test::error_of([&] { parse_reflection(c, "ps_color"); }),
            "ps_color: RDEF dword 8: truncated chunk: 9 variables of 24 bytes from byte 84 run "
            "past its end (182 bytes)");
}

TEST(Rdef, NameOffsetPastTheChunkIsLocated) {
  Chunk c = globals_rdef();
  c.data[84] = 0xF0;  // variable name offset 240
  EXPECT_EQ(test::error_of([&] { parse_reflection(c, "ps_color"); }),
            "ps_color: RDEF dword 21: variable name offset 240 lies past the chunk (182 bytes)");
}

}  // namespace
}  // namespace gfx::d3d10

#include "d3d10/assembler.h"
#include "d3d10/encode.h"

namespace gfx::d3d10 {
namespace {

TEST(Container, ReflectionAndStatsChunksAreReadBesideTheProgram) {
  const Program p = parse_asm(
      "ps_4_0\ndcl_constantbuffer cb0[1], immediateIndexed\ndcl_output o0.xyzw\n"
      "mov o0.xyzw, cb0[0].xyzw\nret\n");
  std::vector<Chunk> chunks(5);
  chunks[0] = globals_rdef();
  chunks[1].fourcc = fourcc("ISGN");
  chunks[1].data = signature_bytes({});
  chunks[2].fourcc = fourcc("OSGN");
  chunks[2].data = signature_bytes(derived_outputs(p));
  chunks[3].fourcc = fourcc("SHDR");
  for (uint32_t t : encode_program(p))
    for (int i = 0; i < 4; ++i) chunks[3].data.push_back(static_cast<uint8_t>(t >> (8 * i)));
  chunks[4].fourcc = fourcc("STAT");
  for (uint32_t count : {2u, 0u, 0u, 0u, 1u})
    for (int i = 0; i < 4; ++i) chunks[4].data.push_back(static_cast<uint8_t>(count >> (8 * i)));
  const Shader sh = read_container(write_container(chunks), {"ps_globals"});
  ASSERT_TRUE(sh.reflection.has_value());
  EXPECT_EQ(sh.reflection->constant_buffers.at(0).variables.at(0).name, "color");
  EXPECT_EQ(sh.stats, (std::vector<uint32_t>{2, 0, 0, 0, 1}));
  ASSERT_EQ(sh.outputs.size(), 1u);
  EXPECT_EQ(sh.outputs[0].semantic, "SV_Target");
  EXPECT_EQ(sh.outputs[0].mask, 0xF);
  EXPECT_EQ(sh.chunks.size(), 5u);
  EXPECT_EQ(sh.chunks[4].name(), "STAT");
}

}  // namespace
}  // namespace gfx::d3d10
