// SM4 assembly text (the syntax disassemble() writes, docs/shader-sm4.md) -> Program or
// SHDR tokens. Errors are gfx::Error "file:line:column: message", e.g.
// "quad.asm:4:9: unknown register 'q0'".
// Left out: fxc's multi-line immediate constant buffers (one line here), #line and
// the listing header comments fxc prints (comments start with // or #).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "d3d10/shader.h"

namespace gfx::d3d10 {

struct AsmOptions {
  std::string file = "<asm>";  // names the text in error messages
};

Program parse_asm(std::string_view text, const AsmOptions& opts = {});
std::vector<uint32_t> assemble(std::string_view text, const AsmOptions& opts = {});

}  // namespace gfx::d3d10
