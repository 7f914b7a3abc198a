// The C++ API of the attachment point: a program of its own binds its TLM-2.0 target to the
// DRAM socket of a run (gpu::RunOptions::bind_dram_target) and the run is served by it,
// with the frames of the functional model; a tlm run with nothing bound, and a binding
// with the built-in model, are refused before anything is built.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "common/error.h"
#include "fixed_dram_target.h"
#include "gpu/run.h"
#include "memory/tlm_dram.h"

namespace gfx::gpu {
namespace {

const std::string kSource = GFX_SOURCE_DIR;
const std::string kOut = std::string(GFX_BINARY_DIR) + "/tests/tlm/";

RunOptions options(const std::string& out, const std::string& model) {
  RunOptions o;
  o.trace = kSource + "/traces/peak_latency.gfxt";
  o.config = kSource + "/configs/baseline.yaml";
  o.config_dirs = {kSource + "/configs"};
  o.overrides = {{"memory.dram.model", model, "test"}};
  o.out = kOut + out;
  o.force = true;
  return o;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::string message_of(const RunOptions& o) {
  try {
    run(o);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(TlmRun, CallersOwnTargetServesTheRunWithTheBuiltinFrames) {
  RunOptions o = options("run_cxx_api", "tlm");
  std::unique_ptr<fixed_dram::FixedDramTarget> target;
  o.bind_dram_target = [&target](memory::TlmDram& port) {
    fixed_dram::Options t;
    t.latency_ps = 100000;
    target = std::make_unique<fixed_dram::FixedDramTarget>("my_dram", t);
    port.socket.bind(target->socket);
  };
  const RunSummary s = run(o);
  ASSERT_TRUE(target);
  EXPECT_EQ(s.frames, 2u);
  // The trace reads its command stream, vertices and indices and writes its surfaces back.
  EXPECT_GT(target->reads(), 0u);
  EXPECT_GT(target->writes(), 0u);
  EXPECT_EQ(target->bytes_read(), 64 * target->reads());  // whole L2 lines
  EXPECT_EQ(target->bytes_written(), 64 * target->writes());

  RunOptions f = options("run_cxx_api_functional", "builtin");
  f.mode = Mode::Functional;
  run(f);
  for (const char* frame : {"/frames/frame_0000.png", "/frames/frame_0001.png"}) {
    const std::string timing = slurp(o.out + frame);
    EXPECT_FALSE(timing.empty()) << frame;
    EXPECT_EQ(timing, slurp(f.out + frame)) << frame;
  }
}

TEST(TlmRun, TlmWithoutTargetIsRefused) {
  EXPECT_EQ(message_of(options("run_unbound", "tlm")),
            "memory.dram.model is tlm but no target serves the DRAM requests: set "
            "memory.dram.tlm_plugin to a plugin's path, or bind a TLM-2.0 target to the socket "
            "from your own sc_main (gpu::RunOptions::bind_dram_target, docs/units/memory.md)");
}

TEST(TlmRun, BindingWithTheBuiltinModelIsRefused) {
  RunOptions o = options("run_builtin_bound", "builtin");
  o.bind_dram_target = [](memory::TlmDram&) {};
  EXPECT_EQ(message_of(o),
            "gpu::RunOptions::bind_dram_target is set, but memory.dram.model is builtin: the "
            "socket is bound only with model tlm and no plugin");
}

}  // namespace
}  // namespace gfx::gpu
