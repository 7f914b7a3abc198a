// The JSON writer: exact layout, string escaping, number formatting and misuse.
#include "stats/json_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "common/error.h"

namespace gfx::stats {
namespace {

TEST(JsonWriter, PrettyLayoutWithOneLineContainers) {
  JsonWriter w;
  w.begin_object();
  w.field("name", "gfx");
  w.key("list");
  w.begin_array();
  w.value(1);
  w.value(true);
  w.null();
  w.end_array();
  w.key("point");
  w.begin_object(true);
  w.field("x", 1.5);
  w.key("tags");
  w.begin_array();  // inside a one-line object, stays on the line
  w.value("a");
  w.value("b");
  w.end_array();
  w.end_object();
  w.key("empty_obj");
  w.begin_object();
  w.end_object();
  w.key("empty_arr");
  w.begin_array(true);
  w.end_array();
  w.end_object();
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(w.str(),
            "{\n"
            "  \"name\": \"gfx\",\n"
            "  \"list\": [\n"
            "    1,\n"
            "    true,\n"
            "    null\n"
            "  ],\n"
            "  \"point\": {\"x\": 1.5, \"tags\": [\"a\", \"b\"]},\n"
            "  \"empty_obj\": {},\n"
            "  \"empty_arr\": []\n"
            "}\n");
}

TEST(JsonWriter, StringEscaping) {
  JsonWriter w;
  w.value(std::string("q\"b\\s/\n\t\r\b\f\x01\x1f\x7f \xc3\xa9"));
  EXPECT_EQ(w.str(), "\"q\\\"b\\\\s/\\n\\t\\r\\b\\f\\u0001\\u001f\x7f \xc3\xa9\"\n");
  std::string keyed;
  JsonWriter::append_quoted(keyed, "a\"");
  EXPECT_EQ(keyed, "\"a\\\"\"");
}

TEST(JsonWriter, NumberFormatting) {
  EXPECT_EQ(format_double(0.1), "0.1");
  EXPECT_EQ(format_double(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(format_double(1.0 / 3.0), "0.3333333333333333");
  EXPECT_EQ(format_double(2.0), "2");
  EXPECT_EQ(format_double(123456789.0), "123456789");
  EXPECT_EQ(format_double(1e20), "1e+20");
  EXPECT_EQ(format_double(1.5e-7), "1.5e-07");
  EXPECT_EQ(format_double(5e-324), "5e-324");
  EXPECT_EQ(format_double(-0.0), "-0");
  EXPECT_EQ(format_double(std::numeric_limits<double>::max()), "1.7976931348623157e+308");

  JsonWriter w;
  w.begin_array(true);
  w.value(std::nan(""));
  w.value(std::numeric_limits<double>::infinity());
  w.value(-std::numeric_limits<double>::infinity());
  w.value(std::numeric_limits<int64_t>::min());
  w.value(std::numeric_limits<uint64_t>::max());
  w.value(uint8_t{200});
  w.value(-7);
  w.value(0.25f);
  w.end_array();
  EXPECT_EQ(w.str(),
            "[null, null, null, -9223372036854775808, 18446744073709551615, 200, -7, 0.25]\n");
}

TEST(JsonWriter, MisuseThrows) {
  {
    JsonWriter w;
    w.begin_object();
    EXPECT_THROW(w.value(1), gfx::Error);  // no key
  }
  {
    JsonWriter w;
    w.begin_array();
    EXPECT_THROW(w.key("k"), gfx::Error);
    EXPECT_THROW(w.end_object(), gfx::Error);
  }
  {
    JsonWriter w;
    w.value(1);
    EXPECT_THROW(w.value(2), gfx::Error);  // one top-level value only
  }
  {
    JsonWriter w;
    w.begin_object();
    w.key("k");
    EXPECT_THROW(w.end_object(), gfx::Error);
    EXPECT_FALSE(w.complete());
  }
}

}  // namespace
}  // namespace gfx::stats
