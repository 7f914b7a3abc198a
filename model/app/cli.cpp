#include "app/cli.h"

#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <filesystem>

#include "common/error.h"

namespace gfx::app {

namespace po = boost::program_options;
namespace fs = std::filesystem;

std::string usage() {
  return "usage: gfxsim [run] TRACE [options]     replay a trace, write a results folder\n"
         "       gfxsim config [options]          print the resolved configuration\n"
         "       gfxsim doc config                print the config reference (Markdown)\n"
         "       gfxsim compare RUN_A RUN_B       stat deltas and config differences of two\n"
         "                                        results folders\n"
         "       gfxsim --help | --version\n"
         "\n"
         "options (--opt VALUE and --opt=VALUE are the same):\n"
         "  -c, --config NAME|FILE  preset name (baseline, small, attila-like, gddr5, gddr6) or\n"
         "                          a YAML file (default: baseline); presets are in configs/,\n"
         "                          share/gfxsim/configs when installed, or $GFXSIM_CONFIG_DIR\n"
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
         "      --interval N        also write intervals.csv: every counter's growth in each\n"
         "                          stretch of N cycles\n"
         "      --timeline FILE     write the run as a Chrome/Perfetto trace-event file (open it\n"
         "                          in ui.perfetto.dev or chrome://tracing)\n"
         "      --timeline-resolution N  cycles per timeline stretch (default 1000)\n"
         "\n"
         "compare options:\n"
         "      --top N             at most N stat rows, the largest changes (default: all)\n"
         "      --all               also the stats that are equal\n"
         "      --host              also the host's figures (wall time, RSS, cycles/s)\n"
         "      --json              the comparison as JSON\n"
         "\n"
         "Results: frames/frame_NNNN.png, stats.json, frames.csv (timing), draws.csv, "
         "config.yaml.\n"
         "Exit status: 0 success, 1 bad input or failed run (nothing written), 2 usage error;\n"
         "SIGINT or SIGTERM stops the run, writing nothing, and the process ends by that signal.\n";
}

std::vector<std::string> preset_names(const std::string& config_dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(config_dir, ec))
    if (e.path().extension() == ".yaml") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

namespace {

bool is_path(const std::string& name) {
  return name.find('/') != std::string::npos ||
         (name.size() > 5 && name.substr(name.size() - 5) == ".yaml");
}

// A preset name is looked up as NAME.yaml in the working folder, then in configs/.
std::string preset_path(const std::string& name, const std::string& config_dir) {
  if (is_path(name)) return name;
  if (fs::exists(name + ".yaml")) return name + ".yaml";
  return (fs::path(config_dir) / (name + ".yaml")).string();
}

po::options_description all_options() {
  po::options_description o;
  // clang-format off
  o.add_options()
      ("help,h", "")
      ("version", "")
      ("config,c", po::value<std::string>()->default_value("baseline"), "")
      ("set,s", po::value<std::vector<std::string>>()->composing(), "")
      ("out,o", po::value<std::string>(), "")
      ("mode,m", po::value<std::string>(), "")
      ("force", "")
      ("progress", "")
      ("quiet", "")
      ("interval", po::value<long>(), "")
      ("timeline", po::value<std::string>(), "")
      ("timeline-resolution", po::value<long>(), "")
      ("top", po::value<long>(), "")
      ("all", "")
      ("host", "")
      ("json", "")
      ("words", po::value<std::vector<std::string>>(), "");
  // clang-format on
  return o;
}

// Options that only one command takes, and that command.
const std::vector<std::pair<std::string, Command::Kind>> kOnlyFor = {
    {"top", Command::Kind::Compare}, {"all", Command::Kind::Compare},
    {"host", Command::Kind::Compare}, {"json", Command::Kind::Compare},
    {"force", Command::Kind::Run},    {"progress", Command::Kind::Run},
    {"interval", Command::Kind::Run}, {"timeline", Command::Kind::Run},
    {"timeline-resolution", Command::Kind::Run}};

Cycle positive_cycles(const po::variables_map& vm, const char* option) {
  const long v = vm[option].as<long>();
  if (v < 1)
    throw UsageError(std::string("--") + option + " must be a positive number of cycles, not " +
                     std::to_string(v));
  return Cycle(v);
}

po::variables_map parse(const std::vector<std::string>& args) {
  po::positional_options_description words;
  words.add("words", -1);
  po::variables_map vm;
  // No abbreviations: `--con` is an error, not --config, so a later option cannot change
  // what an old command line means.
  const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
  try {
    po::store(po::command_line_parser(args)
                  .options(all_options())
                  .positional(words)
                  .style(style)
                  .run(),
              vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  return vm;
}

}  // namespace

Command parse_command_line(const std::vector<std::string>& args, const std::string& config_dir) {
  Command c;
  const po::variables_map vm = parse(args);
  if (vm.count("help")) {
    c.kind = Command::Kind::Help;
    return c;
  }
  if (vm.count("version")) {
    c.kind = Command::Kind::Version;
    return c;
  }
  std::vector<std::string> words =
      vm.count("words") ? vm["words"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (words.empty()) throw UsageError("no trace given (see gfxsim --help)");

  c.run.config_dirs = {config_dir};
  c.run.config = preset_path(vm["config"].as<std::string>(), config_dir);
  int set_count = 0;
  if (vm.count("set"))
    for (const std::string& s : vm["set"].as<std::vector<std::string>>())
      c.run.overrides.push_back(cfg::parse_override(s, "--set #" + std::to_string(++set_count)));
  if (vm.count("out")) c.run.out = vm["out"].as<std::string>();
  if (vm.count("mode")) {
    const std::string m = vm["mode"].as<std::string>();
    if (m == "timing")
      c.run.mode = gpu::Mode::Timing;
    else if (m == "functional")
      c.run.mode = gpu::Mode::Functional;
    else
      throw UsageError("--mode must be 'timing' or 'functional', not '" + m + "'");
  }
  c.run.force = vm.count("force") > 0;
  c.quiet = vm.count("quiet") > 0;
  c.run.progress = vm.count("progress") ? true : !c.quiet && isatty(2);  // a live line only for people

  if (words[0] == "config") {
    c.kind = Command::Kind::ShowConfig;
    if (words.size() > 1) throw UsageError("'config' takes no trace");
  } else if (words[0] == "doc") {
    if (words.size() != 2 || words[1] != "config") throw UsageError("use 'gfxsim doc config'");
    c.kind = Command::Kind::DocConfig;
  } else if (words[0] == "compare") {
    if (words.size() != 3) throw UsageError("'compare' takes two results folders: RUN_A RUN_B");
    c.kind = Command::Kind::Compare;
    c.compare.a = words[1];
    c.compare.b = words[2];
    if (vm.count("top")) {
      const long top = vm["top"].as<long>();
      if (top < 1) throw UsageError("--top must be a positive count, not " + std::to_string(top));
      c.compare.top = size_t(top);
    }
    c.compare.all = vm.count("all") > 0;
    c.compare.host = vm.count("host") > 0;
    c.compare.json = vm.count("json") > 0;
  } else {
    if (words[0] == "run") words.erase(words.begin());
    if (words.size() != 1)
      throw UsageError(words.empty() ? "no trace given" : "more than one trace given");
    c.kind = Command::Kind::Run;
    c.run.trace = words[0];
    if (vm.count("interval")) c.run.interval = positive_cycles(vm, "interval");
    if (vm.count("timeline")) c.run.timeline = vm["timeline"].as<std::string>();
    if (vm.count("timeline-resolution")) {
      if (c.run.timeline.empty()) throw UsageError("--timeline-resolution needs --timeline FILE");
      c.run.timeline_resolution = positive_cycles(vm, "timeline-resolution");
    }
    if (c.run.mode == gpu::Mode::Functional && (c.run.interval || !c.run.timeline.empty()))
      throw UsageError("--interval and --timeline need timing mode (functional runs have no cycles)");
    if (c.run.out.empty()) c.run.out = "results/" + fs::path(c.run.trace).stem().string();
  }
  for (const auto& [option, kind] : kOnlyFor)
    if (vm.count(option) && !vm[option].defaulted() && c.kind != kind)
      throw UsageError("--" + option + " is an option of '" +
                       (kind == Command::Kind::Compare ? "compare" : "run") + "' only");
  return c;
}

void check_config_exists(const Command& c, const std::string& config_dir) {
  const std::string& path = c.run.config;
  if (c.kind == Command::Kind::Compare || c.kind == Command::Kind::DocConfig || fs::exists(path))
    return;
  const fs::path p(path);
  if (p.parent_path() != fs::path(config_dir)) return;  // a file path: the loader names it
  std::string names;
  for (const std::string& n : preset_names(config_dir)) names += (names.empty() ? "" : ", ") + n;
  throw Error("--config " + p.stem().string() + ": no such preset (presets in " + config_dir +
              ": " + names + "), and no file " + p.stem().string() +
              ".yaml in the working folder; cannot open " + path);
}

}  // namespace gfx::app
