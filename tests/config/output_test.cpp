// What the config system writes: the resolved dump (exact text, and load(dump(x)) == x)
// and the Markdown reference.
#include <limits>

#include "common/version.h"
#include "sample_config.h"

namespace gfx::test {
namespace {

using Output = ConfigFiles;

struct Inner {
  bool on = true;
  static void describe(cfg::Schema<Inner>& s) { s.field("on", &Inner::on, "", "Switch"); }
};

struct Tiny {
  uint32_t n = 3;
  double x = 0.5;
  float f = 2.0f;
  std::string name = "lru";
  std::string odd = "a: \"b\"";
  std::vector<uint32_t> v{1, 2};
  std::vector<double> empty;
  Inner inner;
  static void describe(cfg::Schema<Tiny>& s) {
    s.field("n", &Tiny::n, "", "");
    s.field("x", &Tiny::x, "", "");
    s.field("f", &Tiny::f, "", "");
    s.field("name", &Tiny::name, "", "");
    s.field("odd", &Tiny::odd, "", "");
    s.field("v", &Tiny::v, "", "");
    s.field("empty", &Tiny::empty, "", "");
    s.section("inner", &Tiny::inner, "");
  }
};

TEST_F(Output, DumpIsExactInSchemaOrderWithProvenance) {
  std::string text = cfg::dump_resolved_yaml(
      Tiny{}, {{"version", "9.9"}, {"git_rev", "abc123"}, {"trace", "traces/a b.gfxt"}});
  EXPECT_EQ(text,
            "# Resolved gfxsim configuration: every key with the value used.\n"
            "gfxsim:\n"
            "  version: \"9.9\"\n"
            "  git_rev: abc123\n"
            "  trace: \"traces/a b.gfxt\"\n"
            "n: 3\n"
            "x: 0.5\n"
            "f: 2.0\n"
            "name: lru\n"
            "odd: \"a: \\\"b\\\"\"\n"
            "v: [1, 2]\n"
            "empty: []\n"
            "inner:\n"
            "  on: true\n");
}

TEST_F(Output, DumpCarriesBuildVersionAndRevision) {
  std::string text = cfg::dump_resolved_yaml(Tiny{});
  EXPECT_NE(text.find(std::string("  version: \"") + gfx::version() + "\"\n"), std::string::npos)
      << text;
  // The revision is quoted when it could read as a number (all digits, say), plain otherwise.
  const std::string rev = gfx::git_revision();
  EXPECT_TRUE(text.find("  git_rev: " + rev + "\n") != std::string::npos ||
              text.find("  git_rev: \"" + rev + "\"\n") != std::string::npos)
      << text;
}

TEST_F(Output, ResolvedDumpLoadsBackToTheSameValues) {
  Root r;
  r.seed = 0;
  r.rop.quads_per_cycle = 64;
  r.rop.fast_clear = false;
  r.rop.clock_ghz = 0.1 + 0.2;  // 0.30000000000000004: needs all 17 digits
  r.rop.z_ratio = 0.1f;
  r.rop.bias = std::numeric_limits<int32_t>::max();
  r.rop.offset = std::numeric_limits<int64_t>::min();
  r.rop.base = std::numeric_limits<uint64_t>::max();
  r.rop.weights = {1.0 / 3.0, 1e-300, 0.0};
  r.rop.latencies = {};
  r.rop.z_cache = CacheConfig{128, 16, 256, "random"};
  // "true" and "8" must stay strings for YAML 1.1 readers too.
  for (const std::string& label : {std::string("true"), std::string(""), std::string("8"),
                                   std::string("tab\there \"q\" \\ nl\n é"), std::string("x: y")}) {
    r.rop.label = label;
    std::string path = write("resolved.yaml", cfg::dump_resolved_yaml(r, {{"trace", "t"}}));
    EXPECT_EQ(cfg::load_config<Root>(path, {}, {}), r) << cfg::dump_resolved_yaml(r);
  }
  // And the defaults, as the lead's presets will mostly be.
  std::string path = write("defaults.yaml", cfg::dump_resolved_yaml(Root{}));
  EXPECT_EQ(cfg::load_config<Root>(path, {}, {}), Root{});
}

TEST_F(Output, MarkdownDocsListEveryKey) {
  std::string doc = cfg::describe_markdown<Root>();
  for (const char* key : {"seed",
                          "rop",
                          "rop.quads_per_cycle",
                          "rop.fast_clear",
                          "rop.clock_ghz",
                          "rop.z_ratio",
                          "rop.bias",
                          "rop.offset",
                          "rop.base",
                          "rop.weights",
                          "rop.latencies",
                          "rop.label",
                          "rop.z_cache",
                          "rop.z_cache.size_kib",
                          "rop.z_cache.ways",
                          "rop.z_cache.line_bytes",
                          "rop.z_cache.replacement",
                          "rop.color_cache",
                          "rop.color_cache.size_kib",
                          "rop.color_cache.ways",
                          "rop.color_cache.line_bytes",
                          "rop.color_cache.replacement"}) {
    EXPECT_NE(doc.find("| `" + std::string(key) + "` |"), std::string::npos) << key;
  }
  EXPECT_NE(doc.find("| `rop.z_cache.size_kib` | uint32 | KiB | `16` | 1 .. 65536 | Capacity |\n"),
            std::string::npos)
      << doc;
  EXPECT_NE(doc.find("| `rop.color_cache.replacement` | string |  | `fifo` | lru, fifo, random | "
                     "Replacement policy |\n"),
            std::string::npos)
      << doc;
  EXPECT_NE(doc.find("| `rop.z_cache.line_bytes` | uint32 | B | `64` | 16 .. 256; power of two |"),
            std::string::npos)
      << doc;
  EXPECT_NE(doc.find("| `rop.weights` | list of double |  | `[0.25, 0.75]` | 0.0 .. 1.0 |"),
            std::string::npos)
      << doc;
  EXPECT_NE(doc.find("## `rop.z_cache`\n\nDepth cache\n"), std::string::npos) << doc;
  EXPECT_NE(doc.find("Rule: ways divides the number of lines"), std::string::npos) << doc;
}

}  // namespace
}  // namespace gfx::test
