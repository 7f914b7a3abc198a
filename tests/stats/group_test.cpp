// The stats registry: counters read in place, formulas at dump time, histograms,
// flattened paths, and the exact JSON, CSV and Markdown of a small tree.
#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/registry.h"

namespace gfx::stats {
namespace {

// A small tree shaped like the GPU's: gpu.rop with a counter and a histogram, and
// gpu.rop.zcache with two counters and a formula over them.
struct Tree {
  uint64_t quads = 12, hits = 3, misses = 1;
  Histogram occupancy{3};
  Group root{"gpu", "The simulated GPU"};

  Tree() {
    occupancy.add(0);
    occupancy.add(1, 2);
    occupancy.add(5);  // past the last bin
    Group& rop = root.child("rop", "Raster output");
    rop.counter("quads", &quads, "quad", "Quads written");
    rop.histogram("occupancy", &occupancy, "entry", "Input queue occupancy");
    Group& z = rop.child("zcache", "Depth cache");
    z.counter("hits", &hits, "access", "Hits");
    z.counter("misses", &misses, "access", "Misses");
    z.formula(
        "hit_rate", [this] { return double(hits) / double(hits + misses); }, "ratio",
        "Hits per access");
  }
};

TEST(Histogram, BinsOverflowMeanAndReset) {
  Histogram h(4, 10);
  h.add(0);
  h.add(9);
  h.add(10, 3);
  h.add(39);
  h.add(40);
  h.add(1000, 0);  // zero weight counts nowhere and does not move the max
  EXPECT_EQ(h.bins, (std::vector<uint64_t>{2, 3, 0, 1}));
  EXPECT_EQ(h.overflow, 1u);
  EXPECT_EQ(h.samples, 7u);
  EXPECT_EQ(h.max_value, 40u);
  EXPECT_DOUBLE_EQ(h.mean(), (0 + 9 + 30 + 39 + 40) / 7.0);
  h.reset();
  EXPECT_EQ(h.bins, (std::vector<uint64_t>{0, 0, 0, 0}));
  EXPECT_EQ(h.samples, 0u);
  EXPECT_EQ(h.mean(), 0.0);
}

TEST(Group, CountersAreReadInPlaceAndFormulasAtDumpTime) {
  Tree t;
  std::map<std::string, double> before, after;
  t.root.flatten(before);
  t.quads += 8;
  t.misses += 2;  // hit rate 3/6
  t.root.flatten(after);
  EXPECT_EQ(before.at("gpu.rop.quads"), 12.0);
  EXPECT_EQ(after.at("gpu.rop.quads"), 20.0);
  EXPECT_EQ(before.at("gpu.rop.zcache.hit_rate"), 0.75);
  EXPECT_EQ(after.at("gpu.rop.zcache.hit_rate"), 0.5);
}

TEST(Group, FlattenPaths) {
  Tree t;
  std::map<std::string, double> flat;
  t.root.flatten(flat);
  std::map<std::string, double> expected{
      {"gpu.rop.quads", 12},
      {"gpu.rop.occupancy.samples", 4},
      {"gpu.rop.occupancy.mean", 1.75},
      {"gpu.rop.occupancy.max", 5},
      {"gpu.rop.occupancy.overflow", 1},
      {"gpu.rop.occupancy.bins.0", 1},
      {"gpu.rop.occupancy.bins.1", 2},
      {"gpu.rop.occupancy.bins.2", 0},
      {"gpu.rop.zcache.hits", 3},
      {"gpu.rop.zcache.misses", 1},
      {"gpu.rop.zcache.hit_rate", 0.75},
  };
  EXPECT_EQ(flat, expected);

  // A prefix goes in front; a nameless root adds nothing; a child flattens from itself.
  std::map<std::string, double> run;
  t.root.flatten(run, "run0");
  EXPECT_EQ(run.count("run0.gpu.rop.zcache.hits"), 1u);
  Group anon("");
  uint64_t n = 5;
  anon.counter("n", &n, "", "");
  std::map<std::string, double> a;
  anon.flatten(a);
  EXPECT_EQ(a, (std::map<std::string, double>{{"n", 5}}));
  EXPECT_EQ(t.root.find_child("rop")->find_child("zcache")->path(), "gpu.rop.zcache");
}

TEST(Group, JsonIsExact) {
  Tree t;
  JsonWriter w;
  t.root.write_json(w);
  EXPECT_EQ(w.str(),
            "{\n"
            "  \"rop\": {\n"
            "    \"quads\": {\"value\": 12, \"unit\": \"quad\", \"desc\": \"Quads written\"},\n"
            "    \"occupancy\": {\"unit\": \"entry\", \"desc\": \"Input queue occupancy\", "
            "\"samples\": 4, \"mean\": 1.75, \"max\": 5, \"overflow\": 1, \"bin_width\": 1, "
            "\"bins\": [1, 2, 0]},\n"
            "    \"zcache\": {\n"
            "      \"hits\": {\"value\": 3, \"unit\": \"access\", \"desc\": \"Hits\"},\n"
            "      \"misses\": {\"value\": 1, \"unit\": \"access\", \"desc\": \"Misses\"},\n"
            "      \"hit_rate\": {\"value\": 0.75, \"unit\": \"ratio\", \"desc\": \"Hits per "
            "access\"}\n"
            "    }\n"
            "  }\n"
            "}\n");
}

TEST(Group, JsonValuesOnlyAndNonFiniteFormula) {
  Tree t;
  t.hits = t.misses = 0;  // 0/0
  JsonWriter w;
  t.root.find_child("rop")->find_child("zcache")->write_json(w, true);
  EXPECT_EQ(w.str(),
            "{\n"
            "  \"hits\": 0,\n"
            "  \"misses\": 0,\n"
            "  \"hit_rate\": null\n"
            "}\n");
}

TEST(Group, CsvAndMarkdown) {
  Tree t;
  CsvWriter csv;
  t.root.find_child("rop")->find_child("zcache")->write_csv(csv);
  EXPECT_EQ(csv.str(),
            "stat,value,unit,description\n"
            "zcache.hits,3,access,Hits\n"
            "zcache.misses,1,access,Misses\n"
            "zcache.hit_rate,0.75,ratio,Hits per access\n");

  std::string md;
  t.root.describe_markdown(md);
  EXPECT_EQ(md,
            "| Stat | Kind | Unit | Description |\n"
            "|---|---|---|---|\n"
            "| `gpu` | group | | The simulated GPU |\n"
            "| `gpu.rop` | group | | Raster output |\n"
            "| `gpu.rop.quads` | counter | quad | Quads written |\n"
            "| `gpu.rop.occupancy` | histogram | entry | Input queue occupancy |\n"
            "| `gpu.rop.zcache` | group | | Depth cache |\n"
            "| `gpu.rop.zcache.hits` | counter | access | Hits |\n"
            "| `gpu.rop.zcache.misses` | counter | access | Misses |\n"
            "| `gpu.rop.zcache.hit_rate` | formula | ratio | Hits per access |\n");
}

TEST(Group, BadRegistrationsThrowWithTheFullPath) {
  Tree t;
  Group& rop = t.root.child("rop2");
  uint64_t x = 0;
  rop.counter("x", &x, "", "");
  auto message = [](auto&& fn) -> std::string {
    try {
      fn();
    } catch (const gfx::Error& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(message([&] { rop.counter("x", &x, "", ""); }), "stats: 'gpu.rop2.x' registered twice");
  EXPECT_EQ(message([&] { rop.child("x"); }), "stats: 'gpu.rop2.x' registered twice");
  EXPECT_EQ(message([&] { rop.counter("a.b", &x, "", ""); }),
            "stats: bad name 'gpu.rop2.a.b' (names are non-empty and have no '.')");
  EXPECT_EQ(message([&] { rop.counter("y", nullptr, "", ""); }),
            "stats: counter 'gpu.rop2.y' has no storage");
  EXPECT_EQ(message([&] { rop.formula("f", {}, "", ""); }),
            "stats: formula 'gpu.rop2.f' has no function");
  EXPECT_EQ(message([&] { rop.histogram("h", nullptr, "", ""); }),
            "stats: histogram 'gpu.rop2.h' has no storage");
}

TEST(Group, ChildAddressesAreStable) {
  Group root("gpu");
  Group* first = &root.child("c0");
  for (int i = 1; i < 100; ++i) root.child("c" + std::to_string(i));
  EXPECT_EQ(first, root.find_child("c0"));
  EXPECT_EQ(first->path(), "gpu.c0");
}

}  // namespace
}  // namespace gfx::stats
