// Strictness: every bad input is a gfx::Error whose exact text names the place (file:line:
// column or the override's origin), the key path and the problem.
#include "sample_config.h"

namespace gfx::test {
namespace {

using Errors = ConfigFiles;

TEST_F(Errors, UnknownKeyNamesPathPlaceAndSuggestion) {
  std::string p = write("x.yaml", "seed: 1\nrop:\n  quad_per_cycle: 8\n");
  EXPECT_EQ(load_error(p),
            p + ":3:3: rop.quad_per_cycle: unknown key; did you mean 'rop.quads_per_cycle'?");
}

TEST_F(Errors, UnknownKeyWithoutCloseMatchHasNoSuggestion) {
  std::string p = write("x.yaml", "rop:\n  z_cache:\n    colour: 1\n");
  EXPECT_EQ(load_error(p), p + ":3:5: rop.z_cache.colour: unknown key");
  std::string top = write("top.yaml", "sed: 1\n");
  EXPECT_EQ(load_error(top), top + ":1:1: sed: unknown key; did you mean 'seed'?");
}

TEST_F(Errors, WrongType) {
  std::string p = write("x.yaml", "rop:\n  quads_per_cycle: eight\n");
  EXPECT_EQ(load_error(p),
            p + ":2:20: rop.quads_per_cycle: expected an unsigned integer, got 'eight'");
  EXPECT_EQ(load_error(write("b.yaml", "rop: {fast_clear: yes}\n")).substr(dir_.size()),
            "/b.yaml:1:19: rop.fast_clear: expected true or false, got 'yes'");
  EXPECT_EQ(load_error(write("s.yaml", "rop: 5\n")).substr(dir_.size()),
            "/s.yaml:1:6: rop: expected a mapping, got '5'");
  EXPECT_EQ(load_error(write("l.yaml", "rop: {weights: 0.5}\n")).substr(dir_.size()),
            "/l.yaml:1:16: rop.weights: expected a sequence, got '0.5'");
  EXPECT_EQ(load_error(write("e.yaml", "rop: {latencies: [1, x]}\n")).substr(dir_.size()),
            "/e.yaml:1:22: rop.latencies[1]: expected an unsigned integer, got 'x'");
  EXPECT_EQ(load_error(write("n.yaml", "seed:\n")).substr(dir_.size()),
            "/n.yaml:1:1: seed: expected an unsigned integer, got nothing");
  EXPECT_EQ(load_error(write("d.yaml", "rop: {clock_ghz: .inf}\n")).substr(dir_.size()),
            "/d.yaml:1:18: rop.clock_ghz: expected a finite number, got '.inf'");
  EXPECT_EQ(load_error(write("t.yaml", "rop: {label: [a]}\n")).substr(dir_.size()),
            "/t.yaml:1:14: rop.label: expected a string, got a sequence");
}

TEST_F(Errors, OutOfRange) {
  std::string p = write("x.yaml", "rop:\n  quads_per_cycle: 0\n");
  EXPECT_EQ(load_error(p), p + ":2:20: rop.quads_per_cycle: 0 is below the minimum 1");
  EXPECT_EQ(load_error(write("w.yaml", "rop:\n  weights: [0.5, 1.5]\n")).substr(dir_.size()),
            "/w.yaml:2:18: rop.weights[1]: 1.5 is above the maximum 1.0");
  EXPECT_EQ(load_error(write("b.yaml", "rop: {bias: -101}\n")).substr(dir_.size()),
            "/b.yaml:1:13: rop.bias: -101 is below the minimum -100");
}

TEST_F(Errors, IntegerWidthAndSign) {
  EXPECT_EQ(load_error(write("a.yaml", "seed: 4294967296\n")).substr(dir_.size()),
            "/a.yaml:1:7: seed: 4294967296 is too large for uint32");
  EXPECT_EQ(load_error(write("b.yaml", "seed: -1\n")).substr(dir_.size()),
            "/b.yaml:1:7: seed: expected an unsigned integer, got '-1'");
  EXPECT_EQ(
      load_error(write("c.yaml", "rop: {offset: -9223372036854775809}\n")).substr(dir_.size()),
      "/c.yaml:1:15: rop.offset: -9223372036854775809 is too small for int64");
  EXPECT_EQ(load_error(write("d.yaml", "rop: {z_ratio: 1e39}\n")).substr(dir_.size()),
            "/d.yaml:1:16: rop.z_ratio: 1e39 is too large for float");
}

TEST_F(Errors, ChoicesWithSuggestion) {
  std::string p = write("x.yaml", "rop:\n  z_cache:\n    replacement: lur\n");
  EXPECT_EQ(load_error(p), p + ":3:18: rop.z_cache.replacement: 'lur' is not one of lru, fifo, "
                               "random; did you mean 'lru'?");
}

TEST_F(Errors, CustomFieldCheckAndCrossFieldCheck) {
  std::string a = write("a.yaml", "rop: {z_cache: {line_bytes: 48}}\n");
  EXPECT_EQ(load_error(a), a + ":1:29: rop.z_cache.line_bytes: must be a power of two");
  std::string b = write("b.yaml", "rop:\n  z_cache: {size_kib: 1, ways: 3}\n");
  EXPECT_EQ(load_error(b), b + ":2:12: rop.z_cache: ways (3) must divide the 16 lines");
  // A cross-field problem created by an override is blamed on that override.
  EXPECT_EQ(load_error("", {set("rop.color_cache.ways=7", 4)}),
            "--set #4: rop.color_cache: ways (7) must divide the 512 lines");
}

TEST_F(Errors, DuplicateKey) {
  std::string p = write("x.yaml", "seed: 1\nrop:\n  bias: 1\n  bias: 2\n");
  EXPECT_EQ(load_error(p), p + ":4:3: rop.bias: duplicate key (first at line 3)");
}

TEST_F(Errors, MissingFile) {
  EXPECT_EQ(load_error(dir_ + "/nope.yaml"), dir_ + "/nope.yaml: cannot open file");
  EXPECT_EQ(load_error(dir_), dir_ + ": cannot open file");  // a folder is not a file
}

TEST_F(Errors, MissingIncludeNamesTheIncludingFileAndLine) {
  std::string p = write("x.yaml", "seed: 1\ninclude: nope.yaml\n");
  EXPECT_EQ(
      load_error(p, {}, {dir_ + "/configs"}),
      p + ":2:10: include 'nope.yaml' not found (looked in " + dir_ + ", " + dir_ + "/configs)");
  std::string q = write("q.yaml", "include: {a: 1}\n");
  EXPECT_EQ(load_error(q),
            q + ":1:10: include: expected a file name or a list of file names, got a mapping");
}

TEST_F(Errors, IncludeCycleNamesTheChain) {
  std::string a = write("a.yaml", "include: b.yaml\n");
  std::string b = write("b.yaml", "seed: 2\ninclude: [c.yaml]\n");
  std::string c = write("c.yaml", "include: a.yaml\n");
  EXPECT_EQ(load_error(a), c + ":1:10: include cycle: " + a + " -> " + b + " -> " + c + " -> " + a);
  std::string self = write("self.yaml", "include: self.yaml\n");
  EXPECT_EQ(load_error(self), self + ":1:10: include cycle: " + self + " -> " + self);
}

TEST_F(Errors, BadOverrideSyntax) {
  auto message = [](const std::string& text) -> std::string {
    try {
      cfg::parse_override(text, "--set #2");
    } catch (const gfx::Error& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(message("rop.x"), "--set #2: expected key.path=value, got 'rop.x'");
  EXPECT_EQ(message("=8"), "--set #2: missing key before '=' in '=8'");
  EXPECT_EQ(message("rop..x=1"), "--set #2: bad key path 'rop..x'");
  EXPECT_EQ(message("rop.x y=1"), "--set #2: bad key path 'rop.x y'");
}

TEST_F(Errors, OverrideErrorsNameTheOrigin) {
  EXPECT_EQ(load_error("", {set("seed=2", 1), set("rop.quads_per_cycle=eight", 2)}),
            "--set #2: rop.quads_per_cycle: expected an unsigned integer, got 'eight'");
  EXPECT_EQ(load_error("", {set("rop.quad_per_cycle=8", 1)}),
            "--set #1: rop.quad_per_cycle: unknown key; did you mean 'rop.quads_per_cycle'?");
  EXPECT_EQ(load_error("", {set("rop.weights=[1, 2", 3)})
                .rfind("--set #3: rop.weights: invalid YAML: ", 0),
            0u);
  // Setting a key below a field is a type error on that field.
  EXPECT_EQ(load_error("", {set("seed.x=1", 5)}),
            "--set #5: seed: expected an unsigned integer, got a mapping");
}

TEST_F(Errors, MalformedYaml) {
  std::string p = write("x.yaml", "rop:\n  bias: 1\n bad: 2\n");
  std::string e = load_error(p);
  EXPECT_EQ(e.rfind(p + ":", 0), 0u) << e;
  EXPECT_NE(e.find(": invalid YAML: "), std::string::npos) << e;
  EXPECT_EQ(load_error(write("l.yaml", "- 1\n- 2\n")).substr(dir_.size()),
            "/l.yaml:1:1: expected a mapping of keys at the top level, got a sequence");
}

TEST_F(Errors, RecursiveAliasAndSecondDocument) {
  std::string a = write("a.yaml", "rop: &x {z_cache: *x}\n");
  std::string e = load_error(a);
  // Refused by the scan before any tree is built, at the alias itself.
  EXPECT_EQ(e, a + ":1:19: an alias inside the node it names (a recursive alias) expands "
                   "without end");
  std::string b = write("b.yaml", "seed: 1\n---\nseed: 2\n");
  EXPECT_EQ(load_error(b), b + ": 2 YAML documents where one is expected");
}

struct BadDefault {
  uint32_t n = 0;
  static void describe(cfg::Schema<BadDefault>& s) { s.field("n", &BadDefault::n, "", "").min(1); }
};

TEST_F(Errors, DefaultsAreValidatedToo) {
  try {
    cfg::load_config<BadDefault>("", {}, {});
    FAIL() << "no error";
  } catch (const gfx::Error& e) {
    EXPECT_STREQ(e.what(), "built-in default: n: 0 is below the minimum 1");
  }
  // A good value in the file repairs it.
  EXPECT_EQ(cfg::load_config<BadDefault>("", {set("n=3", 1)}, {}).n, 3u);
}

struct TwiceDeclared {
  uint32_t a = 0;
  static void describe(cfg::Schema<TwiceDeclared>& s) {
    s.field("a", &TwiceDeclared::a, "", "");
    s.field("a", &TwiceDeclared::a, "", "");
  }
};

TEST_F(Errors, SchemaMistakeIsAnError) {
  EXPECT_THROW(cfg::load_config<TwiceDeclared>("", {}, {}), gfx::Error);
}

}  // namespace
}  // namespace gfx::test
