#include "import/gli_reader.h"

#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>

#include "common/error.h"
#include "import/gli_enums.h"

namespace gfx::import {

namespace {

// A cursor over one line; every failure names the file, the line and the column.
class LineParser {
 public:
  LineParser(const std::string& text, const std::string& path, int line)
      : s_(text), path_(path), line_(line) {}

  GliCall call() {
    GliCall c;
    c.line = line_;
    skip_space();
    while (pos_ < s_.size() && (std::isalnum(uc(s_[pos_])) || s_[pos_] == '_'))
      c.name += s_[pos_++];
    if (c.name.empty()) fail("expected a function name");
    skip_space();
    expect('(');
    skip_space();
    if (peek() != ')') {
      for (;;) {
        c.args.push_back(arg());
        skip_space();
        if (peek() == ',') {
          ++pos_;
          continue;
        }
        break;
      }
    }
    expect(')');
    skip_space();
    if (peek() == '=') {
      ++pos_;
      skip_space();
      c.ret = s_.substr(pos_);
      while (!c.ret.empty() && std::isspace(uc(c.ret.back()))) c.ret.pop_back();
      if (c.ret.empty()) fail("expected a return value after '='");
      pos_ = s_.size();
    }
    skip_space();
    if (pos_ != s_.size()) fail("unexpected text after the call");
    return c;
  }

 private:
  static unsigned char uc(char c) { return static_cast<unsigned char>(c); }
  char peek() const { return pos_ < s_.size() ? s_[pos_] : '\0'; }
  void skip_space() {
    while (pos_ < s_.size() && std::isspace(uc(s_[pos_]))) ++pos_;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw Error(located(path_, line_, static_cast<int>(pos_) + 1, what));
  }
  void expect(char c) {
    if (peek() != c) fail(std::string("expected '") + c + "'");
    ++pos_;
  }

  GliArg arg() {
    skip_space();
    char c = peek();
    if (c == '{') return array();
    if (c == '"') return string();
    if (c == '*' || (c == 'U' && s_.compare(pos_, 3, "U0x") == 0)) return pointer();
    if (std::isalpha(uc(c)) || c == '_') return enums();
    if (std::isdigit(uc(c)) || c == '-' || c == '+' || c == '.') return number();
    fail(c == '\0' ? "expected an argument, found the end of the line"
                   : std::string("expected an argument, found '") + c + "'");
  }

  GliArg array() {
    GliArg a;
    a.kind = GliArg::Kind::Array;
    size_t start = pos_++;
    skip_space();
    if (peek() != '}') {
      for (;;) {
        a.items.push_back(arg());
        skip_space();
        if (peek() == ',') {
          ++pos_;
          continue;
        }
        break;
      }
    }
    expect('}');
    a.text = s_.substr(start, pos_ - start);
    return a;
  }

  // "text" as glGetString and wglGetProcAddress print it (no escapes).
  GliArg string() {
    GliArg a;
    a.kind = GliArg::Kind::String;
    size_t end = s_.find('"', pos_ + 1);
    if (end == std::string::npos) fail("unterminated string");
    a.text = s_.substr(pos_ + 1, end - pos_ - 1);
    pos_ = end + 1;
    return a;
  }

  GliArg pointer() {
    GliArg a;
    a.kind = GliArg::Kind::Pointer;
    size_t start = pos_;
    pos_ += s_[pos_] == '*' ? 1 : 3;
    size_t digits = pos_;
    while (pos_ < s_.size() && std::isxdigit(uc(s_[pos_]))) ++pos_;
    if (pos_ == digits) fail("expected the digits of a pointer");
    a.text = s_.substr(start, pos_ - start);
    return a;
  }

  GliArg enums() {
    GliArg a;
    a.kind = GliArg::Kind::Enum;
    size_t start = pos_;
    uint32_t value = 0;
    for (;;) {
      size_t name_start = pos_;
      while (pos_ < s_.size() && (std::isalnum(uc(s_[pos_])) || s_[pos_] == '_')) ++pos_;
      std::string name = s_.substr(name_start, pos_ - name_start);
      if (name.empty()) fail("expected a GL enum name after '|'");
      auto v = gl_enum_value(name);
      if (v)
        value |= *v;
      else
        a.known = false;
      size_t before_bar = pos_;
      skip_space();
      if (peek() != '|') {
        pos_ = before_bar;
        break;
      }
      ++pos_;
      skip_space();
    }
    a.text = s_.substr(start, pos_ - start);
    a.value = value;
    return a;
  }

  // "0x" followed by hex digits, optionally ".0x" and more: GLI0.h prints a double as
  // its low and high 32-bit words.
  uint64_t hex_word() {
    pos_ += 2;
    size_t digits = pos_;
    while (pos_ < s_.size() && std::isxdigit(uc(s_[pos_]))) ++pos_;
    if (pos_ == digits || pos_ - digits > 8) fail("expected 1 to 8 hexadecimal digits after 0x");
    return std::strtoull(s_.substr(digits, pos_ - digits).c_str(), nullptr, 16);
  }

  GliArg number() {
    GliArg a;
    size_t start = pos_;
    if (s_.compare(pos_, 2, "0x") == 0 || s_.compare(pos_, 2, "0X") == 0) {
      a.hex = true;
      a.bits = hex_word();
      if (s_.compare(pos_, 3, ".0x") == 0) {
        ++pos_;
        a.hex_pair = true;
        a.bits |= hex_word() << 32;
      }
      a.value = static_cast<double>(a.bits);
    } else {
      const char* begin = s_.c_str() + pos_;
      char* end = nullptr;
      a.value = std::strtod(begin, &end);
      if (end == begin) fail("malformed number");
      pos_ += static_cast<size_t>(end - begin);
    }
    if (std::isalnum(uc(peek())) || peek() == '_' || peek() == '.') fail("malformed number");
    a.text = s_.substr(start, pos_ - start);
    return a;
  }

  const std::string& s_;
  const std::string& path_;
  int line_;
  size_t pos_ = 0;
};

}  // namespace

GliCall parse_gli_line(const std::string& text, const std::string& path, int line) {
  return LineParser(text, path, line).call();
}

GliCapture parse_gli_text(const std::string& text, const std::string& path) {
  GliCapture cap;
  cap.path = path;
  size_t pos = 0;
  int line = 0;
  bool header = false;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string l = text.substr(pos, end - pos);
    pos = end + 1;
    ++line;
    if (!l.empty() && l.back() == '\r') l.pop_back();
    if (!header) {
      while (!l.empty() && std::isspace(static_cast<unsigned char>(l.back()))) l.pop_back();
      if (l == "GLI0.t" || l == "GLI0.h") {
        cap.hex_floats = l == "GLI0.h";
        header = true;
        continue;
      }
      throw Error(located(path, line, 0,
                          "not a GLInterceptor text capture: the first line must be GLI0.t or "
                          "GLI0.h, found '" +
                              l.substr(0, 40) + "'"));
    }
    size_t first = l.find_first_not_of(" \t");
    if (first == std::string::npos || l[first] == '#') continue;
    // A string argument may span lines (glProgramStringARB's program text): join them
    // until its closing quote; the call keeps the line it starts on.
    int call_line = line;
    while (std::count(l.begin(), l.end(), '"') % 2 == 1 && pos < text.size()) {
      end = text.find('\n', pos);
      if (end == std::string::npos) end = text.size();
      l += '\n' + text.substr(pos, end - pos);
      pos = end + 1;
      ++line;
    }
    cap.calls.push_back(parse_gli_line(l, path, call_line));
  }
  if (!header) throw Error(located(path, 0, 0, "empty file: no GLI0.t header"));
  return cap;
}

GliCapture read_gli_file(const std::string& path) {
  struct GzClose {
    void operator()(gzFile_s* g) const { gzclose(g); }
  };
  std::unique_ptr<gzFile_s, GzClose> in(gzopen(path.c_str(), "rb"));
  if (!in) throw Error(path + ": cannot open the capture");
  std::string text;
  char buf[1 << 16];
  for (;;) {
    int n = gzread(in.get(), buf, sizeof buf);
    if (n < 0) throw Error(path + ": read error (a damaged gzip stream?)");
    if (n == 0) break;
    text.append(buf, static_cast<size_t>(n));
  }
  return parse_gli_text(text, path);
}

}  // namespace gfx::import
