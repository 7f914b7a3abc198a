// Tokens of an ARB_vertex_program / ARB_fragment_program text: identifiers (letters,
// digits, '_' and '$'), numbers (GL's float syntax: "1", "1.5", ".5", "1.", "2e-3"),
// the punctuation ; , . .. [ ] { } = + - and the header "!!ARBvp1.0" / "!!ARBfp1.0".
// '#' comments run to the end of the line. Every token keeps its line (from 1) so that
// the translator can name the program line of a construct it rejects.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace gfx::import {

// A rejected construct, at a line of the program text.
class ArbError : public std::runtime_error {
 public:
  ArbError(int line, const std::string& what)
      : std::runtime_error("program line " + std::to_string(line) + ": " + what), line_(line) {}
  int line() const { return line_; }

 private:
  int line_;
};

struct ArbToken {
  enum class Kind { Ident, Number, Punct, End };
  Kind kind = Kind::End;
  std::string text;
  int line = 0;
  bool is(const char* p) const { return kind == Kind::Punct && text == p; }
  bool word(const char* w) const { return kind == Kind::Ident && text == w; }
};

// Splits the text after the header; the header itself is returned in `header`.
std::vector<ArbToken> lex_arb(const std::string& text, std::string& header);

}  // namespace gfx::import
