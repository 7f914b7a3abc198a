// gfxsim-tracegen OUTDIR: writes the bundled traces (see tracegen_traces.h) into OUTDIR.
#include <iostream>
#include <string>

#include "common/error.h"
#include "tools/tracegen_traces.h"

int main(int argc, char** argv) {
  std::string arg = argc == 2 ? argv[1] : "";
  if (arg == "--help" || arg == "-h") {
    std::cout << "usage: gfxsim-tracegen OUTDIR\n\nWrites the bundled traces";
    for (const auto& n : gfx::tracegen::bundled_trace_names()) std::cout << " " << n;
    std::cout << " into OUTDIR\n(normally traces/). The output is the same bytes on every run.\n";
    return 0;
  }
  if (argc != 2 || arg.empty() || arg[0] == '-') {
    std::cerr << "usage: gfxsim-tracegen OUTDIR (try --help)\n";
    return 2;
  }
  try {
    gfx::tracegen::generate_traces(arg);
  } catch (const gfx::Error& e) {
    std::cerr << "gfxsim-tracegen: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
