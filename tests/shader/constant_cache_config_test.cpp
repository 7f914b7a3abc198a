// The shader.constant_cache keys: their defaults, the baseline preset's values, overrides
// (size_kib 0: no cache, every line from the L2), and the values refused by name (no ways,
// no MSHR, lines longer than the 256 bytes between constant-buffer versions).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error.h"
#include "config/config.h"
#include "gpu/gpu_config.h"

namespace gfx {
namespace {

gpu::GpuConfig load(const std::string& path, const std::vector<std::string>& sets) {
  std::vector<cfg::Override> overrides;
  for (size_t i = 0; i < sets.size(); ++i)
    overrides.push_back(cfg::parse_override(sets[i], "--set #" + std::to_string(i + 1)));
  return cfg::load_config<gpu::GpuConfig>(path, overrides, {GFX_SOURCE_DIR "/configs"});
}

std::string refusal(const std::vector<std::string>& sets) {
  try {
    load("", sets);
  } catch (const Error& e) {
    return e.what();
  }
  return "accepted";
}

TEST(ConstantCacheConfig, DefaultsAreASmallConstantCache) {
  const sim::CacheConfig& c = gpu::GpuConfig{}.shader.constant_cache;
  EXPECT_EQ(c.size_kib, 8u);
  EXPECT_EQ(c.ways, 4u);
  EXPECT_EQ(c.line_bytes, 64u);
  EXPECT_EQ(c.mshrs, 8u);
  EXPECT_EQ(c.ports, 1u);
  EXPECT_EQ(c.hit_latency, 3u);
  EXPECT_EQ(c.sets(), 32u);
}

TEST(ConstantCacheConfig, BaselinePresetAndOverrides) {
  const gpu::GpuConfig base = load(GFX_SOURCE_DIR "/configs/baseline.yaml", {});
  EXPECT_EQ(base.shader.constant_cache.hit_latency, 4u);  // the baseline's ALU latency
  EXPECT_EQ(base.shader.constant_cache.size_kib, 8u);
  const gpu::GpuConfig c =
      load(GFX_SOURCE_DIR "/configs/baseline.yaml",
           {"shader.constant_cache.size_kib=2", "shader.constant_cache.ways=2",
            "shader.constant_cache.line_bytes=256", "shader.constant_cache.ports=2",
            "shader.constant_cache.hit_latency=9"});
  EXPECT_EQ(c.shader.constant_cache.sets(), 4u);
  EXPECT_EQ(c.shader.constant_cache.ports, 2u);
  EXPECT_EQ(c.shader.constant_cache.hit_latency, 9u);
}

TEST(ConstantCacheConfig, RefusedValuesAreNamed) {
  EXPECT_EQ(refusal({"shader.constant_cache.ways=0"}),
            "--set #1: shader.constant_cache.ways: 0 is below the minimum 1");
  EXPECT_EQ(refusal({"shader.constant_cache.size_kib=0"}), "accepted");
  EXPECT_EQ(refusal({"shader.constant_cache.line_bytes=512"}),
            "--set #1: shader: constant_cache.line_bytes (512) must be at most 256: "
            "constant-buffer versions start 256 bytes apart, and a line must not hold two of them");
  EXPECT_EQ(refusal({"shader.constant_cache.mshrs=0"}),
            "--set #1: shader.constant_cache.mshrs: 0 is below the minimum 1");
  EXPECT_EQ(refusal({"shader.constant_cache.ways=3"}),
            "--set #1: shader.constant_cache: size_kib must hold a whole number of sets of "
            "`ways` lines of `line_bytes`");
  EXPECT_EQ(refusal({"shader.constant_cache.size=8"}),
            "--set #1: shader.constant_cache.size: unknown key");
}

}  // namespace
}  // namespace gfx
