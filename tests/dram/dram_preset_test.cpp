// The presets' DRAM: the configured peak (channels x bytes per cycle x clock) equals the
// data sheet's formula (bus width x data rate per pin / 8), and the presets carry the
// timings docs/units/memory.md quotes (ATTILA's GDDR3, JEDEC GDDR6).
#include <gtest/gtest.h>

#include "dram_util.h"

namespace gfx::dram {
namespace {

using test::preset;

struct Sheet {
  const char* preset;
  double bus_bits;  // total data pins
  double gbps;      // data rate per pin
};

TEST(DramPresets, ConfiguredPeakEqualsTheDataSheetFormula) {
  const Sheet sheets[] = {
      {"baseline", 512, 2.2},    // GDDR3, 1100 MHz CK, DDR: 140.8 GB/s
      {"attila-like", 256, 1.0}, // GDDR3, 500 MHz CK, DDR: 32 GB/s
      {"gddr5", 256, 6.0},       // 1500 MHz CK, 4 bits per pin per CK: 192 GB/s
      {"gddr6", 256, 14.0},      // 1750 MHz CK, 8 bits per pin per CK: 448 GB/s
  };
  for (const Sheet& s : sheets) {
    const DramConfig c = preset(s.preset);
    EXPECT_DOUBLE_EQ(c.peak_bytes_per_second(), s.bus_bits * s.gbps * 1e9 / 8) << s.preset;
  }
  EXPECT_DOUBLE_EQ(preset("gddr6").peak_bytes_per_second(), 448e9);
  EXPECT_DOUBLE_EQ(preset("baseline").peak_bytes_per_second(), 140.8e9);
}

TEST(DramPresets, Gddr6CarriesTheJedecTimings) {
  const DramConfig c = preset("gddr6");
  EXPECT_NEAR(1000.0 / c.clock_mhz, 0.57, 0.005);  // tCK in ns
  EXPECT_EQ(c.t_cas, 24u);
  EXPECT_EQ(c.t_rcd, 26u);
  EXPECT_EQ(c.t_rp, 26u);
  EXPECT_EQ(c.t_ras, 53u);
  EXPECT_EQ(c.t_rc, 79u);
  EXPECT_EQ(c.t_faw, 28u);
  EXPECT_EQ(c.t_refi, 3333u);
  EXPECT_EQ(c.bank_groups, 4u);
}

TEST(DramPresets, AttilaLikeCarriesAttilasGddr3Timings) {
  const DramConfig c = preset("attila-like");
  EXPECT_EQ(c.t_cas, 10u);
  EXPECT_EQ(c.t_wl, 5u);
  EXPECT_EQ(c.t_rcd, 13u);
  EXPECT_EQ(c.t_rp, 14u);
  EXPECT_EQ(c.t_rrd_s, 9u);
  EXPECT_EQ(c.t_wtr, 5u);
  EXPECT_EQ(c.t_rtw, 2u);
  EXPECT_EQ(c.t_wr, 10u);
}

}  // namespace
}  // namespace gfx::dram
