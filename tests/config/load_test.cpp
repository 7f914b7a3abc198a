// Loading: defaults, nested sections, includes and their order, search folders,
// overrides, and the ignored "gfxsim:" provenance block.
#include "sample_config.h"

namespace gfx::test {
namespace {

using Loading = ConfigFiles;

TEST_F(Loading, EmptyFileGivesDefaults) {
  Root r = cfg::load_config<Root>(write("empty.yaml", ""), {}, {});
  EXPECT_EQ(r, Root{});
  EXPECT_EQ(r.rop.quads_per_cycle, 4u);
  EXPECT_EQ(r.rop.color_cache.replacement, "fifo");
}

TEST_F(Loading, NoFileMeansDefaultsPlusOverrides) {
  Root r = cfg::load_config<Root>("", {set("seed=9", 1)}, {});
  EXPECT_EQ(r.seed, 9u);
  EXPECT_EQ(r.rop, RopConfig{});
}

TEST_F(Loading, EveryFieldTypeAndNestedSections) {
  std::string path = write("all.yaml", R"(seed: 7
rop:
  quads_per_cycle: 8
  fast_clear: false
  clock_ghz: 1.25
  z_ratio: 0.125
  bias: -7
  offset: -9000000000
  base: 0xFFFFFFFFFFFFFFFF
  weights: [0.5, 1]
  latencies:
    - 3
    - 4
    - 5
  label: "two words"
  z_cache:
    size_kib: 64
    replacement: random
  color_cache:
)");
  Root r = cfg::load_config<Root>(path, {}, {});
  EXPECT_EQ(r.seed, 7u);
  EXPECT_EQ(r.rop.quads_per_cycle, 8u);
  EXPECT_FALSE(r.rop.fast_clear);
  EXPECT_EQ(r.rop.clock_ghz, 1.25);
  EXPECT_EQ(r.rop.z_ratio, 0.125f);
  EXPECT_EQ(r.rop.bias, -7);
  EXPECT_EQ(r.rop.offset, -9000000000);
  EXPECT_EQ(r.rop.base, UINT64_MAX);
  EXPECT_EQ(r.rop.weights, (std::vector<double>{0.5, 1.0}));
  EXPECT_EQ(r.rop.latencies, (std::vector<uint32_t>{3, 4, 5}));
  EXPECT_EQ(r.rop.label, "two words");
  EXPECT_EQ(r.rop.z_cache.size_kib, 64u);
  EXPECT_EQ(r.rop.z_cache.ways, 4u);  // untouched keys keep their defaults
  EXPECT_EQ(r.rop.z_cache.replacement, "random");
  EXPECT_EQ(r.rop.color_cache, (CacheConfig{32, 8, 64, "fifo"}));  // "color_cache:" empty
}

TEST_F(Loading, IncludeChainThenOwnKeysThenOverridesInOrder) {
  write("presets/base.yaml", R"(seed: 1
rop:
  quads_per_cycle: 2
  clock_ghz: 2.0
  z_cache: {size_kib: 32, ways: 8}
)");
  write("mid.yaml", R"(include: presets/base.yaml
rop:
  quads_per_cycle: 3
  z_cache: {ways: 2}
)");
  std::string top = write("top.yaml", R"(include: mid.yaml
seed: 5
rop: {quads_per_cycle: 6}
)");
  Root r = cfg::load_config<Root>(top,
                                  {set("rop.quads_per_cycle=10", 1), set("rop.z_cache.ways=16", 2),
                                   set("rop.quads_per_cycle=12", 3)},
                                  {});
  EXPECT_EQ(r.seed, 5u);                   // own key over include
  EXPECT_EQ(r.rop.clock_ghz, 2.0);         // only in the deepest include
  EXPECT_EQ(r.rop.z_cache.size_kib, 32u);  // deep merge keeps sibling keys
  EXPECT_EQ(r.rop.z_cache.ways, 16u);      // override over every file
  EXPECT_EQ(r.rop.quads_per_cycle, 12u);   // the later override wins
}

TEST_F(Loading, IncludeListAppliesInOrderAndSearchDirsAreTried) {
  write("configs/a.yaml", "seed: 2\nrop: {bias: 3}\n");
  write("configs/b.yaml", "seed: 4\n");
  std::string top = write("work/run.yaml", "include: [a.yaml, b.yaml]\n");
  Root r = cfg::load_config<Root>(top, {}, {dir_ + "/configs"});
  EXPECT_EQ(r.seed, 4u);
  EXPECT_EQ(r.rop.bias, 3);
}

TEST_F(Loading, IncludeNextToTheFileWinsOverSearchDirs) {
  write("configs/p.yaml", "seed: 2\n");
  write("work/p.yaml", "seed: 3\n");
  std::string top = write("work/run.yaml", "include: p.yaml\n");
  EXPECT_EQ(cfg::load_config<Root>(top, {}, {dir_ + "/configs"}).seed, 3u);
}

TEST_F(Loading, DiamondIncludeIsNotACycle) {
  write("base.yaml", "seed: 2\n");
  write("l.yaml", "include: base.yaml\n");
  write("r.yaml", "include: base.yaml\nrop: {bias: 1}\n");
  std::string top = write("top.yaml", "include: [l.yaml, r.yaml]\n");
  Root r = cfg::load_config<Root>(top, {}, {});
  EXPECT_EQ(r.seed, 2u);
  EXPECT_EQ(r.rop.bias, 1);
}

TEST_F(Loading, OverrideOfNestedKeyAndList) {
  Root r = cfg::load_config<Root>(
      write("c.yaml", "rop: {z_cache: {ways: 2}}\n"),
      {set("rop.z_cache.replacement=fifo", 1), set("rop.weights=[0.1, 0.2, 0.3]", 2),
       set("rop.label = hello world", 3)},
      {});
  EXPECT_EQ(r.rop.z_cache.ways, 2u);
  EXPECT_EQ(r.rop.z_cache.replacement, "fifo");
  EXPECT_EQ(r.rop.weights, (std::vector<double>{0.1, 0.2, 0.3}));
  EXPECT_EQ(r.rop.label, "hello world");
}

TEST_F(Loading, ParseOverrideSplitsAtTheFirstEquals) {
  cfg::Override o = cfg::parse_override("rop.label=a=b", "--set #1");
  EXPECT_EQ(o.path, "rop.label");
  EXPECT_EQ(o.value, "a=b");
  EXPECT_EQ(o.origin, "--set #1");
}

TEST_F(Loading, ProvenanceBlockIsIgnored) {
  std::string path = write("resolved.yaml", R"(gfxsim:
  version: "0.0.1"
  git_rev: abc
  anything: [1, 2]
seed: 3
)");
  EXPECT_EQ(cfg::load_config<Root>(path, {}, {}).seed, 3u);
}

}  // namespace
}  // namespace gfx::test
