// gfxsim-shader: hand-parsed arguments (three commands, two options) around the d3d9
// library's assembler, decoder and disassembler.
#include "d3d9/cli/shader_tool.h"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "common/error.h"
#include "d3d9/assembler.h"
#include "d3d9/cli/dxbc_tool.h"
#include "d3d9/decoder.h"
#include "d3d9/disassembler.h"
#include "d3d9/encode.h"

namespace gfx::d3d9::tool {
namespace {

constexpr int kOk = 0, kBadInput = 1, kUsage = 2;

const char* const kHelp =
    "usage: gfxsim-shader <command> FILE [options]\n"
    "\n"
    "Assemble, disassemble and check D3D9 shaders (vs_1_1, vs_2_0, vs_2_x, vs_3_0,\n"
    "ps_1_1 .. ps_1_4, ps_2_0, ps_2_x, ps_3_0). See docs/shader-asm.md for the syntax.\n"
    "\n"
    "commands:\n"
    "  asm FILE.asm [-o OUT.bin]   assemble; without -o print the tokens in hex\n"
    "  disasm FILE                 FILE is bytecode or a text list of hex tokens\n"
    "  check FILE                  decode and validate bytecode, hex tokens or asm\n"
    "  dxbc-disasm FILE            a D3D10 DXBC container (binary or hex dwords): signatures\n"
    "                              and SM4 program (docs/shader-sm4.md)\n"
    "  dxbc-asm FILE.asm [-o OUT]  SM4 assembly -> DXBC container; without -o hex dwords\n"
    "\n"
    "options:\n"
    "  --strict   reject the gfxsim extensions (dcl_vertexid, dcl_instanceid, vPrimID)\n"
    "\n"
    "Exit codes: 0 ok, 1 bad input, 2 usage.\n";

struct Usage {
  std::string message;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ": cannot open");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const std::string& path, const std::vector<uint32_t>& tokens) {
  std::string bytes;
  for (uint32_t t : tokens)
    for (int b = 0; b < 4; ++b) bytes += static_cast<char>((t >> (8 * b)) & 0xFF);
  std::ofstream out(path, std::ios::binary);
  if (!out || !out.write(bytes.data(), static_cast<std::streamsize>(bytes.size())))
    throw Error(path + ": cannot write");
}

// Whitespace- or comma-separated hex words, each at most 8 digits, optional 0x.
bool parse_hex_words(const std::string& text, std::vector<uint32_t>* out) {
  std::size_t i = 0, words = 0;
  while (i < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (std::isspace(c) || c == ',') {
      ++i;
      continue;
    }
    if (c == '0' && i + 1 < text.size() && (text[i + 1] | 0x20) == 'x') i += 2;
    std::size_t j = i;
    uint32_t v = 0;
    while (j < text.size() && std::isxdigit(static_cast<unsigned char>(text[j]))) {
      const char d = text[j];
      v = v << 4 | static_cast<uint32_t>(std::isdigit(static_cast<unsigned char>(d))
                                             ? d - '0'
                                             : (d | 0x20) - 'a' + 10);
      ++j;
    }
    const bool sep_next =
        j == text.size() || std::isspace(static_cast<unsigned char>(text[j])) || text[j] == ',';
    if (j == i || j - i > 8 || !sep_next) return false;
    if (out) out->push_back(v);
    ++words;
    i = j;
  }
  return words > 0;
}

Shader load(const std::string& path, bool strict, bool allow_asm) {
  const std::string content = read_file(path);
  DecodeOptions dopts;
  dopts.allow_gfxsim_extensions = !strict;
  dopts.source_name = path;
  if (classify(content) == FileKind::Asm) {
    if (!allow_asm) throw Error(path + ": neither D3D9 bytecode nor a list of hex tokens");
    AsmOptions aopts;
    aopts.file = path;
    aopts.allow_gfxsim_extensions = !strict;
    return decode(assemble(content, aopts), dopts);
  }
  return decode(tokens_from(content, path), dopts);
}

void cmd_asm(const std::string& in, const std::string& out_path, bool strict, std::ostream& out) {
  AsmOptions opts;
  opts.file = in;
  opts.allow_gfxsim_extensions = !strict;
  const std::vector<uint32_t> tokens = assemble(read_file(in), opts);
  if (out_path.empty()) {
    out << hex_lines(tokens);
    return;
  }
  write_file(out_path, tokens);
  out << out_path << ": " << tokens.size() << " tokens\n";
}

void cmd_check(const std::string& in, bool strict, std::ostream& out) {
  const Shader sh = load(in, strict, true);
  out << in << ": ok, " << sh.version.name() << ", " << sh.instructions.size() << " instructions, "
      << encode(sh).size() << " tokens";
  if (!sh.comments.empty())
    out << ", " << sh.comments.size() << " comment block" << (sh.comments.size() == 1 ? "" : "s");
  if (sh.constant_table)
    out << ", constant table with " << sh.constant_table->constants.size() << " constants";
  out << "\n";
}

int dispatch(const std::string& cmd, const std::vector<std::string>& rest, std::ostream& out) {
  std::vector<std::string> pos;
  std::string out_path;
  bool strict = false;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    const std::string& a = rest[i];
    if (a == "--strict") {
      strict = true;
    } else if (a == "-o" && cmd == "asm") {
      if (i + 1 >= rest.size()) throw Usage{"-o needs a file name"};
      out_path = rest[++i];
    } else if (a.size() > 1 && a[0] == '-') {
      throw Usage{"unknown option '" + a + "'"};
    } else {
      pos.push_back(a);
    }
  }
  if (pos.size() != 1)
    throw Usage{"expected one FILE, got " + std::to_string(pos.size()) + " arguments"};
  if (cmd == "asm") cmd_asm(pos[0], out_path, strict, out);
  if (cmd == "disasm") out << disassemble(load(pos[0], strict, false));
  if (cmd == "check") cmd_check(pos[0], strict, out);
  return kOk;
}

}  // namespace

FileKind classify(const std::string& content) {
  if (content.size() >= 4 && content.size() % 4 == 0) {
    const auto hi =
        static_cast<unsigned char>(content[3]) << 8 | static_cast<unsigned char>(content[2]);
    if (hi == 0xFFFE || hi == 0xFFFF) return FileKind::Bytecode;
  }
  return parse_hex_words(content, nullptr) ? FileKind::HexText : FileKind::Asm;
}

std::vector<uint32_t> tokens_from(const std::string& content, const std::string& file) {
  std::vector<uint32_t> tokens;
  switch (classify(content)) {
    case FileKind::Bytecode:
      for (std::size_t i = 0; i + 3 < content.size(); i += 4) {
        uint32_t t = 0;
        for (int b = 3; b >= 0; --b) t = t << 8 | static_cast<unsigned char>(content[i + b]);
        tokens.push_back(t);
      }
      return tokens;
    case FileKind::HexText: parse_hex_words(content, &tokens); return tokens;
    case FileKind::Asm: break;
  }
  throw Error(file + ": neither D3D9 bytecode nor a list of hex tokens");
}

std::string hex_lines(const std::vector<uint32_t>& tokens) {
  std::string s;
  char buf[12];
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%08X", tokens[i]);
    s += buf;
    s += (i % 8 == 7 || i + 1 == tokens.size()) ? '\n' : ' ';
  }
  return s;
}

int run_shader_tool(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    err << kHelp;
    return kUsage;
  }
  const std::string& cmd = args[0];
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    out << kHelp;
    return kOk;
  }
  if (cmd != "asm" && cmd != "disasm" && cmd != "check" && !is_dxbc_command(cmd)) {
    err << "gfxsim-shader: unknown command '" << cmd << "' (try gfxsim-shader --help)\n";
    return kUsage;
  }
  try {
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (is_dxbc_command(cmd)) return run_dxbc_command(cmd, rest, out, err);
    return dispatch(cmd, rest, out);
  } catch (const Usage& u) {
    err << "gfxsim-shader " << cmd << ": " << u.message << "\n";
    return kUsage;
  } catch (const Error& e) {
    err << e.what() << "\n";
    return kBadInput;
  }
}

}  // namespace gfx::d3d9::tool
