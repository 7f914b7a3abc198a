// Bounded reading of config YAML: the lone ',' that made yaml-cpp's document loop spin for
// ever, the limits.yaml_* bounds (size, nodes and scalar bytes with aliases expanded) and
// how --set raises them, and the one rule that finds `include: NAME` presets.
#include "config/yaml_budget.h"

#include <string>

#include "sample_config.h"

namespace gfx::test {
namespace {

using YamlBudget = ConfigFiles;

// "a0: &a0 [0, 0, ...]" then levels that each alias the previous one `fan` times.
std::string alias_ladder(int levels, int fan) {
  std::string s = "a0: &a0 [";
  for (int i = 0; i < fan; ++i) s += i ? ", 0" : "0";
  s += "]\n";
  for (int l = 1; l <= levels; ++l) {
    const std::string name = "a" + std::to_string(l), prev = "*a" + std::to_string(l - 1);
    s += name + ": &" + name + " [";
    for (int i = 0; i < fan; ++i) s += (i ? ", " : "") + prev;
    s += "]\n";
  }
  return s;
}

TEST_F(YamlBudget, LoneCommaIsAnErrorAtOnce) {
  const std::string p = write("comma.yaml", ",");
  EXPECT_EQ(load_error(p),
            p + ":1:1: invalid YAML: unexpected ',' (no YAML node starts with it here)");
  const std::string q = write("after.yaml", "- 2\n,\n");
  EXPECT_EQ(load_error(q),
            q + ":2:1: invalid YAML: unexpected ',' (no YAML node starts with it here)");
}

TEST_F(YamlBudget, LoneCommaInAnOverrideIsAnErrorAtOnce) {
  EXPECT_EQ(load_error("", {set("rop.quads_per_cycle=,", 1)}),
            "--set #1: rop.quads_per_cycle: invalid YAML: unexpected ',' (no YAML node starts "
            "with it here)");
}

TEST_F(YamlBudget, SecondDocumentStillNamed) {
  const std::string p = write("two.yaml", "seed: 1\n---\nseed: 2\n---\nseed: 3\n");
  EXPECT_EQ(load_error(p), p + ": 3 YAML documents where one is expected");
}

// parse_yaml's own bounds, exact to the byte and the node (the loader passes its budget).
std::string parse_error(const std::string& text, const cfg::YamlBudget& b) {
  try {
    cfg::parse_yaml(text, "doc.yaml", true, "", b);
  } catch (const gfx::Error& e) {
    return e.what();
  }
  return "";
}

TEST(YamlBudgetExact, DocumentBytes) {
  const std::string text = "seed: 1\nrop: {label: '" + std::string(200, 'x') + "'}\n";
  cfg::YamlBudget b;
  b.bytes = text.size() - 1;
  EXPECT_EQ(parse_error(text, b),
            "doc.yaml: the YAML document is " + std::to_string(text.size()) +
                " bytes, over limits.yaml_bytes = " + std::to_string(text.size() - 1) +
                " (raise it with --set limits.yaml_bytes=N)");
  b.bytes = text.size();
  EXPECT_EQ(parse_error(text, b), "");
}

TEST(YamlBudgetExact, NodesWithAliasesExpanded) {
  // Root map 1 + 3 keys + [0 x10] 11 + [*a0 x10] 111 + [*a1 x10] 1111 = 1237 nodes.
  const std::string text = alias_ladder(2, 10);
  cfg::YamlBudget b;
  b.nodes = 1237;
  EXPECT_EQ(parse_error(text, b), "");
  b.nodes = 1236;
  const std::string e = parse_error(text, b);
  EXPECT_EQ(e.rfind("doc.yaml:3:", 0), 0u) << e;
  EXPECT_NE(e.find("more than 1236 nodes"), std::string::npos) << e;
}

TEST(YamlBudgetExact, ScalarBytesWithAliasesExpanded) {
  // One 1000-byte scalar, then 300 aliases of it.
  std::string text = "s: &s " + std::string(1000, 'q') + "\nl: [";
  for (int i = 0; i < 300; ++i) text += i ? ", *s" : "*s";
  text += "]\n";
  const uint64_t expanded = 1 + 1 + 1000 + 300 * 1000;  // keys "s", "l" and the scalars
  cfg::YamlBudget b;
  b.expanded_bytes = expanded;
  EXPECT_EQ(parse_error(text, b), "");
  b.expanded_bytes = expanded - 1;
  const std::string e = parse_error(text, b);
  EXPECT_EQ(e.rfind("doc.yaml:2:", 0), 0u) << e;
  EXPECT_NE(e.find("the document's scalars hold more than " + std::to_string(expanded - 1) +
                   " bytes, counting each alias as a copy of what it names; "
                   "limits.yaml_expanded_bytes = " +
                   std::to_string(expanded - 1)),
            std::string::npos)
      << e;
}

TEST_F(YamlBudget, ConfigOverTheDefaultSizeRefusedUnreadAndSetRaisesIt) {
  // A sparse file one byte over 64 MiB: refused on its size, before a byte is read.
  const std::string p = write("huge.yaml", "");
  std::filesystem::resize_file(p, cfg::kDefaultYamlBytes + 1);
  EXPECT_EQ(load_error(p), p + ": the YAML document is 67108865 bytes, over limits.yaml_bytes = "
                               "67108864 (raise it with --set limits.yaml_bytes=N)");
  // Raised, the file is read (and its zero bytes are not YAML).
  const std::string e = load_error(p, {set("limits.yaml_bytes=67108865", 1)});
  EXPECT_EQ(e.find("limits.yaml_bytes"), std::string::npos) << e;
  EXPECT_NE(e.find("invalid YAML"), std::string::npos) << e;
}

TEST_F(YamlBudget, SetBelowTheDefaultBoundsTracesOnly) {
  // Lowering a trace bound must not refuse the presets a run is configured from.
  const std::string p = write("plain.yaml", "seed: 4\nrop: {bias: 3}\n");
  EXPECT_EQ(
      cfg::load_raw_config(p, {set("limits.yaml_bytes=5", 1), set("limits.yaml_nodes=2", 2)}, {})
          .find("seed")
          ->value.text,
      "4");
  EXPECT_EQ(cfg::yaml_budget_of({set("limits.yaml_bytes=5", 1)}).bytes, cfg::kDefaultYamlBytes);
  EXPECT_EQ(cfg::yaml_budget_of({set("limits.yaml_nodes=3000000", 1)}).nodes, 3000000u);
  EXPECT_EQ(cfg::yaml_budget_of({set("limits.yaml_expanded_bytes=lots", 1)}).expanded_bytes,
            cfg::kDefaultYamlExpandedBytes);  // the schema reports the bad value later
}

TEST_F(YamlBudget, AliasBombRefusedByTheNodeLimit) {
  // Level k holds 11...1 (k + 2 ones) nodes: level 6, on line 7, passes the default 2 M.
  const std::string p = write("bomb.yaml", alias_ladder(6, 10));
  const std::string e = load_error(p);
  EXPECT_EQ(e.rfind(p + ":7:", 0), 0u) << e;
  EXPECT_NE(e.find(": the document has more than 2000000 nodes, counting each alias as a copy "
                   "of what it names; limits.yaml_nodes = 2000000 (raise it with --set "
                   "limits.yaml_nodes=N)"),
            std::string::npos)
      << e;
  // Raised past it, the config's own structural bound (configs are small) still holds.
  const std::string r = load_error(p, {set("limits.yaml_nodes=20000000", 1)});
  EXPECT_NE(r.find("nested too deeply or too large"), std::string::npos) << r;
}

TEST_F(YamlBudget, AliasedScalarsRefusedByTheExpandedBytesLimit) {
  // A 1 MiB scalar aliased 300 times: 300 MiB of text from a 1 MiB file.
  std::string text = "s: &s " + std::string(1 << 20, 'q') + "\nl: [";
  for (int i = 0; i < 300; ++i) text += i ? ", *s" : "*s";
  text += "]\n";
  const std::string p = write("wide.yaml", text);
  const std::string e = load_error(p);
  EXPECT_EQ(e.rfind(p + ":2:", 0), 0u) << e;
  EXPECT_NE(e.find("the document's scalars hold more than 268435456 bytes, counting each alias "
                   "as a copy of what it names; limits.yaml_expanded_bytes = 268435456 (raise "
                   "it with --set limits.yaml_expanded_bytes=N)"),
            std::string::npos)
      << e;
}

TEST_F(YamlBudget, BareIncludeNameFindsThePreset) {
  write("configs/base.yaml", "seed: 3\n");
  const std::string top = write("work/run.yaml", "include: base\nrop: {bias: 4}\n");
  Root r = cfg::load_config<Root>(top, {}, {dir_ + "/configs"});
  EXPECT_EQ(r.seed, 3u);
  EXPECT_EQ(r.rop.bias, 4);
  // Beside the including file, as any include; the exact name wins over NAME.yaml.
  write("work/near.yaml", "seed: 5\n");
  write("work/near", "seed: 6\n");
  const std::string both = write("work/both.yaml", "include: [base, near]\n");
  EXPECT_EQ(cfg::load_config<Root>(both, {}, {dir_ + "/configs"}).seed, 6u);
  // Names with a folder or an extension are taken as they are.
  const std::string ext = write("work/ext.yaml", "include: base.yml\n");
  EXPECT_NE(load_error(ext, {}, {dir_ + "/configs"}).find("include 'base.yml' not found"),
            std::string::npos);
}

TEST(YamlScan, PresetNames) {
  EXPECT_TRUE(cfg::is_preset_name("baseline"));
  EXPECT_FALSE(cfg::is_preset_name("baseline.yaml"));
  EXPECT_FALSE(cfg::is_preset_name("x.yml"));
  EXPECT_FALSE(cfg::is_preset_name("configs/baseline"));
  EXPECT_FALSE(cfg::is_preset_name(""));
}

}  // namespace
}  // namespace gfx::test
