// gfxsim: replay a recorded draw-call trace on a GPU configuration.
// A thin shell over gpu::run(); every failure is one line on stderr and a non-zero exit.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <new>
#include <systemc>

#include "app/cli.h"
#include "app/compare.h"
#include "common/error.h"
#include "common/interrupt.h"
#include "common/version.h"
#include "config/config.h"
#include "config/preset_dir.h"
#include "gpu/gpu_config.h"

int sc_main(int argc, char** argv) {
  using namespace gfx;
  std::vector<std::string> args(argv + 1, argv + argc);
  // The build tree's presets, or the installed ones for an installed gfxsim.
  const std::string config_dir = cfg::executable_preset_dir();
  app::Command cmd;
  try {
    cmd = app::parse_command_line(args, config_dir);
  } catch (const app::UsageError& e) {
    std::fprintf(stderr, "gfxsim: %s\n%s", e.what(), app::usage().c_str());
    return 2;
  } catch (const Error& e) {  // a malformed --set
    std::fprintf(stderr, "gfxsim: %s\n", e.what());
    return 2;
  }
  InterruptScope interrupts;
  try {
    app::check_config_exists(cmd, config_dir);
    switch (cmd.kind) {
      case app::Command::Kind::Help: std::cout << app::usage(); return 0;
      case app::Command::Kind::Version:
        std::cout << "gfxsim " << version() << " (" << git_revision() << ")\n";
        return 0;
      case app::Command::Kind::DocConfig:
        std::cout << cfg::describe_markdown<gpu::GpuConfig>();
        return 0;
      case app::Command::Kind::Compare: {
        const app::CompareOptions& o = cmd.compare;
        const app::Comparison c = app::compare_runs(o.a, o.b, o.host);
        std::cout << (o.json ? app::comparison_json(c, o.top, o.all)
                             : app::format_comparison(c, o.top, o.all));
        return 0;
      }
      case app::Command::Kind::ShowConfig: {
        const auto c = cfg::load_config<gpu::GpuConfig>(cmd.run.config, cmd.run.overrides,
                                                        cmd.run.config_dirs);
        std::cout << cfg::dump_resolved_yaml(c, {{"config", cmd.run.config}});
        return 0;
      }
      case app::Command::Kind::Run: {
        const gpu::RunSummary s = gpu::run(cmd.run);
        if (!cmd.quiet) {
          std::printf("%s: %u frames, %llu draws", cmd.run.out.c_str(), s.frames,
                      (unsigned long long)s.draws);
          if (cmd.run.mode == gpu::Mode::Timing)
            std::printf(", %llu cycles, %.0f cycles/s", (unsigned long long)s.cycles,
                        s.wall_seconds > 0 ? double(s.cycles) / s.wall_seconds : 0.0);
          std::printf(", %.2f s\n", s.wall_seconds);
        }
        return 0;
      }
    }
  } catch (const Interrupted& e) {
    // Unwinding removed the work folder; end by the signal itself, as shells and sweep
    // scripts expect of an interrupted program.
    std::fprintf(stderr, "gfxsim: %s\n", e.what());
    std::signal(e.signal(), SIG_DFL);
    std::raise(e.signal());
    return 128 + e.signal();
  } catch (const Error& e) {
    std::fprintf(stderr, "gfxsim: %s\n", e.what());
    return 1;
  } catch (const std::bad_alloc&) {  // the last resort: the readers and the run name the command
    std::fprintf(stderr,
                 "gfxsim: %s: out of memory (std::bad_alloc); lower the limits.* keys "
                 "or free memory on the host\n",
                 cmd.run.trace.empty() ? cmd.run.config.c_str() : cmd.run.trace.c_str());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gfxsim: internal error: %s\n", e.what());
    return 1;
  }
  return 0;
}

// Our own main (instead of libsystemc's) so the SystemC banner, printed before sc_main
// runs, stays off stdout, which carries results only.
int main(int argc, char** argv) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}
