#include "d3d9/cli/dxbc_tool.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "common/error.h"
#include "d3d10/assembler.h"
#include "d3d10/container.h"
#include "d3d10/disassembler.h"
#include "d3d10/encode.h"

namespace gfx::d3d9::tool {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ": cannot open");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Binary containers start with "DXBC"; anything else is read as hex dwords, one or more
// per line, '#' lines and commas ignored (the form of tests/d3d10/data).
std::vector<uint32_t> container_dwords(const std::string& content, const std::string& path) {
  std::vector<uint32_t> dw;
  if (content.compare(0, 4, "DXBC") == 0) {
    if (content.size() % 4) throw Error(path + ": DXBC file size is not a whole number of dwords");
    for (std::size_t i = 0; i < content.size(); i += 4) {
      uint32_t v = 0;
      for (int b = 3; b >= 0; --b) v = v << 8 | static_cast<unsigned char>(content[i + b]);
      dw.push_back(v);
    }
    return dw;
  }
  std::istringstream lines(content);
  int line_no = 0;
  for (std::string line; std::getline(lines, line);) {
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    for (char& c : line)
      if (c == ',') c = ' ';
    std::istringstream words(line);
    for (std::string w; words >> w;) {
      char* end = nullptr;
      const unsigned long v = std::strtoul(w.c_str(), &end, 16);
      if (*end || w.size() > 10 || v > 0xFFFFFFFFul)
        throw Error(located(path, line_no, 0, "'" + w + "' is not a hex dword"));
      dw.push_back(static_cast<uint32_t>(v));
    }
  }
  return dw;
}

void print_signature(const char* title, const d3d10::Signature& sig, std::ostream& out) {
  out << "// " << title << ":";
  if (sig.empty()) out << " none";
  out << "\n";
  for (const auto& e : sig) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "//   %s%u  reg %u  mask 0x%X  rw 0x%X  sv %u  type %u\n",
                  e.semantic.c_str(), e.semantic_index, e.reg, e.mask, e.rw_mask, e.system_value,
                  static_cast<unsigned>(e.component_type));
    out << buf;
  }
}

}  // namespace

bool is_dxbc_command(const std::string& cmd) { return cmd == "dxbc-asm" || cmd == "dxbc-disasm"; }

int run_dxbc_command(const std::string& cmd, const std::vector<std::string>& args,
                     std::ostream& out, std::ostream& err) {
  std::string in, out_path;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "-o" && cmd == "dxbc-asm" && i + 1 < args.size()) {
      out_path = args[++i];
    } else if (in.empty() && args[i][0] != '-') {
      in = args[i];
    } else {
      err << "gfxsim-shader " << cmd << ": unexpected argument '" << args[i] << "'\n";
      return 2;
    }
  }
  if (in.empty()) {
    err << "gfxsim-shader " << cmd << ": expected one FILE\n";
    return 2;
  }
  if (cmd == "dxbc-disasm") {
    const d3d10::Shader sh = d3d10::read_container(container_dwords(slurp(in), in), {in});
    print_signature("inputs", sh.inputs, out);
    print_signature("outputs", sh.outputs, out);
    out << d3d10::disassemble(sh.program);
    return 0;
  }
  d3d10::AsmOptions opts;
  opts.file = in;
  const std::vector<uint32_t> dw = d3d10::build_container(d3d10::parse_asm(slurp(in), opts));
  if (out_path.empty()) {
    char buf[16];
    for (std::size_t i = 0; i < dw.size(); ++i) {
      std::snprintf(buf, sizeof buf, "%08x", dw[i]);
      out << buf << (i % 8 == 7 || i + 1 == dw.size() ? "\n" : " ");
    }
    return 0;
  }
  std::ofstream f(out_path, std::ios::binary);
  for (uint32_t v : dw)
    for (int b = 0; b < 4; ++b) f.put(static_cast<char>(v >> (8 * b)));
  if (!f) throw Error(out_path + ": cannot write");
  out << out_path << ": " << dw.size() * 4 << " bytes\n";
  return 0;
}

}  // namespace gfx::d3d9::tool
