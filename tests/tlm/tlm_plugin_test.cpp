// The plugin loader (memory/dram_target_plugin.h): memory.dram.tlm_plugin names the example
// target's shared library, the memory system binds its socket and the requests reach it;
// a missing file, a library without the factory, bad options and a plugin without
// model: tlm are errors naming the key.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <systemc>

#include "common/error.h"
#include "config/config.h"
#include "gpu/gpu_config.h"
#include "memory/memory_system.h"

namespace gfx::memory {
namespace {

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no error)";
}

MemoryConfig with_plugin(const std::string& path, const std::string& options) {
  MemoryConfig c;
  c.dram.model = "tlm";
  c.dram.tlm_plugin = path;
  c.dram.tlm_plugin_options = options;
  return c;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

TEST(TlmPlugin, LoadsByPathBindsAndServes) {
  const std::string report = std::string(GFX_BINARY_DIR) + "/tests/tlm/plugin_report.json";
  std::remove(report.c_str());
  {
    // 1 GHz core, 50 ns, unlimited bus: every request is 50 cycles. Without an L2 the
    // unit caches' requests go straight to the DRAM port.
    MemoryConfig cfg = with_plugin(GFX_TLM_PLUGIN, "latency_ps=50000 report=" + report);
    cfg.l2.size_kib = 0;
    MemorySystem m("mem", cfg, 1000.0);
    ASSERT_NE(m.tlm_dram(), nullptr);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    EXPECT_EQ(m.port().read(100, 0x10000, 64, sim::Client::Texture), 150u);
    EXPECT_EQ(m.port().write(120, 0x20000, 64, sim::Client::Color), 170u);
    EXPECT_EQ(m.dram().bytes_read(sim::Client::Texture), 64u);
    EXPECT_EQ(m.dram().bytes_written(sim::Client::Color), 64u);
    EXPECT_EQ(m.dram().busy_until(), 170u);
  }  // the memory system deletes the target, which writes its report
  EXPECT_EQ(slurp(report),
            "{\"reads\": 1, \"writes\": 1, \"bytes_read\": 64, \"bytes_written\": 64}\n");
}

TEST(TlmPlugin, MissingFileNamesTheKey) {
  const std::string m =
      message_of([] { MemorySystem("mem", with_plugin("/nonexistent/libdram.so", ""), 1000.0); });
  EXPECT_EQ(m, "memory.dram.tlm_plugin: no file '/nonexistent/libdram.so'");
}

TEST(TlmPlugin, MissingFactoryNamesTheKeyAndTheFunction) {
  const std::string m =
      message_of([] { MemorySystem("mem", with_plugin(GFX_TLM_NO_FACTORY, ""), 1000.0); });
  EXPECT_EQ(m, std::string("memory.dram.tlm_plugin: '") + GFX_TLM_NO_FACTORY +
                   "' has no function gfxsim_make_dram_target (extern \"C\" sc_core::sc_module* "
                   "gfxsim_make_dram_target(const char* name, const char* options, char* "
                   "error, size_t error_size))");
}

TEST(TlmPlugin, BadOptionsNameTheOptionsKey) {
  const std::string m = message_of(
      [] { MemorySystem("mem", with_plugin(GFX_TLM_PLUGIN, "latency_ps=fast"), 1000.0); });
  EXPECT_EQ(m, std::string("memory.dram.tlm_plugin_options: gfxsim_make_dram_target of '") +
                   GFX_TLM_PLUGIN +
                   "' made no target: latency_ps must be a whole number below 10^18, not "
                   "'fast'");
}

TEST(TlmPlugin, PluginNeedsModelTlm) {
  const std::string dir = std::string(GFX_SOURCE_DIR) + "/configs";
  const std::string m = message_of([&] {
    cfg::load_config<gpu::GpuConfig>(
        dir + "/baseline.yaml", {cfg::Override{"memory.dram.tlm_plugin", "/x/lib.so", "--set #1"}},
        {dir});
  });
  EXPECT_NE(m.find("tlm_plugin makes a TLM-2.0 target, which only model: tlm uses (model is "
                   "builtin)"),
            std::string::npos)
      << m;
}

}  // namespace
}  // namespace gfx::memory
