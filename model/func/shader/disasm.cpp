// Disassembler of the ISA (see disasm.h for the syntax).
#include "func/shader/disasm.h"

#include <cstdio>

#include "func/shader/op_info.h"

namespace gfx::func {
namespace {

const char kChannel[] = "xyzw";

const char* file_prefix(RegFile f) {
  switch (f) {
    case RegFile::Temp: return "r";
    case RegFile::Input: return "v";
    case RegFile::Const: return "c";
    case RegFile::Output: return "o";
  }
  return "?";
}

std::string reg_name(RegFile f, unsigned index) {
  return file_prefix(f) + std::to_string(index);
}

std::string dst_text(const Dst& d) {
  std::string s = reg_name(d.file, d.index);
  if ((d.mask & 0xF) == 0xF) return s;
  s += '.';
  if ((d.mask & 0xF) == 0) return s + '-';  // writes nothing
  for (int c = 0; c < 4; ++c)
    if (d.mask & (1u << c)) s += kChannel[c];
  return s;
}

std::string src_text(const Src& src) {
  std::string s = src.negate ? "-" : "";
  s += reg_name(src.file, src.index);
  if (src.abs) s += "_abs";
  if (src.swz == kSwizzleIdentity) return s;
  int sel[4];
  for (int c = 0; c < 4; ++c) sel[c] = (src.swz >> (2 * c)) & 3;
  s += '.';
  if (sel[0] == sel[1] && sel[1] == sel[2] && sel[2] == sel[3]) return s + kChannel[sel[0]];
  for (int c = 0; c < 4; ++c) s += kChannel[sel[c]];
  return s;
}

const char* varying_name(Varying v) {
  static const char* const kNames[kNumVaryings] = {
      "color0",    "color1",    "texcoord0", "texcoord1", "texcoord2", "texcoord3",
      "texcoord4", "texcoord5", "texcoord6", "texcoord7", "fog",       "psize"};
  const unsigned i = unsigned(v);
  return i < unsigned(kNumVaryings) ? kNames[i] : "?";
}

std::string number(float f) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", double(f));
  return buf;
}

}  // namespace

std::string disassemble(const Instr& in) {
  std::string s = op_name(in.op);
  const int n = op_num_sources(in.op);
  if (n == 0) return s;
  if (in.dst.saturate) s += "_sat";
  s += ' ';
  s += dst_text(in.dst);
  for (int i = 0; i < n; ++i) s += ", " + src_text(in.src[i]);
  if (in.op == Op::Tex) s += ", s" + std::to_string(in.sampler);
  return s;
}

std::string disassemble(const Program& p) {
  const bool vs = p.stage == api::ShaderStage::Vertex;
  std::string s = "; " + (p.name.empty() ? std::string("program") : p.name) +
                  (vs ? " (vertex)" : " (pixel)") + " temps " + std::to_string(p.num_temps) +
                  ", inputs " + std::to_string(p.num_inputs) + ", outputs " +
                  std::to_string(p.num_outputs) + "\n";
  for (const auto& [reg, v] : p.literal_constants) {
    s += "def c" + std::to_string(reg) + ", " + number(v.x) + ", " + number(v.y) + ", " +
         number(v.z) + ", " + number(v.w) + "\n";
  }
  for (const InputBinding& b : p.inputs) {
    s += "dcl_" + std::string(api::to_name(b.usage)) + std::to_string(b.usage_index) + " v" +
         std::to_string(b.reg) + "\n";
  }
  for (const PixelInputBinding& b : p.pixel_inputs)
    s += std::string("dcl_") + varying_name(b.varying) + " v" + std::to_string(b.reg) + "\n";
  if (vs) s += "dcl_position o0\n";
  for (const OutputBinding& b : p.outputs)
    s += std::string("dcl_") + varying_name(b.varying) + " o" + std::to_string(b.reg) + "\n";
  for (const Instr& in : p.code) s += disassemble(in) + "\n";
  return s;
}

}  // namespace gfx::func
