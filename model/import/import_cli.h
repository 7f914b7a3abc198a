// The gfxsim-import command line (see usage()): the logic lives here, in gfx_import, so
// that tests call it without spawning a process; tool/gfxsim_import.cpp is its main().
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace gfx::import {

// Exit status: 0 success, 1 bad input (message on err), 2 usage error.
int run_import_tool(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace gfx::import
