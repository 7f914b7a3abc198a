// Leaf values: strict parsing and exact, round-tripping formatting.
#include "config/value.h"

#include <gtest/gtest.h>

#include "common/error.h"
#include "config/suggest.h"

namespace gfx::cfg {
namespace {

RawNode scalar(const std::string& text) {
  RawNode n;
  n.kind = RawNode::Kind::Scalar;
  n.text = text;
  n.at = Where{"t", 0, 0};
  return n;
}

template <class T> T parse(const std::string& text) {
  T v{};
  parse_value(scalar(text), "k", v);
  return v;
}

TEST(Values, Integers) {
  EXPECT_EQ(parse<uint32_t>("010"), 10u);  // not octal
  EXPECT_EQ(parse<uint32_t>("0x1F"), 31u);
  EXPECT_EQ(parse<uint32_t>("+5"), 5u);
  EXPECT_EQ(parse<int32_t>("-2147483648"), std::numeric_limits<int32_t>::min());
  EXPECT_EQ(parse<int64_t>("-9223372036854775808"), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(parse<uint64_t>("18446744073709551615"), std::numeric_limits<uint64_t>::max());
  EXPECT_THROW(parse<uint64_t>("18446744073709551616"), gfx::Error);
  EXPECT_THROW(parse<int32_t>("2147483648"), gfx::Error);
  EXPECT_THROW(parse<uint32_t>("1.0"), gfx::Error);
  EXPECT_THROW(parse<uint32_t>("0x"), gfx::Error);
  EXPECT_THROW(parse<uint32_t>(""), gfx::Error);
  EXPECT_THROW(parse<int32_t>("--1"), gfx::Error);
}

TEST(Values, RealsAndBools) {
  EXPECT_EQ(parse<double>("1e3"), 1000.0);
  EXPECT_EQ(parse<double>("+.5"), 0.5);
  EXPECT_THROW(parse<double>("nan"), gfx::Error);
  EXPECT_THROW(parse<double>("1,5"), gfx::Error);
  EXPECT_THROW(parse<double>("+-1"), gfx::Error);
  EXPECT_TRUE(parse<bool>("True"));
  EXPECT_FALSE(parse<bool>("false"));
  EXPECT_THROW(parse<bool>("on"), gfx::Error);
}

TEST(Values, Formatting) {
  EXPECT_EQ(format_value(0.1), "0.1");
  EXPECT_EQ(format_value(1.0), "1.0");
  EXPECT_EQ(format_value(1e20), "1.0e+20");
  EXPECT_EQ(format_value(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(format_value(0.1f), "0.1");
  EXPECT_EQ(format_value(-3), "-3");
  EXPECT_EQ(format_value(std::string("lru")), "lru");
  EXPECT_EQ(format_value(std::string("No")), "\"No\"");
  EXPECT_EQ(format_value(std::string("a\x01")), "\"a\\x01\"");
  EXPECT_EQ(format_value(std::vector<uint32_t>{}), "[]");
}

TEST(Suggest, EditDistanceAndClosest) {
  EXPECT_EQ(edit_distance("ways", "wyas"), 1u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(closest_match("quad_per_cycle", {"fast_clear", "quads_per_cycle"}), "quads_per_cycle");
  EXPECT_EQ(closest_match("zzz", {"ways", "size_kib"}), "");
}

}  // namespace
}  // namespace gfx::cfg
