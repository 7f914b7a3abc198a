// gfxsim compare on hand-written results folders: which stats and keys differ, the order
// of the rows, missing stats, and the errors for folders that are not results.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "app/compare.h"
#include "common/error.h"

namespace gfx::app {
namespace {

namespace fs = std::filesystem;

struct Folder {
  std::string dir;
  Folder(const std::string& name, const std::string& stats, const std::string& config) {
    dir = ::testing::TempDir() + "compare_test_" + name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir + "/stats.json") << stats;
    std::ofstream(dir + "/config.yaml") << config;
  }
  ~Folder() { fs::remove_all(dir); }
};

std::string stats(int cycles, int quads, const std::string& hit_rate, int frame_cycles,
                  const std::string& extra = "") {
  return R"({"gfxsim": {"version": "0.1.0"}, "run": {"mode": "timing", "trace": "t.gfxt",
  "config": "baseline", "overrides": ["rop.latency=3"], "trace_sha256": "abcdef0123456789",
  "cycles": )" + std::to_string(cycles) + R"(, "wall_seconds": 1.5, "draws": 2},
  "frames": [{"frame": 0, "draws": 2, "cycles": )" + std::to_string(frame_cycles) + R"(}],
  "stats": {"rop": {"quads": {"value": )" + std::to_string(quads) + R"(, "unit": "quad"},
    "zcache": {"hit_rate": {"value": )" + hit_rate + R"(, "unit": "ratio"}},
    "lat": {"unit": "cycles", "samples": 4, "mean": 2.5, "bins": [1, 3]})" + extra + R"(}}})";
}

const char* kConfig = "gfxsim:\n  version: \"0.1.0\"\nname: baseline\nrop:\n  latency: 2\n  zcache:\n    ways: [4, 8]\n";

TEST(Compare, RowsAreSortedByRelativeChangeAndEqualStatsLeftOut) {
  Folder a("a", stats(1000, 100, "0.5", 1000), kConfig);
  Folder b("b", stats(1100, 50, "null", 1100, R"(, "new_stat": {"value": 7})"),
           "gfxsim:\n  version: \"0.2.0\"\nname: baseline\nrop:\n  latency: 3\n  zcache:\n    ways: [4, 16]\n  extra: 1\n");
  const Comparison c = compare_runs(a.dir, b.dir, false);
  ASSERT_EQ(c.config.size(), 3u);  // the gfxsim provenance block is not config
  EXPECT_EQ(c.config[0].key, "rop.extra");
  EXPECT_FALSE(c.config[0].a.has_value());
  EXPECT_EQ(*c.config[0].b, "1");
  EXPECT_EQ(c.config[1].key, "rop.latency");
  EXPECT_EQ(*c.config[1].a, "2");
  EXPECT_EQ(*c.config[1].b, "3");
  EXPECT_EQ(c.config[2].key, "rop.zcache.ways");
  EXPECT_EQ(*c.config[2].b, "[4, 16]");

  // run.cycles, run.draws, frames.0.cycles, frames.0.draws, rop.quads, zcache.hit_rate,
  // lat.samples, lat.mean, new_stat; the host's wall_seconds is left out.
  EXPECT_EQ(c.stats.size(), 9u);
  ASSERT_EQ(c.changed, 5u);
  // present in one run only (new_stat, and hit_rate: null in B) first, by path; then
  // -50% (quads), then the two +10% rows, the larger absolute change first... equal here,
  // so by path.
  EXPECT_EQ(c.stats[0].path, "stats.rop.new_stat");
  EXPECT_EQ(c.stats[1].path, "stats.rop.zcache.hit_rate");
  EXPECT_EQ(c.stats[2].path, "stats.rop.quads");
  EXPECT_DOUBLE_EQ(*c.stats[2].percent(), -50.0);
  EXPECT_DOUBLE_EQ(c.stats[2].delta(), -50.0);
  EXPECT_EQ(c.stats[3].path, "frames.0.cycles");
  EXPECT_EQ(c.stats[4].path, "run.cycles");
  EXPECT_DOUBLE_EQ(*c.stats[4].percent(), 10.0);

  const std::string text = format_comparison(c, 3, false);
  EXPECT_NE(text.find("--set rop.latency=3"), std::string::npos) << text;
  EXPECT_NE(text.find("trace: identical (sha256 abcdef012345)"), std::string::npos) << text;
  EXPECT_NE(text.find("config: 3 key(s) differ\n  rop.extra        (absent) -> 1\n"
                      "  rop.latency      2 -> 3\n  rop.zcache.ways  [4, 8] -> [4, 16]\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("stats: 5 of 9 differ (the 3 largest shown)"), std::string::npos) << text;
  EXPECT_NE(text.find("  stats.rop.quads            100  50    -50  -50.0%\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("  stats.rop.new_stat           -   7      -     new\n"), std::string::npos)
      << text;
  EXPECT_EQ(text.find("run.cycles"), std::string::npos) << "past --top 3:\n" << text;
}

TEST(Compare, HostFiguresOnlyWhenAskedAndZeroToSomethingIsInfinite) {
  Folder a("a2", stats(0, 100, "0.5", 0), kConfig);
  Folder b("b2", stats(40, 100, "0.5", 40), kConfig);
  Comparison c = compare_runs(a.dir, b.dir, true);
  EXPECT_EQ(c.stats.size(), 9u);  // wall_seconds too
  EXPECT_EQ(c.changed, 2u);
  EXPECT_TRUE(std::isinf(*c.stats[0].percent()));
  const std::string json = comparison_json(c, 0, false);
  EXPECT_NE(json.find("\"percent\": \"inf\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"changed\": 2"), std::string::npos) << json;
  c = compare_runs(a.dir, b.dir, false);
  EXPECT_EQ(c.stats.size(), 8u);
}

TEST(Compare, FoldersThatAreNotResultsAreNamedErrors) {
  Folder a("a3", stats(1, 1, "1", 1), kConfig);
  Folder bad("bad", "{\"run\": {\"cycles\": 1,,}}", kConfig);
  Folder nojson("nojson", "[1, 2]", kConfig);
  Folder badyaml("badyaml", stats(1, 1, "1", 1), "rop: [1, 2\n");
  auto error_of = [&](const std::string& b) {
    try {
      compare_runs(a.dir, b, false);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error_of(a.dir + "_missing"), a.dir + "_missing: no such results folder");
  EXPECT_EQ(error_of(bad.dir).rfind(bad.dir + "/stats.json: malformed JSON at byte 22: ", 0), 0u)
      << error_of(bad.dir);
  EXPECT_EQ(error_of(nojson.dir), nojson.dir + "/stats.json: not a gfxsim stats.json (no \"run\" section)");
  EXPECT_EQ(error_of(badyaml.dir).rfind(badyaml.dir + "/config.yaml:2: malformed YAML: ", 0), 0u)
      << error_of(badyaml.dir);
  fs::remove(a.dir + "/stats.json");
  EXPECT_EQ(error_of(badyaml.dir).rfind(a.dir + "/stats.json: cannot open file", 0), 0u);
}

}  // namespace
}  // namespace gfx::app
