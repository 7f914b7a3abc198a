// DXBC container -> Shader: header, chunk table, and the chunks gfxsim understands
// (RDEF, ISGN, OSGN, SHDR / SHEX, STAT). Other chunks are kept raw in Shader::chunks.
//
// Checks: the 'DXBC' magic, version 1, the total size against the bytes given, every
// chunk offset and size inside the container, the checksum (checksum.h), and then the
// program itself (decoder.h, validate.h). Every problem is a gfx::Error of the form
// "<name>: <chunk> dword <n>: <problem>" (errors.h), e.g.
// "vs_quad: DXBC dword 1: checksum mismatch: computed 0x... , the header has 0x...".
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "d3d10/shader.h"

namespace gfx::d3d10 {

struct ReadOptions {
  std::string name;             // names the shader in error messages
  bool verify_checksum = true;  // off only for hand-built containers
  bool validate = true;         // run validate.h on the program
};

constexpr uint32_t kDxbcMagic = 0x43425844;  // "DXBC"

Shader read_container(const uint8_t* bytes, std::size_t size, const ReadOptions& opts = {});
Shader read_container(const std::vector<uint32_t>& dwords, const ReadOptions& opts = {});

// One chunk's payload; `shader` names it in errors.
Signature parse_signature(const Chunk& chunk, const std::string& shader);
Reflection parse_reflection(const Chunk& chunk, const std::string& shader);

}  // namespace gfx::d3d10
