// Bounded reading of config YAML: the lone ',' that made yaml-cpp's document loop spin for
// ever, the limits.yaml_* bounds (size, nodes and scalar bytes with aliases expanded) and
// how --set raises them, and the one rule that finds `include: NAME` presets.
#include <string>

#include "config/yaml_budget.h"
#include "sample_config.h"

namespace gfx::test {
namespace {

using YamlBudget = ConfigFiles;

std::string raw_error(const std::string& path, const std::vector<cfg::Override>& o) {
  try {
    cfg::load_raw_config(path, o, {});
  } catch (const gfx::Error& e) {
    return e.what();
  }
  return "";
}

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
  EXPECT_EQ(load_error(p), p + ":1:1: invalid YAML: unexpected ',' (no YAML node starts with it here)");
  const std::string q = write("after.yaml", "- 2\n,\n");
  EXPECT_EQ(load_error(q), q + ":2:1: invalid YAML: unexpected ',' (no YAML node starts with it here)");
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

TEST_F(YamlBudget, DocumentSizeLimitAndItsRaise) {
  const std::string text = "seed: 1\nrop: {label: '" + std::string(200, 'x') + "'}\n";
  const std::string p = write("big.yaml", text);
  const uint64_t size = text.size();
  EXPECT_EQ(raw_error(p, {set("limits.yaml_bytes=100", 1)}),
            p + ": the YAML document is " + std::to_string(size) +
                " bytes, over limits.yaml_bytes = 100 (raise it with --set limits.yaml_bytes=N)");
  EXPECT_EQ(raw_error(p, {set("limits.yaml_bytes=" + std::to_string(size), 1)}), "");
  EXPECT_EQ(load_error(p), "");  // the default admits it
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
}

TEST_F(YamlBudget, NodeLimitIsExactAndRaisedBySet) {
  // Root map 1 + 3 keys + [0 x10] 11 + [*a0 x10] 111 + [*a1 x10] 1111 = 1237 nodes.
  const std::string p = write("ladder.yaml", alias_ladder(2, 10));
  EXPECT_EQ(raw_error(p, {set("limits.yaml_nodes=1237", 1)}), "");
  const std::string e = raw_error(p, {set("limits.yaml_nodes=1236", 1)});
  EXPECT_EQ(e.rfind(p + ":3:", 0), 0u) << e;
  EXPECT_NE(e.find("more than 1236 nodes"), std::string::npos) << e;
}

TEST_F(YamlBudget, ExpandedScalarBytesLimit) {
  // One 1000-byte scalar, then 300 aliases of it: 301000 bytes after expansion.
  std::string text = "s: &s " + std::string(1000, 'q') + "\nl: [";
  for (int i = 0; i < 300; ++i) text += i ? ", *s" : "*s";
  text += "]\n";
  const std::string p = write("wide.yaml", text);
  const uint64_t expanded = 1 + 1 + 1000 + 300 * 1000;  // keys "s", "l" and the scalars
  EXPECT_EQ(raw_error(p, {set("limits.yaml_expanded_bytes=" + std::to_string(expanded), 1)}), "");
  const std::string e =
      raw_error(p, {set("limits.yaml_expanded_bytes=" + std::to_string(expanded - 1), 1)});
  EXPECT_EQ(e.rfind(p + ":2:", 0), 0u) << e;
  EXPECT_NE(e.find("the document's scalars hold more than " + std::to_string(expanded - 1) +
                   " bytes, counting each alias as a copy of what it names; "
                   "limits.yaml_expanded_bytes = " + std::to_string(expanded - 1)),
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
