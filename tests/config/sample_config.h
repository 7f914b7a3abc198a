// Sample config structs for the config tests, shaped like the real per-unit configs the
// lead writes: every supported field type, nested sections, a repeated section type,
// ranges, choices, a custom field check and a cross-field check.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "config/config.h"

namespace gfx::test {

struct CacheConfig {
  uint32_t size_kib = 16;
  uint32_t ways = 4;
  uint32_t line_bytes = 64;
  std::string replacement = "lru";

  static void describe(cfg::Schema<CacheConfig>& s) {
    s.field("size_kib", &CacheConfig::size_kib, "KiB", "Capacity").range(1, 65536);
    s.field("ways", &CacheConfig::ways, "", "Associativity").range(1, 64);
    s.field("line_bytes", &CacheConfig::line_bytes, "B", "Line size")
        .range(16, 256)
        .check([](const uint32_t& v) { return (v & (v - 1)) ? "must be a power of two" : ""; },
               "power of two");
    s.field("replacement", &CacheConfig::replacement, "", "Replacement policy")
        .choices({"lru", "fifo", "random"});
    s.check(
        [](const CacheConfig& c) -> std::string {
          uint64_t lines = uint64_t{c.size_kib} * 1024 / c.line_bytes;
          if (lines % c.ways == 0) return "";
          return "ways (" + std::to_string(c.ways) + ") must divide the " + std::to_string(lines) +
                 " lines";
        },
        "ways divides the number of lines");
  }
  bool operator==(const CacheConfig& o) const {
    return size_kib == o.size_kib && ways == o.ways && line_bytes == o.line_bytes &&
           replacement == o.replacement;
  }
};

struct RopConfig {
  uint32_t quads_per_cycle = 4;
  bool fast_clear = true;
  double clock_ghz = 1.0;
  float z_ratio = 0.5f;
  int32_t bias = -2;
  int64_t offset = -5000000000;
  uint64_t base = 0x100000000;
  std::vector<double> weights{0.25, 0.75};
  std::vector<uint32_t> latencies{1, 2};
  std::string label = "rop";
  CacheConfig z_cache;
  CacheConfig color_cache{32, 8, 64, "fifo"};

  static void describe(cfg::Schema<RopConfig>& s) {
    s.field("quads_per_cycle", &RopConfig::quads_per_cycle, "quads/cycle", "Quads per cycle")
        .range(1, 64);
    s.field("fast_clear", &RopConfig::fast_clear, "", "Fast clear");
    s.field("clock_ghz", &RopConfig::clock_ghz, "GHz", "Clock").range(0.1, 10.0);
    s.field("z_ratio", &RopConfig::z_ratio, "", "Compression ratio").range(0.0f, 1.0f);
    s.field("bias", &RopConfig::bias, "", "Signed bias").min(-100);
    s.field("offset", &RopConfig::offset, "B", "Signed 64-bit");
    s.field("base", &RopConfig::base, "B", "Base address");
    s.field("weights", &RopConfig::weights, "", "Weights").range(0.0, 1.0);
    s.field("latencies", &RopConfig::latencies, "cycles", "Per-stage latency").min(1);
    s.field("label", &RopConfig::label, "", "Free text");
    s.section("z_cache", &RopConfig::z_cache, "Depth cache");
    s.section("color_cache", &RopConfig::color_cache, "Colour cache");
  }
  bool operator==(const RopConfig& o) const {
    return quads_per_cycle == o.quads_per_cycle && fast_clear == o.fast_clear &&
           clock_ghz == o.clock_ghz && z_ratio == o.z_ratio && bias == o.bias &&
           offset == o.offset && base == o.base && weights == o.weights &&
           latencies == o.latencies && label == o.label && z_cache == o.z_cache &&
           color_cache == o.color_cache;
  }
};

struct Root {
  uint32_t seed = 1;
  RopConfig rop;
  static void describe(cfg::Schema<Root>& s) {
    s.field("seed", &Root::seed, "", "Random seed");
    s.section("rop", &Root::rop, "Raster output unit");
  }
  bool operator==(const Root& o) const { return seed == o.seed && rop == o.rop; }
};

// A per-test scratch folder under the build tree for config files.
class ConfigFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::string(GFX_BINARY_DIR) + "/config_test_files/" + info->test_suite_name() + "." +
           info->name();
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  // Writes `text` to dir/name and returns the path.
  std::string write(const std::string& name, const std::string& text) {
    std::string path = dir_ + "/" + name;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  // The gfx::Error message of load_config<Root>, or "" when it loads.
  std::string load_error(const std::string& path, const std::vector<cfg::Override>& o = {},
                         const std::vector<std::string>& dirs = {}) {
    try {
      cfg::load_config<Root>(path, o, dirs);
    } catch (const gfx::Error& e) {
      return e.what();
    }
    return "";
  }
  std::string dir_;
};

inline cfg::Override set(const std::string& text, int n) {
  return cfg::parse_override(text, "--set #" + std::to_string(n));
}

}  // namespace gfx::test
