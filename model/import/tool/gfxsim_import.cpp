// gfxsim-import: converts recorded API captures to gfxsim traces (see import_cli.h).
#include <iostream>

#include "import/import_cli.h"

int main(int argc, char** argv) {
  return gfx::import::run_import_tool(std::vector<std::string>(argv + 1, argv + argc), std::cout,
                                      std::cerr);
}
