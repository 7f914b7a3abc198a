// gfxsim-shader's DXBC commands (Direct3D 10 shader model 4), kept apart from the D3D9
// ones: `dxbc-disasm FILE` prints the signatures and the program of a DXBC container
// (binary, or text hex dwords with '#' comment lines), `dxbc-asm FILE.asm [-o OUT]` wraps
// SM4 assembly in a container with derived signatures and a correct checksum (hex dwords
// without -o). Same exit codes as the rest of the tool: 0 ok, 1 bad input, 2 usage.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace gfx::d3d9::tool {

bool is_dxbc_command(const std::string& cmd);
// `args` without the command; throws gfx::Error for bad input, returns 2 on usage errors.
int run_dxbc_command(const std::string& cmd, const std::vector<std::string>& args,
                     std::ostream& out, std::ostream& err);

}  // namespace gfx::d3d9::tool
