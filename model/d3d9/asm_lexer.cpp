// Lexing of one asm line and the number literals of def / defi / defb.
// Tokens: identifiers ([A-Za-z_][A-Za-z0-9_]*), numbers (decimal with optional fraction,
// exponent and f suffix, or 0x hexadecimal), and the punctuation , . [ ] + - ( ) !.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstring>

#include "common/error.h"
#include "d3d9/asm_internal.h"

namespace gfx::d3d9::asm_detail {
namespace {

bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Length of the number literal at s[i].
std::size_t number_length(std::string_view s, std::size_t i) {
  std::size_t j = i;
  if (s.size() - i > 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
    j += 2;
    while (j < s.size() && std::isxdigit(static_cast<unsigned char>(s[j]))) ++j;
    return j - i;
  }
  while (j < s.size() && is_digit(s[j])) ++j;
  if (j < s.size() && s[j] == '.') {
    ++j;
    while (j < s.size() && is_digit(s[j])) ++j;
  }
  if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
    std::size_t k = j + 1;
    if (k < s.size() && (s[k] == '+' || s[k] == '-')) ++k;
    if (k < s.size() && is_digit(s[k])) {
      j = k;
      while (j < s.size() && is_digit(s[j])) ++j;
    }
  }
  if (j < s.size() && (s[j] == 'f' || s[j] == 'F')) ++j;
  return j - i;
}

bool is_hex(std::string_view t) {
  return t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X');
}

bool parse_hex(std::string_view t, uint32_t& out) {
  const char* b = t.data() + 2;
  const char* e = t.data() + t.size();
  auto r = std::from_chars(b, e, out, 16);
  return r.ec == std::errc() && r.ptr == e;
}

// Optional '-' (the sign may stand apart from the number: "- 1"), then a Number token.
const Tok& signed_number(Line& line, bool& negative) {
  negative = line.accept('-');
  const Tok& t = line.next();
  if (t.kind != TokKind::Number) line.fail(t.col, "expected a number, got " + describe(t));
  if (negative && is_hex(t.text)) line.fail(t.col, "a raw 0x value takes no sign");
  return t;
}

}  // namespace

Line::Line(std::string_view s, int line_no_, const std::string& file, const Version& v, bool ext)
    : version(v), extensions(ext), line_no(line_no_), file_(file) {
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    const int col = static_cast<int>(i) + 1;
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (is_ident_start(c)) {
      std::size_t j = i;
      while (j < s.size() && is_ident_char(s[j])) ++j;
      toks_.push_back({TokKind::Ident, s.substr(i, j - i), col});
      i = j;
    } else if (is_digit(c) || (c == '.' && i + 1 < s.size() && is_digit(s[i + 1]))) {
      const std::size_t n = number_length(s, i);
      toks_.push_back({TokKind::Number, s.substr(i, n), col});
      i += n;
    } else if (std::strchr(",.[]+-()!", c) != nullptr) {
      toks_.push_back({TokKind::Punct, s.substr(i, 1), col});
      ++i;
    } else {
      fail(col, std::string("unexpected character '") + c + "'");
    }
  }
  end_col_ = static_cast<int>(s.size()) + 1;
  toks_.push_back({TokKind::End, {}, end_col_});
}

const Tok& Line::peek(std::size_t ahead) const {
  return toks_[std::min(pos_ + ahead, toks_.size() - 1)];
}

const Tok& Line::next() {
  const Tok& t = toks_[pos_];
  if (pos_ + 1 < toks_.size()) ++pos_;
  return t;
}

bool Line::accept(char punct) {
  const Tok& t = peek();
  if (t.kind != TokKind::Punct || t.text[0] != punct) return false;
  next();
  return true;
}

void Line::expect(char punct, const char* what) {
  if (accept(punct)) return;
  const Tok& t = peek();
  fail(t.col, std::string("expected ") + what +
                  (t.kind == TokKind::End ? " at the end of the line" : ", got " + describe(t)));
}

void Line::fail(int col, const std::string& message) const {
  throw Error(located(file_, line_no, col, message));
}

uint32_t parse_float_bits(Line& line) {
  bool negative;
  const Tok& t = signed_number(line, negative);
  uint32_t bits = 0;
  if (is_hex(t.text)) {
    if (!parse_hex(t.text, bits)) line.fail(t.col, "bad number '" + std::string(t.text) + "'");
    return bits;
  }
  std::string_view text = t.text;
  if (text.back() == 'f' || text.back() == 'F') text.remove_suffix(1);
  float f = 0;
  auto r = std::from_chars(text.data(), text.data() + text.size(), f);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size())
    line.fail(t.col, "bad number '" + std::string(t.text) + "' (out of float range?)");
  if (negative) f = -f;
  std::memcpy(&bits, &f, sizeof bits);
  return bits;
}

uint32_t parse_int(Line& line) {
  bool negative;
  const Tok& t = signed_number(line, negative);
  uint32_t bits = 0;
  if (is_hex(t.text)) {
    if (!parse_hex(t.text, bits)) line.fail(t.col, "bad number '" + std::string(t.text) + "'");
    return bits;
  }
  int64_t v = 0;
  auto r = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
  if (r.ec != std::errc() || r.ptr != t.text.data() + t.text.size())
    line.fail(t.col, "expected an integer, got " + describe(t));
  if (negative) v = -v;
  if (v < INT32_MIN || v > INT32_MAX)
    line.fail(t.col, "integer " + std::to_string(v) + " does not fit 32 bits");
  return static_cast<uint32_t>(static_cast<int32_t>(v));
}

uint32_t parse_bool(Line& line) {
  const Tok& t = line.peek();
  if (t.kind == TokKind::Ident) {
    const std::string s = lower(t.text);
    if (s != "true" && s != "false") line.fail(t.col, "expected true or false, got " + describe(t));
    line.next();
    return s == "true" ? 1 : 0;
  }
  return parse_int(line);
}

std::string describe(const Tok& t) {
  return t.kind == TokKind::End ? "the end of the line" : "'" + std::string(t.text) + "'";
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace gfx::d3d9::asm_detail
