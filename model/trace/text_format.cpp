// Number, string and base64 spellings of the YAML trace form.
#include "trace/text_format.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace gfx::trace {
namespace {

uint32_t float_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

float bits_float(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

constexpr char kB64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int b64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

}  // namespace

std::optional<uint64_t> parse_uint(std::string_view s, uint64_t max) {
  if (s.empty()) return std::nullopt;
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s.remove_prefix(2);
  }
  uint64_t v = 0;
  for (char c : s) {
    int d = base == 16 ? hex_digit(c) : (c >= '0' && c <= '9' ? c - '0' : -1);
    if (d < 0) return std::nullopt;
    if (v > (max - static_cast<uint64_t>(d)) / static_cast<uint64_t>(base)) return std::nullopt;
    v = v * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
  }
  return v;
}

std::optional<int64_t> parse_int(std::string_view s, int64_t min, int64_t max) {
  bool negative = !s.empty() && s[0] == '-';
  if (negative) s.remove_prefix(1);
  auto mag =
      parse_uint(s, negative ? static_cast<uint64_t>(-(min + 1)) + 1 : static_cast<uint64_t>(max));
  if (!mag) return std::nullopt;
  if (!negative) return static_cast<int64_t>(*mag);
  if (*mag == 0) return 0;
  return -static_cast<int64_t>(*mag - 1) - 1;
}

std::string format_float(float f) {
  if (std::isnan(f)) return format_hex(float_bits(f), 8);
  if (std::isinf(f)) return f > 0 ? ".inf" : "-.inf";
  // The shortest of %.6g..%.9g that reads back exactly; %.9g always does for binary32.
  char buf[32];
  for (int digits = 6; digits <= 9; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, static_cast<double>(f));
    if (float_bits(std::strtof(buf, nullptr)) == float_bits(f)) break;
  }
  return buf;
}

std::optional<float> parse_float(std::string_view s) {
  if (s == ".inf" || s == "+.inf" || s == ".Inf" || s == "+.Inf" || s == ".INF") return HUGE_VALF;
  if (s == "-.inf" || s == "-.Inf" || s == "-.INF") return -HUGE_VALF;
  if (s == ".nan" || s == ".NaN" || s == ".NAN") return std::nanf("");
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    auto bits = parse_uint(s, 0xFFFFFFFFu);
    if (!bits) return std::nullopt;
    return bits_float(static_cast<uint32_t>(*bits));
  }
  // strtof also takes "inf", "nan(...)" and hex floats: admit plain decimals only.
  if (s.empty() || s.size() > 64) return std::nullopt;
  bool digit = false;
  for (char c : s) {
    if (c >= '0' && c <= '9')
      digit = true;
    else if (c != '+' && c != '-' && c != '.' && c != 'e' && c != 'E')
      return std::nullopt;
  }
  if (!digit) return std::nullopt;
  std::string z(s);
  char* end = nullptr;
  errno = 0;
  float f = std::strtof(z.c_str(), &end);
  if (end != z.c_str() + z.size()) return std::nullopt;
  if (errno == ERANGE && std::isinf(f)) return std::nullopt;  // overflow, e.g. 1e99
  return f;
}

std::string format_hex(uint64_t v, int min_digits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%0*llX", min_digits, static_cast<unsigned long long>(v));
  return buf;
}

std::string quote_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", u);
      out += buf;
    } else {
      out += c;  // UTF-8 passes through
    }
  }
  return out + "\"";
}

std::string base64_encode(const uint8_t* data, std::size_t size) {
  std::string out;
  out.reserve((size + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= size; i += 3) {
    uint32_t v = (uint32_t{data[i]} << 16) | (uint32_t{data[i + 1]} << 8) | data[i + 2];
    out += kB64[v >> 18];
    out += kB64[(v >> 12) & 63];
    out += kB64[(v >> 6) & 63];
    out += kB64[v & 63];
  }
  if (size - i == 1) {
    uint32_t v = uint32_t{data[i]} << 16;
    out += kB64[v >> 18];
    out += kB64[(v >> 12) & 63];
    out += "==";
  } else if (size - i == 2) {
    uint32_t v = (uint32_t{data[i]} << 16) | (uint32_t{data[i + 1]} << 8);
    out += kB64[v >> 18];
    out += kB64[(v >> 12) & 63];
    out += kB64[(v >> 6) & 63];
    out += '=';
  }
  return out;
}

std::optional<std::vector<uint8_t>> base64_decode(std::string_view s) {
  std::vector<uint8_t> out;
  out.reserve(s.size() / 4 * 3);
  uint32_t acc = 0;
  int have = 0, pad = 0;
  for (char c : s) {
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
    if (c == '=') {
      ++pad;
      continue;
    }
    int v = b64_value(c);
    if (v < 0 || pad > 0) return std::nullopt;  // bad character, or data after padding
    acc = (acc << 6) | static_cast<uint32_t>(v);
    if (++have == 4) {
      out.push_back(static_cast<uint8_t>(acc >> 16));
      out.push_back(static_cast<uint8_t>(acc >> 8));
      out.push_back(static_cast<uint8_t>(acc));
      acc = 0;
      have = 0;
    }
  }
  // Only complete groups, or a final 2- or 3-character group with matching padding.
  if (have == 0 && pad == 0) return out;
  if (have == 2 && pad == 2) {
    out.push_back(static_cast<uint8_t>(acc >> 4));
    return out;
  }
  if (have == 3 && pad == 1) {
    out.push_back(static_cast<uint8_t>(acc >> 10));
    out.push_back(static_cast<uint8_t>(acc >> 2));
    return out;
  }
  return std::nullopt;
}

}  // namespace gfx::trace
