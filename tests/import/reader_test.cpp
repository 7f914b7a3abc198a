// The GLInterceptor text reader: every argument form, the two headers, and errors that
// name the file, the line and the problem.
#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdio>

#include "common/error.h"
#include "import/gli_args.h"
#include "import/gli_reader.h"

namespace gfx::import {
namespace {

using Kind = GliArg::Kind;

std::string error_of(const std::string& text) {
  try {
    parse_gli_text(text, "cap.txt");
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(GliReader, ParsesNumbersEnumsArraysPointersAndReturn) {
  GliCall c = parse_gli_line(
      "f(1, -2.5, 1.74478e-039, GL_DEPTH_BUFFER_BIT | GL_COLOR_BUFFER_BIT, {0.5,{1,2}}, *2, "
      "U0x1244544, GL_LIGHT3)=TRUE",
      "x", 7);
  EXPECT_EQ(c.name, "f");
  EXPECT_EQ(c.line, 7);
  EXPECT_EQ(c.ret, "TRUE");
  ASSERT_EQ(c.args.size(), 8u);
  EXPECT_EQ(c.args[0].value, 1.0);
  EXPECT_EQ(c.args[1].value, -2.5);
  EXPECT_EQ(c.args[2].value, 1.74478e-039);
  EXPECT_EQ(c.args[3].kind, Kind::Enum);
  EXPECT_EQ(c.args[3].value, double(0x4100));
  EXPECT_EQ(c.args[4].kind, Kind::Array);
  ASSERT_EQ(c.args[4].items.size(), 2u);
  EXPECT_EQ(c.args[4].items[1].items[1].value, 2.0);
  EXPECT_EQ(c.args[5].kind, Kind::Pointer);
  EXPECT_EQ(c.args[5].text, "*2");
  EXPECT_EQ(c.args[6].kind, Kind::Pointer);
  EXPECT_EQ(c.args[6].text, "U0x1244544");
  EXPECT_EQ(c.args[7].value, double(0x4003));
}

// An unknown name is syntax the reader accepts; the call that reads it fails (and
// --skip-unknown may skip that call: batch_test.cpp).
TEST(GliReader, KeepsUnknownEnumNames) {
  GliCall c = parse_gli_line("glEnableClientState(GL_SECONDARY_COLOR_ARRAY)", "x", 1);
  ASSERT_EQ(c.args.size(), 1u);
  EXPECT_EQ(c.args[0].kind, Kind::Enum);
  EXPECT_FALSE(c.args[0].known);
  EXPECT_TRUE(parse_gli_line("glEnable(GL_FOG)", "x", 1).args[0].known);
}

TEST(GliReader, EmptyArgumentsStringsAndReturnWithSpaces) {
  GliCall c = parse_gli_line("wglGetPixelFormat(402722460)=NOT TRACED", "x", 1);
  EXPECT_EQ(c.ret, "NOT TRACED");
  GliCall s = parse_gli_line("wglGetProcAddress(\"glActiveTextureARB\")=FOUND!", "x", 1);
  ASSERT_EQ(s.args.size(), 1u);
  EXPECT_EQ(s.args[0].kind, Kind::String);
  EXPECT_EQ(s.args[0].text, "glActiveTextureARB");
  EXPECT_EQ(s.ret, "FOUND!");
  EXPECT_EQ(error_of("GLI0.t\nglGetString(\"abc)\n"), "cap.txt:2:13: unterminated string");
  EXPECT_EQ(parse_gli_line("glEnd()", "x", 1).args.size(), 0u);
}

TEST(GliReader, HexFloatsAndDoublePairsInGli0h) {
  GliCapture cap = parse_gli_text(
      "GLI0.h\n#! RES 384x364\nglTranslatef(0x0,0x3f800000,0xc1000000)\n"
      "glMultMatrixd({0x0.0x3ff00000,0x0.0x0})\nglViewport(0,0,400,400)\n",
      "cap.txt");
  EXPECT_TRUE(cap.hex_floats);
  ASSERT_EQ(cap.calls.size(), 3u);
  EXPECT_EQ(cap.calls[0].line, 3);
  CallArgs t(cap.calls[0], cap.path, cap.hex_floats);
  EXPECT_EQ(t.real(0), 0.0);
  EXPECT_EQ(t.real(1), 1.0);
  EXPECT_EQ(t.real(2), -8.0);
  CallArgs m(cap.calls[1], cap.path, cap.hex_floats);
  EXPECT_EQ(m.reals(0, 2), (std::vector<double>{1.0, 0.0}));
  CallArgs v(cap.calls[2], cap.path, cap.hex_floats);
  EXPECT_EQ(v.integer(3), 400);
}

TEST(GliReader, HexIsAnIntegerInGli0t) {
  GliCapture cap = parse_gli_text("GLI0.t\nwglSwapBuffers(0x00000010) = TRUE\n", "cap.txt");
  EXPECT_FALSE(cap.hex_floats);
  EXPECT_EQ(CallArgs(cap.calls[0], cap.path, false).integer(0), 16);
}

TEST(GliReader, StringsMaySpanLines) {
  GliCapture cap =
      parse_gli_text("GLI0.t\nglProgramStringARB(1,2,9,\"!!ARBvp1.0\nEND\")\nglEnd()\n", "cap.txt");
  ASSERT_EQ(cap.calls.size(), 2u);
  EXPECT_EQ(cap.calls[0].line, 2);
  EXPECT_EQ(cap.calls[0].args[3].text, "!!ARBvp1.0\nEND");
  EXPECT_EQ(cap.calls[1].line, 4);
}

TEST(GliReader, SkipsCommentsAndBlankLinesKeepingLineNumbers) {
  GliCapture cap =
      parse_gli_text("GLI0.t\r\n# comment\r\n\r\n#wglSetPixelFormat(1)\r\nglEnd()\r\n", "cap.txt");
  ASSERT_EQ(cap.calls.size(), 1u);
  EXPECT_EQ(cap.calls[0].line, 5);
}

TEST(GliReader, ErrorsNameFileLineAndProblem) {
  EXPECT_EQ(error_of("GLI1.t\n"),
            "cap.txt:1: not a GLInterceptor text capture: the first line must be GLI0.t or "
            "GLI0.h, found 'GLI1.t'");
  EXPECT_EQ(error_of("GLI0.t\nglEnd()\nglClear(GL_COLOR_BUFFER_BIT | )\n"),
            "cap.txt:3:31: expected a GL enum name after '|'");
  EXPECT_EQ(error_of("GLI0.t\nglEnd(\n"),
            "cap.txt:2:7: expected an argument, found the end of the line");
  EXPECT_EQ(error_of("GLI0.t\nglColor3f(1,2,3) x\n"),
            "cap.txt:2:18: unexpected text after the call");
  EXPECT_EQ(error_of("GLI0.t\nglColor3f(1,2q,3)\n"), "cap.txt:2:14: malformed number");
  EXPECT_EQ(error_of("GLI0.t\nglColor3f({1,2)\n"), "cap.txt:2:15: expected '}'");
  EXPECT_EQ(error_of("GLI0.t\n(1)\n"), "cap.txt:2:1: expected a function name");
  EXPECT_EQ(error_of(""), "cap.txt: empty file: no GLI0.t header");
}

TEST(GliReader, ArgumentTypeErrorsNameTheCall) {
  GliCapture cap = parse_gli_text("GLI0.t\n\nglViewport(0,0,2.5,*1)\n", "cap.txt");
  CallArgs a(cap.calls[0], cap.path, false);
  try {
    a.integer(2);
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "cap.txt:3: glViewport: argument 3 must be an integer, found 2.5");
  }
  try {
    a.expect_count(3);
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "cap.txt:3: glViewport: expected 3 arguments, found 4");
  }
}

// The same capture written plain and gzip-compressed reads the same; a missing file is
// an Error naming it.
TEST(GliReader, ReadsGzipAndPlainFiles) {
  const std::string text = "GLI0.t\nglViewport(0,0,250,250)\nglEnd()\n";
  std::string dir = ::testing::TempDir();
  std::string plain = dir + "gli_reader_plain.txt", packed = dir + "gli_reader_packed.txt.gz";
  FILE* f = std::fopen(plain.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
  gzFile g = gzopen(packed.c_str(), "wb");
  ASSERT_NE(g, nullptr);
  gzwrite(g, text.data(), static_cast<unsigned>(text.size()));
  gzclose(g);
  for (const std::string& path : {plain, packed}) {
    GliCapture cap = read_gli_file(path);
    ASSERT_EQ(cap.calls.size(), 2u) << path;
    EXPECT_EQ(cap.calls[0].name, "glViewport");
    EXPECT_EQ(cap.calls[1].line, 3);
  }
  try {
    read_gli_file("/nonexistent/cap.txt");
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "/nonexistent/cap.txt: cannot open the capture");
  }
}

}  // namespace
}  // namespace gfx::import
