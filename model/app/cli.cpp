#include "app/cli.h"

#include <unistd.h>

#include <filesystem>

namespace gfx::app {

std::string usage() {
  return "usage: gfxsim [run] TRACE [options]     replay a trace, write a results folder\n"
         "       gfxsim config [options]          print the resolved configuration\n"
         "       gfxsim doc config                print the config reference (Markdown)\n"
         "       gfxsim --help | --version\n"
         "\n"
         "options:\n"
         "  -c, --config NAME|FILE  preset name from configs/ (baseline, small, attila-like,\n"
         "                          gddr5, gddr6) or a YAML file (default: baseline)\n"
         "  -s, --set KEY=VALUE     override one config key, e.g. --set rop.quads_per_cycle=8\n"
         "                          (repeatable; applied after the config file, in order)\n"
         "  -o, --out DIR           results folder (default: results/<trace name>); an existing\n"
         "                          results folder is replaced, any other existing path refused\n"
         "      --force             write the results into an existing folder gfxsim did not "
         "make,\n"
         "                          keeping its other files\n"
         "  -m, --mode MODE         timing (default) or functional (frames only, no cycles)\n"
         "      --progress          print a progress line on stderr (default when it is a "
         "terminal)\n"
         "      --quiet             no summary on stdout\n"
         "\n"
         "Results: frames/frame_NNNN.png, stats.json, frames.csv (timing), draws.csv, "
         "config.yaml.\n"
         "Exit status: 0 success, 1 bad input or failed run (nothing written), 2 usage error;\n"
         "SIGINT or SIGTERM stops the run, writing nothing, and the process ends by that signal.\n";
}

namespace {

std::string preset_path(const std::string& name, const std::string& config_dir) {
  namespace fs = std::filesystem;
  if (name.find('/') != std::string::npos ||
      (name.size() > 5 && name.substr(name.size() - 5) == ".yaml"))
    return name;
  if (fs::exists(name + ".yaml")) return name + ".yaml";
  return (fs::path(config_dir) / (name + ".yaml")).string();
}

}  // namespace

Command parse_command_line(const std::vector<std::string>& args, const std::string& config_dir) {
  Command c;
  c.run.config_dirs = {config_dir};
  std::string config = "baseline";
  std::vector<std::string> positional;
  int set_count = 0;
  bool progress_set = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) throw UsageError(a + " needs a value");
      return args[++i];
    };
    if (a == "-h" || a == "--help") {
      c.kind = Command::Kind::Help;
      return c;
    }
    if (a == "--version") {
      c.kind = Command::Kind::Version;
      return c;
    }
    if (a == "-c" || a == "--config")
      config = value();
    else if (a == "-s" || a == "--set")
      c.run.overrides.push_back(
          cfg::parse_override(value(), "--set #" + std::to_string(++set_count)));
    else if (a == "-o" || a == "--out")
      c.run.out = value();
    else if (a == "-m" || a == "--mode") {
      const std::string m = value();
      // clang-format off
      if (m == "timing") c.run.mode = gpu::Mode::Timing;
      else if (m == "functional") c.run.mode = gpu::Mode::Functional;
      else throw UsageError("--mode must be 'timing' or 'functional', not '" + m + "'");
    } else if (a == "--force") c.run.force = true;
    else if (a == "--progress") c.run.progress = progress_set = true;
    else if (a == "--quiet") c.quiet = true;
    else if (!a.empty() && a[0] == '-') throw UsageError("unknown option " + a);
    else positional.push_back(a);
    // clang-format on
  }
  c.run.config = preset_path(config, config_dir);
  if (!progress_set) c.run.progress = !c.quiet && isatty(2);  // a live line only for people
  if (positional.empty()) throw UsageError("no trace given (see gfxsim --help)");
  if (positional[0] == "config") {
    c.kind = Command::Kind::ShowConfig;
    if (positional.size() > 1) throw UsageError("'config' takes no trace");
    return c;
  }
  if (positional[0] == "doc") {
    if (positional.size() != 2 || positional[1] != "config")
      throw UsageError("use 'gfxsim doc config'");
    c.kind = Command::Kind::DocConfig;
    return c;
  }
  if (positional[0] == "run") positional.erase(positional.begin());
  if (positional.size() != 1)
    throw UsageError(positional.empty() ? "no trace given" : "more than one trace given");
  c.kind = Command::Kind::Run;
  c.run.trace = positional[0];
  if (c.run.out.empty()) {
    c.run.out = "results/" + std::filesystem::path(c.run.trace).stem().string();
  }
  return c;
}

}  // namespace gfx::app
