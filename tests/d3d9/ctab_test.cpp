// The 'CTAB' constant table inside a comment block: parsed into names, register sets,
// first registers and counts; malformed tables are errors naming the comment token.
#include <gtest/gtest.h>

#include <cstring>

#include "d3d9/assembler.h"
#include "d3d9/decoder.h"
#include "d3d9/disassembler.h"
#include "d3d9/encode.h"
#include "test_util.h"

namespace gfx::d3d9 {
namespace {

using test::Tokens;

// Builds a CTAB comment: header, constant infos, type infos, then the strings.
class CtabBuilder {
 public:
  void add(const std::string& name, uint16_t set, uint16_t index, uint16_t count, uint16_t rows,
           uint16_t columns) {
    constants_.push_back({name, set, index, count, rows, columns});
  }

  Tokens build(const std::string& creator, const std::string& target) const {
    const uint32_t n = static_cast<uint32_t>(constants_.size());
    std::vector<uint8_t> b(28 + 20 * n + 16 * n, 0);
    std::vector<uint32_t> names;
    for (const auto& c : constants_) names.push_back(put_string(b, c.name));
    const uint32_t creator_at = put_string(b, creator), target_at = put_string(b, target);
    while (b.size() % 4) b.push_back(0);
    put32(b, 0, 28);
    put32(b, 4, creator_at);
    put32(b, 8, 0xFFFE0300);
    put32(b, 12, n);
    put32(b, 16, 28);
    put32(b, 24, target_at);
    for (uint32_t i = 0; i < n; ++i) {
      const auto& c = constants_[i];
      const uint32_t info = 28 + 20 * i, type = 28 + 20 * n + 16 * i;
      put32(b, info, names[i]);
      put16(b, info + 4, c.set);
      put16(b, info + 6, c.index);
      put16(b, info + 8, c.count);
      put32(b, info + 12, type);
      put16(b, type, 1);  // class: vector/matrix, not checked
      put16(b, type + 4, c.rows);
      put16(b, type + 6, c.columns);
      put16(b, type + 8, 1);
    }
    Tokens words = {0x42415443};
    for (std::size_t i = 0; i < b.size(); i += 4) {
      uint32_t w;
      std::memcpy(&w, &b[i], 4);
      words.push_back(w);
    }
    return words;
  }

 private:
  struct C {
    std::string name;
    uint16_t set, index, count, rows, columns;
  };
  static uint32_t put_string(std::vector<uint8_t>& b, const std::string& s) {
    const auto at = static_cast<uint32_t>(b.size());
    b.insert(b.end(), s.begin(), s.end());
    b.push_back(0);
    return at;
  }
  static void put16(std::vector<uint8_t>& b, uint32_t at, uint16_t v) {
    b[at] = static_cast<uint8_t>(v);
    b[at + 1] = static_cast<uint8_t>(v >> 8);
  }
  static void put32(std::vector<uint8_t>& b, uint32_t at, uint32_t v) {
    put16(b, at, static_cast<uint16_t>(v));
    put16(b, at + 2, static_cast<uint16_t>(v >> 16));
  }
  std::vector<C> constants_;
};

Tokens with_comment(const Tokens& comment) {
  Tokens t = {0xFFFE0300, 0x0000FFFE | static_cast<uint32_t>(comment.size()) << 16};
  t.insert(t.end(), comment.begin(), comment.end());
  t.insert(t.end(), {0x02000001, 0x800F0000, 0xA0E40004, 0x0000FFFF});
  return t;
}

TEST(ConstantTable, ParsedFromTheCommentBlock) {
  CtabBuilder b;
  b.add("WorldViewProj", 2, 0, 4, 4, 4);
  b.add("Bones", 2, 4, 60, 3, 4);
  b.add("UseFog", 0, 2, 1, 1, 1);
  b.add("HeightMap", 3, 1, 1, 1, 1);
  const Tokens tokens = with_comment(b.build("gfxsim test", "vs_3_0"));
  const Shader sh = decode(tokens);
  ASSERT_TRUE(sh.constant_table.has_value());
  const ConstantTable& t = *sh.constant_table;
  EXPECT_EQ(t.creator, "gfxsim test");
  EXPECT_EQ(t.target, "vs_3_0");
  EXPECT_EQ(t.version, 0xFFFE0300u);
  ASSERT_EQ(t.constants.size(), 4u);
  EXPECT_EQ(t.constants[1].name, "Bones");
  EXPECT_EQ(t.constants[1].set, RegisterSet::Float4);
  EXPECT_EQ(t.constants[1].index, 4);
  EXPECT_EQ(t.constants[1].count, 60);
  EXPECT_EQ(t.constants[1].rows, 3);
  EXPECT_EQ(t.constants[1].columns, 4);
  EXPECT_EQ(t.constants[2].set, RegisterSet::Bool);
  EXPECT_EQ(t.constants[3].set, RegisterSet::Sampler);
  ASSERT_EQ(sh.comments.size(), 1u);
  EXPECT_EQ(sh.comments[0].offset, 1u);
  EXPECT_EQ(sh.comments[0].position, 0u);
  EXPECT_EQ(sh.instructions[0].offset, 2u + sh.comments[0].data.size());
  // Kept verbatim: encode and disassemble -> assemble give the same tokens.
  EXPECT_EQ(encode(sh), tokens);
  const std::string text = disassemble(sh);
  EXPECT_NE(text.find("//   Bones c4 (60 registers)"), std::string::npos) << text;
  EXPECT_EQ(assemble(text), tokens);
}

TEST(ConstantTable, OtherCommentsAreKeptButNotParsed) {
  const Shader sh = decode(with_comment({0x47465853, 0x1, 0x2}));
  EXPECT_FALSE(sh.constant_table.has_value());
  EXPECT_EQ(sh.comments.at(0).data, (Tokens{0x47465853, 0x1, 0x2}));
}

TEST(ConstantTable, MalformedTablesAreErrors) {
  EXPECT_EQ(test::error_of([] {
              decode(with_comment({0x42415443, 28, 0}));
            }),
            "token 1: constant table: the table header needs 28 bytes, the comment holds 8");
  CtabBuilder b;
  b.add("X", 2, 0, 1, 1, 4);
  Tokens bad_count = b.build("c", "vs_3_0");
  bad_count[4] = 1000;  // constant count
  EXPECT_EQ(test::error_of([&] { decode(with_comment(bad_count)); }),
            "token 1: constant table: 1000 constant infos at byte 28 run past the end of the "
            "comment");
  Tokens bad_set = b.build("c", "vs_3_0");
  bad_set[9] = (bad_set[9] & 0xFFFF0000u) | 7;  // register set of constant 0
  EXPECT_EQ(test::error_of([&] { decode(with_comment(bad_set)); }),
            "token 1: constant table: constant 'X' has unknown register set 7");
  Tokens no_nul = b.build("c", "vs_3_0");
  no_nul.back() = 0x41414141;  // the target string loses its terminator
  EXPECT_EQ(test::error_of([&] { decode(with_comment(no_nul)); }),
            "token 1: constant table: creator or target string runs past the end of the "
            "comment");
}

}  // namespace
}  // namespace gfx::d3d9
