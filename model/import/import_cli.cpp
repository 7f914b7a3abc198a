#include "import/import_cli.h"

#include <cstdlib>

#include "common/error.h"
#include "import/import_gli.h"
#include "import/import_pix.h"
#include "trace/reader.h"

namespace gfx::import {

namespace {

const char* usage() {
  return "usage: gfxsim-import gli|pix CAPTURE -o TRACE [options]\n"
         "  gli CAPTURE             a GLInterceptor text capture (.txt or .txt.gz)\n"
         "  pix CAPTURE             a PIX run file of a Direct3D 9 program (.PIXRun)\n"
         "  -o, --out TRACE         the gfxsim trace to write (.gfxt binary, .yaml text)\n"
         "      --skip-unknown      skip calls the importer cannot translate, counting them\n"
         "                          (listed on stderr at the end) instead of stopping\n"
         "      --start-frame N     write frames from N on (0-based; earlier frames only\n"
         "                          set state), as ATTILA's regression start frame\n"
         "      --frames N          write at most N frames (default: all)\n"
         "Exit status: 0 success, 1 bad input, 2 usage error.\n";
}

bool parse_count(const std::string& s, uint32_t& v) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos || s.size() > 9)
    return false;
  v = static_cast<uint32_t>(std::strtoul(s.c_str(), nullptr, 10));
  return true;
}

}  // namespace

int run_import_tool(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    out << usage();
    return 0;
  }
  if (args.empty() || (args[0] != "gli" && args[0] != "pix")) {
    err << "gfxsim-import: the first argument must be the capture format (gli or pix)\n" << usage();
    return 2;
  }
  std::string in, path;
  TranslateOptions options;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](uint32_t& v) {
      if (i + 1 >= args.size() || !parse_count(args[i + 1], v)) return false;
      ++i;
      return true;
    };
    if ((a == "-o" || a == "--out") && i + 1 < args.size()) {
      path = args[++i];
    } else if (a == "--skip-unknown") {
      options.skip_unknown = true;
    } else if (a == "--start-frame") {
      if (!value(options.frames.start_frame)) {
        err << "gfxsim-import: --start-frame needs a frame number\n";
        return 2;
      }
    } else if (a == "--frames") {
      if (!value(options.frames.frame_count) || options.frames.frame_count == 0) {
        err << "gfxsim-import: --frames needs a positive count\n";
        return 2;
      }
    } else if (!a.empty() && a[0] == '-') {
      err << "gfxsim-import: unknown option " << a << "\n" << usage();
      return 2;
    } else if (in.empty()) {
      in = a;
    } else {
      err << "gfxsim-import: more than one capture given (" << in << ", " << a << ")\n";
      return 2;
    }
  }
  if (in.empty() || path.empty()) {
    err << "gfxsim-import: a capture and -o TRACE are needed\n" << usage();
    return 2;
  }
  try {
    const trace::Form form = trace::form_for_path(path);
    ImportReport r = args[0] == "pix" ? import_pix_file(in, path, options, form)
                                      : import_gli_file(in, path, options, form);
    out << path << ": " << r.width << "x" << r.height << ", " << r.frames << " frames, " << r.draws
        << " draws from " << r.calls << " calls\n";
    if (!r.skipped.empty()) {
      uint32_t total = 0;
      for (const auto& [name, n] : r.skipped) total += n;
      err << "gfxsim-import: skipped " << total << " calls it cannot translate:\n";
      for (const auto& [name, n] : r.skipped) err << "  " << name << " x" << n << "\n";
    }
  } catch (const Error& e) {
    err << "gfxsim-import: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace gfx::import
