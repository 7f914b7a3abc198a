// gfxsim-shader through its library entry point: output, files and exit codes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "d3d9/assembler.h"
#include "d3d9/cli/shader_tool.h"
#include "test_util.h"

namespace gfx::d3d9 {
namespace {

using test::Tokens;

struct Outcome {
  int code;
  std::string out, err;
};

Outcome run(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = tool::run_shader_tool(args, out, err);
  return {code, out.str(), err.str()};
}

class ShaderTool : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("gfx_d3d9_tool_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& content) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << content;
    return path;
  }

  std::filesystem::path dir_;
};

const char* const kShader =
    "ps_2_0\n"
    "dcl t0.xy\n"
    "dcl_2d s0\n"
    "texld r0, t0, s0\n"
    "mov oC0, r0\n";

TEST_F(ShaderTool, AsmPrintsHexTokensEightPerLine) {
  const std::string in = write("a.asm", kShader);
  const Outcome r = run({"asm", in});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out,
            "FFFF0200 0200001F 80000000 B0030000 0200001F 90000000 A00F0800 03000042\n"
            "800F0000 B0E40000 A0E40800 02000001 800F0800 80E40000 0000FFFF\n");
}

TEST_F(ShaderTool, AsmWritesLittleEndianBytecodeThatDisassembles) {
  const std::string in = write("a.asm", kShader);
  const std::string bin = (dir_ / "a.bin").string();
  const Outcome r = run({"asm", in, "-o", bin});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, bin + ": 15 tokens\n");
  std::ifstream f(bin, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  ASSERT_EQ(bytes.size(), 60u);
  EXPECT_EQ(bytes.substr(0, 4), std::string("\x00\x02\xFF\xFF", 4));
  const Outcome d = run({"disasm", bin});
  EXPECT_EQ(d.code, 0) << d.err;
  EXPECT_EQ(d.out,
            "    ps_2_0\n    dcl t0.xy\n    dcl_2d s0\n    texld r0, t0, s0\n"
            "    mov oC0, r0\n");
  EXPECT_EQ(assemble(d.out), assemble(kShader));
}

TEST_F(ShaderTool, DisasmReadsHexText) {
  const std::string hex = write("a.txt",
                                "0xFFFE0300, 0x02000001, 0x800F0000,\n"
                                "0xA0E40000 0000ffff\n");
  const Outcome r = run({"disasm", hex});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "    vs_3_0\n    mov r0, c0\n");
}

TEST_F(ShaderTool, CheckSummarisesEachForm) {
  const std::string in = write("a.asm", kShader);
  EXPECT_EQ(run({"check", in}).out, in + ": ok, ps_2_0, 4 instructions, 15 tokens\n");
  const std::string hex = write("a.hex", "FFFE0300 0001FFFE 12345678 0000FFFF\n");
  EXPECT_EQ(run({"check", hex}).out,
            hex + ": ok, vs_3_0, 0 instructions, 4 tokens, 1 comment block\n");
}

TEST_F(ShaderTool, BadInputIsExitOneWithOneLine) {
  const std::string bad = write("bad.asm", "vs_3_0\nmov r0, q3\n");
  Outcome r = run({"check", bad});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, bad + ":2:9: unknown register 'q3'\n");
  const std::string hex = write("bad.hex", "FFFE0300 00000061 0000FFFF\n");
  r = run({"disasm", hex});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, hex + ": token 1: unknown opcode 0x0061\n");
  r = run({"disasm", write("text.asm", kShader)});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("neither D3D9 bytecode nor a list of hex tokens"), std::string::npos);
  r = run({"check", (dir_ / "missing.asm").string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, (dir_ / "missing.asm").string() + ": cannot open\n");
}

TEST_F(ShaderTool, StrictRejectsExtensions) {
  const std::string in = write("sv.asm", "vs_3_0\ndcl_vertexid v0\n");
  EXPECT_EQ(run({"check", in}).code, 0);
  const Outcome r = run({"check", in, "--strict"});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, in + ":2:1: dcl_vertexid is a gfxsim extension, which is disabled\n");
}

TEST_F(ShaderTool, UsageErrorsAreExitTwo) {
  EXPECT_EQ(run({}).code, 2);
  EXPECT_EQ(run({"frobnicate"}).code, 2);
  EXPECT_EQ(run({"asm"}).code, 2);
  EXPECT_EQ(run({"asm", "a", "b"}).code, 2);
  EXPECT_EQ(run({"disasm", "a", "-o", "b"}).code, 2);
  EXPECT_EQ(run({"asm", "a", "-o"}).code, 2);
  const Outcome h = run({"--help"});
  EXPECT_EQ(h.code, 0);
  EXPECT_NE(h.out.find("usage: gfxsim-shader"), std::string::npos);
}

TEST(ShaderToolFormats, Classify) {
  EXPECT_EQ(tool::classify(std::string("\x00\x03\xFE\xFF\xFF\xFF\x00\x00", 8)),
            tool::FileKind::Bytecode);
  EXPECT_EQ(tool::classify("FFFE0300 0000FFFF"), tool::FileKind::HexText);
  EXPECT_EQ(tool::classify("vs_3_0\nmov r0, c0\n"), tool::FileKind::Asm);
  EXPECT_EQ(tool::classify("0xFFFE0300,\n0x123456789\n"), tool::FileKind::Asm);  // 9 digits
}

}  // namespace
}  // namespace gfx::d3d9
