// D3D9 shader bytecode -> Shader, with full validation for the version it declares.
//
// Every problem is a gfx::Error naming the DWORD index of the offending token and the
// reason: "token 14: texldl is not available in ps_2_0", "token 3: instruction length 5
// runs past the end of the shader", "token 9: register r12 is out of range in vs_2_0
// (r0-r11)". The rules are those of validate.h; the decoder adds the token-level ones
// (version token, lengths, reserved bits, comment and end tokens, the CTAB layout).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "d3d9/shader.h"

namespace gfx::d3d9 {

struct DecodeOptions {
  // dcl_vertexid / dcl_instanceid (usages 14, 15) and vPrimID (misc register 2).
  bool allow_gfxsim_extensions = true;
  std::string source_name;  // when set, messages start with "<source_name>: "
};

Shader decode(const uint32_t* tokens, std::size_t count, const DecodeOptions& opts = {});
Shader decode(const std::vector<uint32_t>& tokens, const DecodeOptions& opts = {});
// Little-endian bytes, as shader files and D3D9 CreateVertexShader blobs hold them.
Shader decode_bytes(const uint8_t* bytes, std::size_t size, const DecodeOptions& opts = {});

// The constant table of a 'CTAB' comment block (data[0] is the FourCC). Returns false and
// sets `error` when the layout is malformed (offsets past the block, unterminated names).
bool parse_constant_table(const std::vector<uint32_t>& data, ConstantTable& table,
                          std::string& error);

}  // namespace gfx::d3d9
