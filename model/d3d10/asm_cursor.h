// A cursor over one line of SM4 assembly that fails with file:line:column (internal to
// the assembler).
#pragma once

#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>

#include "common/error.h"

namespace gfx::d3d10 {

class Cursor {
 public:
  Cursor(std::string_view line, const std::string& file, int line_no)
      : s_(line), file_(file), line_(line_no) {}

  void skip_space() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool at_end() {
    skip_space();
    return pos_ >= s_.size();
  }
  char peek() {
    skip_space();
    return pos_ < s_.size() ? s_[pos_] : '\0';
  }
  bool accept(char c) {
    if (peek() != c) return false;
    ++pos_;
    return true;
  }
  bool accept(std::string_view word) {
    skip_space();
    if (s_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }
  void expect(char c, const char* what) {
    if (!accept(c)) fail(std::string("expected '") + c + "' " + what);
  }
  // Letters, digits and underscores.
  std::string word() {
    skip_space();
    const std::size_t start = pos_;
    while (pos_ < s_.size() &&
           (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_'))
      ++pos_;
    return std::string(s_.substr(start, pos_ - start));
  }
  // Everything up to the next space (a mnemonic with its suffixes).
  std::string token() {
    skip_space();
    const std::size_t start = pos_;
    while (pos_ < s_.size() && !std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    return std::string(s_.substr(start, pos_ - start));
  }
  // A number literal: [-]digits, 0x hex, or a float with '.' / 'e'.
  std::string literal() {
    skip_space();
    const std::size_t start = pos_;
    if (pos_ < s_.size() && (s_[pos_] == '-' || s_[pos_] == '+')) ++pos_;
    while (pos_ < s_.size() &&
           (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '.' ||
            ((s_[pos_] == '-' || s_[pos_] == '+') && (s_[pos_ - 1] == 'e' || s_[pos_ - 1] == 'E'))))
      ++pos_;
    return std::string(s_.substr(start, pos_ - start));
  }
  uint32_t unsigned_number(const char* what) {
    skip_space();
    const std::size_t at = pos_;
    while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    const std::string w(s_.substr(at, pos_ - at));
    if (w.empty() || w.find_first_not_of("0123456789") != std::string::npos)
      fail_at(at, std::string("expected ") + what + ", found '" + w + "'");
    const unsigned long long v = std::stoull(w);
    if (v > 0xFFFFFFFFull) fail_at(at, std::string(what) + " " + w + " does not fit 32 bits");
    return static_cast<uint32_t>(v);
  }
  std::size_t pos() const { return pos_; }
  void rewind(std::size_t to) { pos_ = to; }
  [[noreturn]] void fail(const std::string& m) const { fail_at(pos_, m); }
  [[noreturn]] void fail_at(std::size_t at, const std::string& m) const {
    throw Error(located(file_, line_, static_cast<int>(at) + 1, m));
  }

 private:
  std::string_view s_;
  std::size_t pos_ = 0;
  const std::string& file_;
  int line_;
};

}  // namespace gfx::d3d10
