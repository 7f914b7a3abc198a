// Text spellings of the YAML trace form: integers (decimal or 0x hex), floats that
// round-trip bit-exactly, quoted strings and base64. Strict parsers: a value either
// parses completely or not at all (std::nullopt), so the YAML reader can report it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/enums.h"

namespace gfx::trace {

// Decimal or 0x-prefixed hex; rejects signs, spaces, overflow above `max`.
std::optional<uint64_t> parse_uint(std::string_view s, uint64_t max);
// As parse_uint, with an optional leading '-', within [min, max].
std::optional<int64_t> parse_int(std::string_view s, int64_t min, int64_t max);

// The shortest decimal that reads back to the same bits; ".inf"/"-.inf" for infinities
// and the raw bits as "0x7FC00000" for NaNs (so NaN payloads survive).
std::string format_float(float f);
// Decimal floats, ".inf", "-.inf", ".nan", or raw IEEE bits as 0x hex.
std::optional<float> parse_float(std::string_view s);

// "0x" followed by at least `min_digits` upper-case hex digits.
std::string format_hex(uint64_t v, int min_digits);

// A YAML double-quoted string (escapes \" \\ and control characters).
std::string quote_string(std::string_view s);

std::string base64_encode(const uint8_t* data, std::size_t size);
// Whitespace is ignored; anything else outside the alphabet, or bad padding, fails.
std::optional<std::vector<uint8_t>> base64_decode(std::string_view s);

// "one of a, b, c" for the names of an API enumeration, for error messages.
template <typename E> std::string enum_expectation() {
  std::string s = "one of";
  const char* sep = " ";
  for (uint32_t raw = 0; raw < 512; ++raw) {
    if (!api::is_valid<E>(raw)) continue;
    s += sep;
    s += api::to_name(static_cast<E>(raw));
    sep = ", ";
  }
  return s;
}

}  // namespace gfx::trace
