// The policy name tables are what the config schema offers: the schema's choices of every
// cache's replacement key and of shader.issue_policy are the tables' names, in order, and
// every name makes a policy.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "common/error.h"
#include "config/schema.h"
#include "gpu/gpu_config.h"
#include "shader/issue/issue_policy.h"
#include "sim/replacement/replacement_policy.h"

namespace gfx {
namespace {

using Names = std::vector<std::string>;

TEST(PolicyTables, NamesInTableOrder) {
  EXPECT_EQ(sim::replacement_names(), (Names{"lru", "fifo", "random", "srrip"}));
  EXPECT_EQ(shader::issue_policy_names(),
            (Names{"round_robin", "greedy_then_oldest", "oldest_first"}));
  for (const std::string& n : sim::replacement_names())
    EXPECT_NE(sim::make_replacement(n, 2, 4, "test"), nullptr) << n;
  for (const std::string& n : shader::issue_policy_names())
    EXPECT_NE(shader::make_issue_policy(n, "test"), nullptr) << n;
}

TEST(PolicyTables, UnknownIssuePolicyIsRefusedWithTheKnownOnes) {
  try {
    shader::make_issue_policy("gto", "shader.core0");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "shader.core0: unknown issue policy 'gto' (known: round_robin, "
                 "greedy_then_oldest, oldest_first)");
  }
}

void collect(const cfg::SchemaBase& s, const std::string& prefix,
             std::map<std::string, std::string>& out) {
  for (const auto& e : s.entries()) {
    if (e->section())
      collect(*e->section(), prefix + e->key() + ".", out);
    else
      out[prefix + e->key()] = e->allowed();
  }
}

// The documented allowed values of every policy key of the GPU config.
TEST(PolicyTables, EveryCacheOffersEveryReplacementPolicy) {
  cfg::Schema<gpu::GpuConfig> schema;
  gpu::GpuConfig::describe(schema);
  const std::string all = "lru, fifo, random, srrip";
  const std::vector<std::string> keys = {"ia.index_cache.replacement",
                                         "ia.vertex_cache.replacement",
                                         "ia.post_transform_policy",
                                         "shader.texture_cache.replacement",
                                         "rop.z_cache.replacement",
                                         "rop.color_cache.replacement",
                                         "memory.l2.replacement",
                                         "tessellator.patch_cache_replacement",
                                         "shader.constant_cache.replacement"};
  std::map<std::string, std::string> allowed;  // every field's key path -> allowed()
  collect(schema, "", allowed);
  for (const std::string& k : keys) EXPECT_EQ(allowed[k], all) << k;
  EXPECT_EQ(allowed["shader.issue_policy"], "round_robin, greedy_then_oldest, oldest_first");
}

}  // namespace
}  // namespace gfx
