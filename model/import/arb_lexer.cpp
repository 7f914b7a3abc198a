#include "import/arb_lexer.h"

#include <cctype>

namespace gfx::import {
namespace {

bool ident_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}
bool ident_char(char c) { return ident_start(c) || std::isdigit(static_cast<unsigned char>(c)); }
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

}  // namespace

std::vector<ArbToken> lex_arb(const std::string& s, std::string& header) {
  size_t i = 0;
  int line = 1;
  // The header must open the text, with nothing before it (the ARB specs say so).
  const size_t hend = s.find_first_of(" \t\r\n", 0);
  header = s.substr(0, hend == std::string::npos ? s.size() : hend);
  i = header.size();
  std::vector<ArbToken> out;
  while (i < s.size()) {
    const char c = s[i];
    if (c == '\n') {
      ++line;
      ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '#') {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (ident_start(c)) {
      size_t b = i;
      while (i < s.size() && ident_char(s[i])) ++i;
      out.push_back({ArbToken::Kind::Ident, s.substr(b, i - b), line});
    } else if (digit(c) || (c == '.' && i + 1 < s.size() && digit(s[i + 1]))) {
      size_t b = i;
      while (i < s.size() && digit(s[i])) ++i;
      // "0..90" is a range: a '.' followed by '.' ends the number.
      if (i < s.size() && s[i] == '.' && !(i + 1 < s.size() && s[i + 1] == '.')) {
        ++i;
        while (i < s.size() && digit(s[i])) ++i;
      }
      if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        size_t e = i + 1;
        if (e < s.size() && (s[e] == '+' || s[e] == '-')) ++e;
        if (e < s.size() && digit(s[e])) {
          i = e;
          while (i < s.size() && digit(s[i])) ++i;
        }
      }
      out.push_back({ArbToken::Kind::Number, s.substr(b, i - b), line});
    } else if (c == '.' && i + 1 < s.size() && s[i + 1] == '.') {
      out.push_back({ArbToken::Kind::Punct, "..", line});
      i += 2;
    } else if (std::string(";,.[]{}=+-").find(c) != std::string::npos) {
      out.push_back({ArbToken::Kind::Punct, std::string(1, c), line});
      ++i;
    } else {
      throw ArbError(line, std::string("unexpected character '") + c + "'");
    }
  }
  out.push_back({ArbToken::Kind::End, "", line});
  return out;
}

}  // namespace gfx::import
