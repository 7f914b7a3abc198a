// gfxsim-trace: info, dump, validate and convert for gfxsim traces (see trace_tool_cli.h).
#include <iostream>

#include "tools/trace_tool_cli.h"

int main(int argc, char** argv) {
  return gfx::tools::run_trace_tool(std::vector<std::string>(argv + 1, argv + argc), std::cout,
                                    std::cerr);
}
