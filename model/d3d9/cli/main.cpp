// gfxsim-shader: asm, disasm and check for D3D9 shaders (see shader_tool.h).
#include <iostream>

#include "d3d9/cli/shader_tool.h"

int main(int argc, char** argv) {
  return gfx::d3d9::tool::run_shader_tool(std::vector<std::string>(argv + 1, argv + argc),
                                          std::cout, std::cerr);
}
