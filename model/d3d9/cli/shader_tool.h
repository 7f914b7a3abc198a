// gfxsim-shader, as a function: the executable is a one-line main() around it and the
// tests call it with their own streams. Exit codes: 0 ok, 1 bad input (one line on
// `err`), 2 usage.
//
//   gfxsim-shader asm FILE.asm [-o OUT.bin]   assemble; without -o print hex tokens
//   gfxsim-shader disasm FILE                 FILE: bytecode or a text list of hex tokens
//   gfxsim-shader check FILE                  bytecode, hex tokens or asm; one-line summary
//   --strict (any command) rejects the gfxsim extensions (dcl_vertexid, vPrimID, ...).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace gfx::d3d9::tool {

int run_shader_tool(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// The forms a shader file may take, told apart by content: little-endian bytecode (first
// DWORD a vs/ps version token), a text list of hex DWORDs ("FFFE0300 0200001F ..."; 0x
// prefixes and commas allowed), or anything else, which is assembly text.
enum class FileKind { Bytecode, HexText, Asm };
FileKind classify(const std::string& content);
// Bytecode or hex text -> tokens; throws gfx::Error naming `file` otherwise.
std::vector<uint32_t> tokens_from(const std::string& content, const std::string& file);
// Eight upper-case hex tokens per line, the form tokens_from() reads back.
std::string hex_lines(const std::vector<uint32_t>& tokens);

}  // namespace gfx::d3d9::tool
