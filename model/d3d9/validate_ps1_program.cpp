// Program-wide rules of ps_1_x (D3D9 asm reference: "ps_1_x instructions", "instruction
// slots", "texture addressing instructions", "phase", "co-issue"):
//  * instruction slots: ps_1_1..1_3 hold 4 texture + 8 arithmetic instructions, ps_1_4 6 + 8
//    per phase; gfxsim counts a co-issued pair as one arithmetic slot (the pair shares one);
//  * texture instructions come before arithmetic (in each phase of ps_1_4);
//  * ps_1_1..1_3: each t# is written by one texture instruction; the t# a texture instruction
//    reads must be written by an earlier one; arithmetic reads only t# that were written;
//    texm3x2pad is followed by texm3x2tex/texm3x2depth, two texm3x3pad by texm3x3tex/spec/
//    vspec/texm3x3, each on the next register and reading the same t#;
//  * ps_1_4: at most one phase; texld reads r# only after it, v0/v1 are read only after it
//    (when there is one); bem only before it; texdepth only after it (or without one);
//  * co-issue: `+op` follows an arithmetic instruction that is not itself co-issued, and of
//    the two one writes only .a and the other only colour channels.
#include <string>

#include "d3d9/opcodes.h"
#include "d3d9/registers.h"
#include "d3d9/validate_ps1.h"

namespace gfx::d3d9::detail {
namespace {

std::optional<StructureProblem> fail(std::size_t at, std::string message) {
  return StructureProblem{at, std::move(message)};
}

bool is_arith(Opcode op) {
  return !is_ps1_texture_op(op) && op != Opcode::Def && op != Opcode::Phase && op != Opcode::Nop;
}

// The second instruction of a texm3x2 / texm3x3 sequence, and the last.
bool m3x2_last(Opcode op) { return op == Opcode::TexM3x2Tex || op == Opcode::TexM3x2Depth; }
bool m3x3_last(Opcode op) {
  return op == Opcode::TexM3x3Tex || op == Opcode::TexM3x3Spec || op == Opcode::TexM3x3VSpec ||
         op == Opcode::TexM3x3;
}

// ps_1_1..1_3 texture-register bookkeeping and the matrix sequences.
std::optional<StructureProblem> check_texture_regs(const Shader& sh) {
  const Version& v = sh.version;
  const auto& code = sh.instructions;
  bool written[8] = {};
  int pads = 0;       // texm3x2pad / texm3x3pad seen in the open sequence
  Opcode pad_kind{};  // TexM3x2Pad or TexM3x3Pad
  uint16_t pad_src = 0, next_dst = 0;
  for (std::size_t i = 0; i < code.size(); ++i) {
    const Instruction& ins = code[i];
    const std::string name = mnemonic(v, ins.op, ins.control);
    const bool texture = is_ps1_texture_op(ins.op);
    if (texture) {
      for (int s = 0; s < ins.num_src; ++s) {
        const SrcParam& p = ins.src[static_cast<size_t>(s)];
        if (p.type != kTexture) continue;
        if (p.number >= ins.dst.number || !written[p.number])
          return fail(i, name + " reads t" + std::to_string(p.number) +
                             ", which no earlier texture instruction writes");
      }
      const bool open = pads > 0;
      const bool is_pad = ins.op == Opcode::TexM3x2Pad || ins.op == Opcode::TexM3x3Pad;
      const bool is_last = m3x2_last(ins.op) || m3x3_last(ins.op);
      const auto same_sequence = [&]() -> std::optional<StructureProblem> {
        if (ins.dst.number != next_dst || ins.src[0].number != pad_src)
          return fail(i, name + " must write t" + std::to_string(next_dst) + " and read t" +
                             std::to_string(pad_src) + ", like the texm*pad before it");
        return std::nullopt;
      };
      if (is_pad) {
        if (open && ins.op != pad_kind) return fail(i, name + " interrupts a texm* sequence");
        if (!open) pad_kind = ins.op;
        if (++pads > (ins.op == Opcode::TexM3x2Pad ? 1 : 2))
          return fail(i, "too many " + name + " in one sequence");
        if (pads > 1)
          if (auto p = same_sequence()) return p;
        pad_src = ins.src[0].number;
        next_dst = static_cast<uint16_t>(ins.dst.number + 1);
      } else if (is_last) {
        const bool m3x2 = m3x2_last(ins.op);
        if (!open || pads != (m3x2 ? 1 : 2) || (pad_kind == Opcode::TexM3x2Pad) != m3x2)
          return fail(i, name + " needs " + (m3x2 ? "one texm3x2pad" : "two texm3x3pad") +
                             " right before it");
        if (auto p = same_sequence()) return p;
        pads = 0;
      } else if (open) {
        return fail(i, name + " interrupts a texm* sequence");
      }
      if (ins.op != Opcode::TexKill) {
        if (written[ins.dst.number])
          return fail(i, "t" + std::to_string(ins.dst.number) +
                             " is written by a second texture instruction");
        written[ins.dst.number] = true;
      }
      continue;
    }
    if (pads > 0) return fail(i, name + " interrupts a texm* sequence");
    if (!is_arith(ins.op)) continue;
    for (int s = 0; s < ins.num_src; ++s) {
      const SrcParam& p = ins.src[static_cast<size_t>(s)];
      if (p.type == kTexture && !written[p.number])
        return fail(i, name + " reads t" + std::to_string(p.number) +
                           ", which no texture instruction writes");
    }
  }
  if (pads > 0) return fail(code.size() - 1, "the shader ends inside a texm* sequence");
  return std::nullopt;
}

std::optional<StructureProblem> check_coissue(const Shader& sh) {
  const auto& code = sh.instructions;
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (!code[i].coissue) continue;
    const Instruction& b = code[i];
    std::size_t k = i;  // the instruction it pairs with: the previous one, defs skipped
    while (k > 0 && code[k - 1].op == Opcode::Def) --k;
    if (k == 0 || !is_arith(code[k - 1].op) || code[k - 1].coissue)
      return fail(i,
                  "a co-issued instruction must follow an arithmetic instruction that is not "
                  "co-issued itself");
    const Instruction& a = code[k - 1];
    const bool alpha_a = a.dst.mask == 0x8, alpha_b = b.dst.mask == 0x8;
    const bool colour_a = (a.dst.mask & 0x8) == 0, colour_b = (b.dst.mask & 0x8) == 0;
    if (!((alpha_a && colour_b) || (colour_a && alpha_b)))
      return fail(i,
                  "of a co-issued pair one instruction writes only .a, the other only colour "
                  "channels");
  }
  return std::nullopt;
}

}  // namespace

std::optional<StructureProblem> check_ps1_program(const Shader& sh) {
  const Version& v = sh.version;
  const auto& code = sh.instructions;
  const bool v14 = v.minor >= 4;
  const int max_tex = v14 ? 6 : 4, max_arith = 8;
  bool has_phase = false;
  for (const Instruction& ins : code) has_phase |= ins.op == Opcode::Phase;
  int tex = 0, arith = 0, phase = has_phase ? 1 : 2;
  for (std::size_t i = 0; i < code.size(); ++i) {
    const Instruction& ins = code[i];
    const std::string name = mnemonic(v, ins.op, ins.control);
    if (ins.op == Opcode::Phase) {
      if (phase == 2) return fail(i, "a second phase");
      phase = 2;
      tex = arith = 0;
      continue;
    }
    if (is_ps1_texture_op(ins.op)) {
      if (arith > 0)
        return fail(i, name + " after an arithmetic instruction (texture instructions come first" +
                           std::string(v14 ? " in each phase)" : ")"));
      if (++tex > max_tex)
        return fail(i, "more than " + std::to_string(max_tex) + " texture instructions" +
                           (v14 ? " in one phase" : ""));
    } else if (is_arith(ins.op) && !ins.coissue) {
      if (++arith > max_arith)
        return fail(
            i, "more than 8 arithmetic instructions" + std::string(v14 ? " in one phase" : ""));
    }
    if (!v14) continue;
    if (ins.op == Opcode::Tex && ins.src[0].type == RegType::Temp && phase == 1)
      return fail(i, "texld reads r# only in the second phase");
    if (ins.op == Opcode::Bem && (phase != 1))
      return fail(i, "bem is only available in the first phase");
    if (ins.op == Opcode::TexDepth && phase != 2)
      return fail(i, "texdepth is only available in the second phase");
    for (int s = 0; s < ins.num_src; ++s)
      if (ins.src[static_cast<size_t>(s)].type == RegType::Input && phase == 1)
        return fail(i,
                    name + " reads " +
                        register_name(v, RegType::Input, ins.src[static_cast<size_t>(s)].number) +
                        " in the first phase (colours arrive in the second)");
  }
  if (!v14)
    if (auto p = check_texture_regs(sh)) return p;
  return check_coissue(sh);
}

}  // namespace gfx::d3d9::detail
