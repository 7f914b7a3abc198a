// D3D9 shader assembly text -> Shader / bytecode tokens, in the syntax of the D3D9 asm
// reference (docs/shader-asm.md describes what is accepted, and the gfxsim extensions:
// dcl_vertexid, dcl_instanceid, vPrimID, hexadecimal def values and .comment blocks).
//
// Errors are gfx::Error with "file:line:column: message", e.g.
// "shader.asm:7:12: unknown register 'q3'". The assembled program passes the same
// checks as decode(), so whatever assembles also decodes.
// Left out: the C preprocessor (#define, #include), /* */ comments, ps_1_x and vs_2_sw.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "d3d9/shader.h"

namespace gfx::d3d9 {

struct AsmOptions {
  std::string file = "<asm>";           // names the text in error messages
  bool allow_gfxsim_extensions = true;  // dcl_vertexid / dcl_instanceid / vPrimID
};

// Text -> Shader with instruction offsets filled in as encode() lays them out.
Shader parse_asm(std::string_view text, const AsmOptions& opts = {});

// Text -> tokens: encode(parse_asm(text)).
std::vector<uint32_t> assemble(std::string_view text, const AsmOptions& opts = {});

}  // namespace gfx::d3d9
