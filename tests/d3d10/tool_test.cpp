// gfxsim-shader's dxbc-disasm / dxbc-asm through the tool's library entry point.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "d3d10/assembler.h"
#include "d3d10/container.h"
#include "d3d9/cli/shader_tool.h"
#include "test_util.h"

namespace gfx::d3d10 {
namespace {

struct ToolRun {
  int code;
  std::string out, err;
};

ToolRun run_tool(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = d3d9::tool::run_shader_tool(args, out, err);
  return {code, out.str(), err.str()};
}

std::string golden_path(const std::string& name) {
  return std::string(GFX_SOURCE_DIR) + "/tests/d3d10/data/" + name + ".txt";
}

std::filesystem::path scratch(const std::string& file) {
  const auto dir = std::filesystem::path(GFX_BINARY_DIR) / "tests" / "d3d10" / "tool_scratch";
  std::filesystem::create_directories(dir);
  return dir / file;
}

TEST(Tool, DisassemblesAGoldenContainer) {
  const ToolRun r = run_tool({"dxbc-disasm", golden_path("vs_quad")});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out,
            "// inputs:\n"
            "//   POSITION0  reg 0  mask 0xF  rw 0xF  sv 0  type 3\n"
            "// outputs:\n"
            "//   SV_POSITION0  reg 0  mask 0xF  rw 0x0  sv 1  type 3\n"
            "vs_4_0\n"
            "dcl_input v0.xyzw\n"
            "dcl_output_siv o0.xyzw, position\n"
            "mov o0.xyzw, v0.xyzw\n"
            "ret\n");
}

TEST(Tool, AssemblesIntoAContainerThatReadsBack) {
  const std::string text = "ps_4_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0, 0, 0, 1.0)\nret\n";
  const auto asm_file = scratch("red.asm");
  std::ofstream(asm_file) << text;
  const auto bin = scratch("red.dxbc");
  const ToolRun r = run_tool({"dxbc-asm", asm_file.string(), "-o", bin.string()});
  ASSERT_EQ(r.code, 0) << r.err;
  // header 44 (three chunk offsets), ISGN 8+8, OSGN 8+24+12 ("SV_Target" padded), SHDR 8+56
  EXPECT_EQ(r.out, bin.string() + ": 176 bytes\n");
  const ToolRun back = run_tool({"dxbc-disasm", bin.string()});
  EXPECT_EQ(back.code, 0) << back.err;
  EXPECT_NE(back.out.find("//   SV_Target0  reg 0  mask 0xF  rw 0x0  sv 0  type 3\n"),
            std::string::npos)
      << back.out;
  EXPECT_NE(back.out.find("mov o0.xyzw, l(1.000000, 0, 0, 1.000000)\n"), std::string::npos);
}

TEST(Tool, BadChecksumIsABadInputWithTheFileNamed) {
  auto dw = test::load_golden("ps_color");
  dw[4] ^= 1;
  const auto file = scratch("bad_sum.txt");
  {
    std::ofstream f(file);
    for (uint32_t v : dw) f << std::hex << v << "\n";
  }
  const ToolRun r = run_tool({"dxbc-disasm", file.string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err.rfind(file.string() + ": DXBC dword 1: checksum mismatch: computed ", 0), 0u)
      << r.err;
}

TEST(Tool, MissingFileArgumentIsUsage) { EXPECT_EQ(run_tool({"dxbc-asm"}).code, 2); }

}  // namespace
}  // namespace gfx::d3d10
