// Block structure of a whole program: every if/ifc has its endif (and at most one else),
// loop its endloop, rep its endrep; break/breakc/breakp sit inside a loop or rep; a label
// starts a subroutine outside every block, each label number once; call/callnz name a
// label that exists. Nesting depth limits are not checked.
#include <string>
#include <vector>

#include "d3d9/opcodes.h"
#include "d3d9/validate.h"
#include "d3d9/validate_ps1.h"

namespace gfx::d3d9 {
namespace {

struct Open {
  Opcode op;       // If/IfC, Loop or Rep
  std::size_t at;  // instruction index, for "has no endif"
  bool seen_else = false;
};

const char* closer_of(Opcode op) {
  if (op == Opcode::Loop) return "endloop";
  if (op == Opcode::Rep) return "endrep";
  return "endif";
}

std::string opener_name(const std::vector<Instruction>& code, const Open& o) {
  return mnemonic(code[o.at].op, code[o.at].control);
}

bool is_if(Opcode op) { return op == Opcode::If || op == Opcode::IfC; }

std::optional<StructureProblem> fail(std::size_t at, std::string message) {
  return StructureProblem{at, std::move(message)};
}

}  // namespace

std::optional<StructureProblem> check_structure(const Shader& shader) {
  const auto& code = shader.instructions;
  std::vector<Open> open;
  std::vector<bool> label_defined(2048, false);
  int loops = 0;  // loop and rep blocks currently open
  for (std::size_t i = 0; i < code.size(); ++i) {
    const Instruction& ins = code[i];
    const std::string name = mnemonic(ins.op, ins.control);
    switch (ins.op) {
      case Opcode::If:
      case Opcode::IfC: open.push_back({ins.op, i}); break;
      case Opcode::Loop:
      case Opcode::Rep:
        open.push_back({ins.op, i});
        ++loops;
        break;
      case Opcode::Else:
        if (open.empty() || !is_if(open.back().op)) return fail(i, "else without a matching if");
        if (open.back().seen_else) return fail(i, "second else in one if block");
        open.back().seen_else = true;
        break;
      case Opcode::EndIf:
      case Opcode::EndLoop:
      case Opcode::EndRep: {
        const bool match = !open.empty() && std::string(closer_of(open.back().op)) == name &&
                           (ins.op != Opcode::EndIf || is_if(open.back().op));
        if (!match) {
          if (open.empty()) return fail(i, name + " without a matching block");
          return fail(i, name + " closes " + opener_name(code, open.back()) + ", which needs " +
                             closer_of(open.back().op));
        }
        if (ins.op != Opcode::EndIf) --loops;
        open.pop_back();
        break;
      }
      case Opcode::Break:
      case Opcode::BreakC:
      case Opcode::BreakP:
        if (loops == 0) return fail(i, name + " outside a loop or rep block");
        break;
      case Opcode::Label: {
        if (!open.empty())
          return fail(i, "label inside an open " + opener_name(code, open.back()) + " block");
        const uint16_t n = ins.src[0].number;
        if (n < label_defined.size()) {
          if (label_defined[n]) return fail(i, "label l" + std::to_string(n) + " defined twice");
          label_defined[n] = true;
        }
        break;
      }
      default: break;
    }
  }
  if (shader.version.is_ps() && shader.version.major == 1)
    if (auto p = detail::check_ps1_program(shader)) return p;
  if (!open.empty()) {
    const Open& o = open.back();
    return fail(
        o.at, mnemonic(code[o.at].op, code[o.at].control) + " has no matching " + closer_of(o.op));
  }
  for (std::size_t i = 0; i < code.size(); ++i) {
    const Instruction& ins = code[i];
    if (ins.op != Opcode::Call && ins.op != Opcode::CallNz) continue;
    const uint16_t n = ins.src[0].number;
    if (n >= label_defined.size() || !label_defined[n])
      return fail(
          i, mnemonic(ins.op, 0) + " names l" + std::to_string(n) + ", which no label defines");
  }
  return std::nullopt;
}

}  // namespace gfx::d3d9
