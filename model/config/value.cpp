#include "config/value.h"

#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

#include "common/error.h"

namespace gfx::cfg {

void throw_expected(const RawNode& node, const std::string& path, const std::string& expected) {
  throw Error(node.at.prefix(path + ": expected " + expected + ", got " + node.describe()));
}

namespace {

const std::string& scalar_text(const RawNode& node, const std::string& path, const char* expected) {
  if (node.kind != RawNode::Kind::Scalar) throw_expected(node, path, expected);
  return node.text;
}

// Decimal or 0x-hex, optional sign. Leading zeros stay decimal: YAML 1.1 would read
// "010" as octal 8, which nobody writing a cache size means.
bool parse_integer(const std::string& s, bool& negative, uint64_t& magnitude, bool& overflow) {
  size_t i = 0;
  negative = false;
  overflow = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  int base = 10;
  if (i + 1 < s.size() && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
    base = 16;
    i += 2;
  }
  if (i == s.size()) return false;
  const char* first = s.data() + i;
  const char* last = s.data() + s.size();
  auto [end, ec] = std::from_chars(first, last, magnitude, base);
  if (end != last) return false;
  if (ec == std::errc::result_out_of_range)
    overflow = true;
  else if (ec != std::errc())
    return false;
  return true;
}

template <class T> void parse_int(const RawNode& node, const std::string& path, T& out) {
  const char* expected = ValueTraits<T>::expected;
  const std::string& s = scalar_text(node, path, expected);
  bool negative = false, overflow = false;
  uint64_t mag = 0;
  if (!parse_integer(s, negative, mag, overflow)) throw_expected(node, path, expected);
  if (negative && !std::is_signed_v<T> && mag != 0) throw_expected(node, path, expected);
  // Compare magnitudes in uint64_t so that no bound overflows on the way.
  const uint64_t max_pos = static_cast<uint64_t>(std::numeric_limits<T>::max());
  const uint64_t max_neg =
      std::is_signed_v<T> ? max_pos + 1 : 0;  // |min| of a two's-complement type
  if (overflow || (!negative && mag > max_pos) || (negative && mag > max_neg)) {
    throw Error(node.at.prefix(path + ": " + s + " is too " + (negative ? "small" : "large") +
                               " for " + ValueTraits<T>::name()));
  }
  if (negative)
    out = static_cast<T>(-static_cast<int64_t>(mag - 1) - 1);  // no overflow at the minimum
  else
    out = static_cast<T>(mag);
}

bool parse_double_text(const std::string& s, double& out) {
  const char* first = s.data();
  const char* last = first + s.size();
  bool plus = first != last && *first == '+';  // from_chars rejects a leading '+'
  if (plus) ++first;
  if (first == last || (plus && *first == '-')) return false;
  auto [end, ec] = std::from_chars(first, last, out);
  return ec == std::errc() && end == last && std::isfinite(out);
}

// Shortest text that reads back to exactly `v` (to_chars, locale-free), spelled so that
// every YAML reader sees a float ("1.0", "1.0e+20"), not an integer or a string.
template <class T> std::string format_real(T v) {
  if (std::isnan(v)) return ".nan";
  if (std::isinf(v)) return v < 0 ? "-.inf" : ".inf";
  char buf[40];
  std::string s(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
  if (s.find('.') == std::string::npos) {
    size_t e = s.find('e');
    s.insert(e == std::string::npos ? s.size() : e, ".0");
  }
  return s;
}

}  // namespace

void parse_value(const RawNode& node, const std::string& path, bool& out) {
  const std::string& s = scalar_text(node, path, "true or false");
  // Only the YAML 1.2 spellings: "yes"/"on" for booleans surprise people (the Norway problem).
  if (s == "true" || s == "True" || s == "TRUE")
    out = true;
  else if (s == "false" || s == "False" || s == "FALSE")
    out = false;
  else
    throw_expected(node, path, "true or false");
}

void parse_value(const RawNode& node, const std::string& path, int32_t& out) {
  parse_int(node, path, out);
}
void parse_value(const RawNode& node, const std::string& path, uint32_t& out) {
  parse_int(node, path, out);
}
void parse_value(const RawNode& node, const std::string& path, int64_t& out) {
  parse_int(node, path, out);
}
void parse_value(const RawNode& node, const std::string& path, uint64_t& out) {
  parse_int(node, path, out);
}

void parse_value(const RawNode& node, const std::string& path, double& out) {
  const std::string& s = scalar_text(node, path, "a number");
  if (!parse_double_text(s, out)) throw_expected(node, path, "a finite number");
}

void parse_value(const RawNode& node, const std::string& path, float& out) {
  double d = 0;
  parse_value(node, path, d);
  if (std::fabs(d) > FLT_MAX)
    throw Error(node.at.prefix(path + ": " + node.text + " is too large for float"));
  out = static_cast<float>(d);
}

void parse_value(const RawNode& node, const std::string& path, std::string& out) {
  out = scalar_text(node, path, "a string");
}

std::string format_value(bool v) { return v ? "true" : "false"; }
std::string format_value(int32_t v) { return std::to_string(v); }
std::string format_value(uint32_t v) { return std::to_string(v); }
std::string format_value(int64_t v) { return std::to_string(v); }
std::string format_value(uint64_t v) { return std::to_string(v); }
std::string format_value(float v) { return format_real(v); }
std::string format_value(double v) { return format_real(v); }

bool is_plain_yaml_string(const std::string& s) {
  if (s.empty()) return false;
  char c0 = s[0];
  if (!((c0 >= 'a' && c0 <= 'z') || (c0 >= 'A' && c0 <= 'Z') || c0 == '_')) return false;
  for (char c : s) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-' || c == '.' || c == '/' || c == '+';
    if (!ok) return false;
  }
  std::string lower;
  for (char c : s) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  // Words that YAML 1.1 readers (PyYAML) turn into booleans or null.
  for (const char* word : {"true", "false", "yes", "no", "on", "off", "y", "n", "null"})
    if (lower == word) return false;
  return true;
}

std::string format_value(const std::string& v) {
  if (is_plain_yaml_string(v)) return v;
  std::string s = "\"";
  for (char c : v) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      s += '\\';
      s += c;
    } else if (c == '\n') {
      s += "\\n";
    } else if (c == '\t') {
      s += "\\t";
    } else if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      s += buf;
    } else {
      s += c;  // UTF-8 passes through unchanged
    }
  }
  return s + "\"";
}

}  // namespace gfx::cfg
