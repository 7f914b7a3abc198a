#include "python/sim_run.h"

#include <cstdlib>
#include <exception>
#include <systemc>

#include "common/error.h"
#include "common/interrupt.h"
#include "config/config.h"
#include "config/preset_dir.h"
#include "gpu/gpu_config.h"
#include "gpu/run.h"

namespace gfx::python {

namespace {

// What sc_main is to run. SystemC calls sc_main with argc/argv only, so the run's options
// pass through this one slot; it is set just before sc_elab_and_sim and read inside it.
struct PendingRun {
  gpu::RunOptions options;
  gpu::RunSummary summary;
  std::exception_ptr failure;
};
PendingRun* g_pending = nullptr;
bool g_elaborated = false;

std::vector<cfg::Override> parse_overrides(const std::vector<std::string>& texts) {
  std::vector<cfg::Override> out;
  for (std::size_t i = 0; i < texts.size(); ++i)
    out.push_back(cfg::parse_override(
        texts[i], "override #" + std::to_string(i + 1) + " '" + texts[i] + "'"));
  return out;
}

}  // namespace

std::string default_config_dir() {
  // Any address inside this module names its shared object: the build tree's or the
  // installed one, whose presets differ.
  return cfg::module_preset_dir(reinterpret_cast<const void*>(&default_config_dir));
}

std::string resolved_config_yaml(const std::string& config,
                                 const std::vector<std::string>& overrides,
                                 const std::vector<std::string>& config_dirs) {
  const auto c = cfg::load_config<gpu::GpuConfig>(config, parse_overrides(overrides), config_dirs);
  return cfg::dump_resolved_yaml(c, {{"config", config}});
}

py::dict config_keys() {
  py::dict out;
  for (const auto& [key, info] : cfg::describe_keys<gpu::GpuConfig>()) {
    py::dict d;
    d["unit"] = info.unit;
    d["description"] = info.description;
    out[py::str(key)] = d;
  }
  return out;
}

py::dict run_once(const std::string& trace, const std::string& config,
                  const std::vector<std::string>& overrides,
                  const std::vector<std::string>& config_dirs, const std::string& out,
                  const std::string& mode, bool force) {
  if (g_elaborated)
    throw Error("gfxsim: SystemC runs one simulation per process; this one has run");
  PendingRun pending;
  pending.options.trace = trace;
  pending.options.config = config;
  pending.options.overrides = parse_overrides(overrides);
  pending.options.config_dirs = config_dirs;
  pending.options.out = out;
  pending.options.force = force;
  if (mode == "timing")
    pending.options.mode = gpu::Mode::Timing;
  else if (mode == "functional")
    pending.options.mode = gpu::Mode::Functional;
  else
    throw Error("mode must be 'timing' or 'functional', not '" + mode + "'");
  g_elaborated = true;
  g_pending = &pending;
  {
    py::gil_scoped_release release;  // a long run must not block the interpreter's threads
    InterruptScope interrupts;       // SIGINT/SIGTERM stop the run, leaving no results
    char arg0[] = "gfxsim";
    char* argv[] = {arg0, nullptr};
    sc_core::sc_elab_and_sim(1, argv);
  }
  g_pending = nullptr;
  if (pending.failure) std::rethrow_exception(pending.failure);
  py::dict s;
  s["cycles"] = pending.summary.cycles;
  s["frames"] = pending.summary.frames;
  s["draws"] = pending.summary.draws;
  s["wall_seconds"] = pending.summary.wall_seconds;
  s["peak_rss_kib"] = pending.summary.peak_rss_kib;
  return s;
}

}  // namespace gfx::python

// SystemC's entry point, called back by sc_elab_and_sim. Exported with default visibility
// (the module is built with hidden symbols) so that libsystemc finds it.
extern "C" __attribute__((visibility("default"))) int sc_main(int, char**) {
  using gfx::python::g_pending;
  if (!g_pending) return 1;
  try {
    sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    g_pending->summary = gfx::gpu::run(g_pending->options);
  } catch (...) {
    g_pending->failure = std::current_exception();
  }
  return 0;
}
