// Spellings of the YAML form: floats read back to the same bits, strict integers, base64.
#include "trace/text_format.h"

#include <gtest/gtest.h>

#include <cstring>

namespace gfx::trace {
namespace {

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

float from_bits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

TEST(TextFormat, FloatsRoundTripBitExactly) {
  EXPECT_EQ(format_float(0.1f), "0.1");
  EXPECT_EQ(format_float(-0.0f), "-0");
  EXPECT_EQ(format_float(16777217.0f), "16777216");
  EXPECT_EQ(format_float(from_bits(0x7FC00001)), "0x7FC00001");
  EXPECT_EQ(format_float(from_bits(0xFF800000)), "-.inf");
  // A spread of bit patterns, denormals included.
  for (uint32_t u = 1; u < 0x7F800000; u += 0x00012345) {
    float f = from_bits(u);
    auto back = parse_float(format_float(f));
    ASSERT_TRUE(back.has_value()) << u;
    ASSERT_EQ(bits(*back), u) << format_float(f);
  }
}

TEST(TextFormat, FloatParsingIsStrict) {
  EXPECT_FALSE(parse_float("inf").has_value());
  EXPECT_FALSE(parse_float("nan").has_value());
  EXPECT_FALSE(parse_float("1.5x").has_value());
  EXPECT_FALSE(parse_float("").has_value());
  EXPECT_FALSE(parse_float("1e99").has_value());
  EXPECT_EQ(bits(*parse_float("0x3F800000")), 0x3F800000u);
  EXPECT_EQ(*parse_float("-2.5e1"), -25.0f);
}

TEST(TextFormat, Integers) {
  EXPECT_EQ(*parse_uint("0xFFFFFFFF", 0xFFFFFFFFu), 0xFFFFFFFFu);
  EXPECT_FALSE(parse_uint("0x100000000", 0xFFFFFFFFu).has_value());
  EXPECT_FALSE(parse_uint("256", 255).has_value());
  EXPECT_EQ(*parse_uint("010", 255), 10u);  // decimal, not octal
  EXPECT_FALSE(parse_uint("-1", 255).has_value());
  EXPECT_FALSE(parse_uint("+1", 255).has_value());
  EXPECT_EQ(*parse_int("-2147483648", INT32_MIN, INT32_MAX), INT32_MIN);
  EXPECT_FALSE(parse_int("2147483648", INT32_MIN, INT32_MAX).has_value());
  EXPECT_FALSE(parse_int("-2147483649", INT32_MIN, INT32_MAX).has_value());
}

TEST(TextFormat, Base64) {
  const uint8_t data[] = {0xFF, 0x00, 0x10, 0x20, 0x30};
  for (std::size_t n = 0; n <= sizeof data; ++n) {
    std::string s = base64_encode(data, n);
    auto back = base64_decode(s);
    ASSERT_TRUE(back.has_value()) << s;
    EXPECT_EQ(*back, std::vector<uint8_t>(data, data + n));
  }
  EXPECT_EQ(base64_encode(data, 5), "/wAQIDA=");
  EXPECT_EQ(*base64_decode("/wAQ\n IDA="), (std::vector<uint8_t>{0xFF, 0x00, 0x10, 0x20, 0x30}));
  EXPECT_FALSE(base64_decode("/wA").has_value());
  EXPECT_FALSE(base64_decode("/w=A").has_value());
  EXPECT_FALSE(base64_decode("*AAA").has_value());
}

TEST(TextFormat, QuotedStrings) {
  EXPECT_EQ(quote_string("a\"b\\c\nd\x01"), "\"a\\\"b\\\\c\\nd\\x01\"");
}

}  // namespace
}  // namespace gfx::trace
