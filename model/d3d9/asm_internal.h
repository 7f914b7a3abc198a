// Pieces of the assembler shared by its files (not part of the public interface): the
// tokens of one line with a cursor over them, and the operand parsers.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "d3d9/shader.h"

namespace gfx::d3d9::asm_detail {

enum class TokKind { Ident, Number, Punct, End };

struct Tok {
  TokKind kind = TokKind::End;
  std::string_view text;  // points into the source line
  int col = 0;            // 1-based column of the first character
};

// One source line, lexed, with a cursor; fail() throws "file:line:col: message".
class Line {
 public:
  Line(std::string_view text, int line_no, const std::string& file, const Version& v,
       bool extensions);

  const Tok& peek(std::size_t ahead = 0) const;
  const Tok& next();
  bool at_end() const { return peek().kind == TokKind::End; }
  bool accept(char punct);                    // consumes `punct` if it is next
  void expect(char punct, const char* what);  // fails with "expected <what>"
  int end_col() const { return end_col_; }

  [[noreturn]] void fail(int col, const std::string& message) const;

  const Version& version;
  const bool extensions;
  const int line_no;

 private:
  std::vector<Tok> toks_;
  std::size_t pos_ = 0;
  const std::string& file_;
  int end_col_ = 1;
};

// Operands. Each leaves the cursor after the operand and returns its start column in col.
DstParam parse_dst(Line& line, int& col);
SrcParam parse_src(Line& line, int& col);
SrcParam parse_predicate(Line& line, int& col);  // "(p0.x)" / "(!p0)"

// Number literals of def / defi / defb: "-0.5", "1.0f", "1e-3", "0x3f800000" (raw bits).
uint32_t parse_float_bits(Line& line);
uint32_t parse_int(Line& line);
uint32_t parse_bool(Line& line);

std::string lower(std::string_view s);
// "'r1'" for a token, "the end of the line" for the end.
std::string describe(const Tok& t);

}  // namespace gfx::d3d9::asm_detail
