// Command-line parsing and help of gfxsim-trace: the subcommand by hand, its options by
// Boost.Program_options (one option table per subcommand, so an option of another command
// is unknown here; --opt=value works; abbreviations do not).
#include "tools/trace_tool_cli.h"

#include <boost/program_options.hpp>
#include <cstdint>

#include "common/error.h"
#include "config/preset_dir.h"
#include "trace/text_format.h"

namespace gfx::tools {
namespace {

constexpr int kOk = 0, kBadInput = 1, kUsage = 2;

const char* const kGeneralHelp =
    "usage: gfxsim-trace <command> [options]\n"
    "\n"
    "Inspect and convert gfxsim draw-call traces (binary .gfxt or YAML .yaml).\n"
    "\n"
    "commands:\n"
    "  info FILE                       header, command counts, frames, draws, primitives\n"
    "  dump FILE [--full]              the trace as YAML text on stdout\n"
    "  validate FILE [-c CONFIG] [--set limits.KEY=N]...\n"
    "                                  read everything and check ids, ranges and limits\n"
    "  convert IN OUT [--frames A:B]   rewrite in the form OUT's extension names\n"
    "\n"
    "Options take their value after a space or an equals sign (--frames=0:3).\n"
    "\n"
    "'gfxsim-trace <command> --help' describes one command. Exit codes: 0 ok,\n"
    "1 bad input, 2 usage.\n";

const char* help_for(const std::string& cmd) {
  if (cmd == "info")
    return "usage: gfxsim-trace info FILE\n"
           "\n"
           "Prints the header, the number of commands of each kind, frames (presents),\n"
           "draws, primitives, patches and the bytes of all created resources. A patch draw\n"
           "(draw_rect_patch, draw_tri_patch) counts as a draw of one primitive.\n";
  if (cmd == "dump")
    return "usage: gfxsim-trace dump FILE [--full]\n"
           "\n"
           "Prints the trace as YAML text. Data blobs longer than 256 bytes are shown as\n"
           "'<N bytes>' unless --full is given; with --full the output is exactly the\n"
           "YAML trace form and can be read back.\n";
  if (cmd == "validate")
    return "usage: gfxsim-trace validate FILE [-c CONFIG] [--set limits.KEY=N]...\n"
           "\n"
           "Reads the whole trace and checks that every id used by set_* and draw commands\n"
           "was created and not released, that draws have a vertex declaration and streams,\n"
           "that vertex and index ranges lie inside the bound buffers, and that resources\n"
           "and draws stay within the limits a replay enforces: the limits section of\n"
           "CONFIG (a file or a preset name; default: the built-in limits), then each\n"
           "--set limits.KEY=N. Prints 'FILE: valid (N commands, F frames)' or the first\n"
           "error (exit 1).\n";
  if (cmd == "convert")
    return "usage: gfxsim-trace convert IN OUT [--frames A:B]\n"
           "\n"
           "Writes IN to OUT, in YAML when OUT ends in .yaml/.yml and binary otherwise.\n"
           "--frames A:B keeps frames A..B (0-based, inclusive): the resource and state\n"
           "commands before frame A are kept, their draws, clears and presents dropped,\n"
           "and the output ends with frame B's present. A patch draw before frame A that\n"
           "captures a patch under a handle is kept, scissored to an empty rectangle, so\n"
           "later draws of the handle find it.\n";
  return nullptr;
}

struct Usage {
  std::string message;
};

bool parse_range(const std::string& s, uint32_t& a, uint32_t& b) {
  auto colon = s.find(':');
  if (colon == std::string::npos) return false;
  auto x = trace::parse_uint(std::string_view(s).substr(0, colon), 0xFFFFFFFFu);
  auto y = trace::parse_uint(std::string_view(s).substr(colon + 1), 0xFFFFFFFFu);
  if (!x || !y || *x > *y) return false;
  a = static_cast<uint32_t>(*x);
  b = static_cast<uint32_t>(*y);
  return true;
}

namespace po = boost::program_options;

// The options `cmd` takes, and a message for each that is given without its value.
po::options_description options_of(const std::string& cmd) {
  po::options_description o;
  if (cmd == "dump") o.add_options()("full", "");
  if (cmd == "validate")
    o.add_options()("config,c", po::value<std::string>(), "")(
        "set,s", po::value<std::vector<std::string>>()->composing(), "");
  if (cmd == "convert") o.add_options()("frames", po::value<std::string>(), "");
  o.add_options()("files", po::value<std::vector<std::string>>(), "");
  return o;
}

std::string missing_value_message(const std::string& option) {
  if (option == "config") return "-c needs a config file or preset name";
  if (option == "set") return "--set needs limits.KEY=N";
  if (option == "frames") return "--frames needs a range A:B";
  return "--" + option + " needs a value";
}

po::variables_map parse(const std::string& cmd, const std::vector<std::string>& rest) {
  po::positional_options_description files;
  files.add("files", -1);
  po::variables_map vm;
  const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
  try {
    po::store(po::command_line_parser(rest).options(options_of(cmd)).positional(files).style(style).run(),
              vm);
    po::notify(vm);
  } catch (const po::unknown_option& e) {
    throw Usage{"unknown option '" + e.get_option_name() + "'"};
  } catch (const po::invalid_command_line_syntax& e) {
    if (e.kind() == po::invalid_syntax::missing_parameter)
      throw Usage{missing_value_message(e.get_option_name().substr(e.get_option_name().find_first_not_of('-')))};
    throw Usage{e.what()};
  } catch (const po::error& e) {
    throw Usage{e.what()};
  }
  return vm;
}

int dispatch(const std::string& cmd, const std::vector<std::string>& rest, std::ostream& out) {
  const po::variables_map vm = parse(cmd, rest);
  const std::vector<std::string> pos =
      vm.count("files") ? vm["files"].as<std::vector<std::string>>() : std::vector<std::string>{};
  uint32_t first = 0, last = 0;
  const bool has_range = vm.count("frames") > 0;
  if (has_range && !parse_range(vm["frames"].as<std::string>(), first, last))
    throw Usage{"--frames '" + vm["frames"].as<std::string>() +
                "': expected A:B with A <= B, e.g. 0:3"};
  std::vector<cfg::Override> sets;
  if (vm.count("set"))
    for (const std::string& s : vm["set"].as<std::vector<std::string>>())
      sets.push_back(cfg::parse_override(s, "--set #" + std::to_string(sets.size() + 1)));
  const std::string config = vm.count("config") ? vm["config"].as<std::string>() : "";
  std::size_t want = cmd == "convert" ? 2 : 1;
  if (pos.size() != want)
    throw Usage{"expected " + std::string(want == 2 ? "IN and OUT" : "one FILE") + ", got " +
                std::to_string(pos.size()) + " arguments"};
  if (cmd == "info") trace_info(pos[0], out);
  if (cmd == "dump") trace_dump(pos[0], vm.count("full") > 0, out);
  if (cmd == "validate")
    trace_validate(pos[0], out, trace::load_limits(config, sets, {cfg::executable_preset_dir()}));
  if (cmd == "convert") trace_convert(pos[0], pos[1], has_range, first, last, out);
  return kOk;
}

}  // namespace

int run_trace_tool(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    err << kGeneralHelp;
    return kUsage;
  }
  const std::string& cmd = args[0];
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    out << kGeneralHelp;
    return kOk;
  }
  const char* help = help_for(cmd);
  if (!help) {
    err << "gfxsim-trace: unknown command '" << cmd << "' (try gfxsim-trace --help)\n";
    return kUsage;
  }
  std::vector<std::string> rest(args.begin() + 1, args.end());
  for (const auto& a : rest)
    if (a == "--help" || a == "-h") {
      out << help;
      return kOk;
    }
  try {
    return dispatch(cmd, rest, out);
  } catch (const Usage& u) {
    err << "gfxsim-trace " << cmd << ": " << u.message << " (try gfxsim-trace " << cmd
        << " --help)\n";
    return kUsage;
  } catch (const Error& e) {
    err << "gfxsim-trace: " << e.what() << "\n";
    return kBadInput;
  }
}

}  // namespace gfx::tools
