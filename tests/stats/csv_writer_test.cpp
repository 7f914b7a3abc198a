// The CSV writer: RFC 4180 quoting only where needed, exact numbers.
#include "stats/csv_writer.h"

#include <gtest/gtest.h>

#include <cmath>

namespace gfx::stats {
namespace {

TEST(CsvWriter, QuotingRules) {
  EXPECT_EQ(CsvWriter::quote("plain text"), "plain text");
  EXPECT_EQ(CsvWriter::quote(""), "");
  EXPECT_EQ(CsvWriter::quote("a,b"), "\"a,b\"");
  EXPECT_EQ(CsvWriter::quote("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(CsvWriter::quote("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(CsvWriter::quote("cr\r"), "\"cr\r\"");
  EXPECT_EQ(CsvWriter::quote(" padded"), "\" padded\"");
  EXPECT_EQ(CsvWriter::quote("padded "), "\"padded \"");
}

TEST(CsvWriter, RowsAndNumbers) {
  CsvWriter w;
  w.cell("draw");
  w.cell("cycles");
  w.cell("rate");
  w.end_row();
  w.cell(std::string("d,1"));
  w.cell(uint64_t{18446744073709551615u});
  w.cell(0.1 + 0.2);
  w.end_row();
  w.cell(-3);
  w.cell(std::nan(""));
  w.cell(-INFINITY);
  w.end_row();
  EXPECT_EQ(w.str(),
            "draw,cycles,rate\n"
            "\"d,1\",18446744073709551615,0.30000000000000004\n"
            "-3,nan,-inf\n");
}

}  // namespace
}  // namespace gfx::stats
