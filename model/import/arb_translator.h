// The ARB program translator's internals (arb_program.h is the interface): a one-pass
// parser over the tokens that declares names and emits D3D9 asm lines as it reads each
// instruction. arb_translator.cpp: tokens, statements, declarations and parameters;
// arb_operands.cpp: sources, destinations, attribute and result bindings; arb_state.cpp:
// state.* bindings; arb_instructions.cpp: one sequence per ARB opcode and the epilogue.
#pragma once

#include <array>
#include <initializer_list>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "import/arb_program.h"

namespace gfx::import {

// A D3D9 source operand being built: register text ("r3", "c[a0.x + 20]"), swizzle of four
// letters, negation.
struct ArbSrc {
  std::string reg;
  std::string swizzle = "xyzw";
  bool negate = false;
  bool scalar = false;  // written with one component (".x"): replicated
  std::string text() const { return (negate ? "-" : "") + reg + "." + swizzle; }
  ArbSrc component(int c) const {  // the operand's c-th channel, replicated
    ArbSrc s = *this;
    s.swizzle = std::string(4, swizzle[size_t(c)]);
    return s;
  }
  ArbSrc negated() const {
    ArbSrc s = *this;
    s.negate = !s.negate;
    return s;
  }
};

struct ArbDst {
  std::string reg;  // "r2", "oD0", "oT1", "oFog"
  std::string mask = "xyzw";
  bool saturate = false;
  std::string text() const { return reg + (mask == "xyzw" ? "" : "." + mask); }
};

class ArbTranslator {
 public:
  explicit ArbTranslator(const std::string& text);
  ArbProgram run();

  // Scratch registers for multi-instruction sequences (never visible to the program).
  static constexpr int kPositionTemp = 27, kDepthTemp = 28, kScratch = 29, kUserTemps = 27;

 private:
  struct Symbol {
    enum class Kind { Attrib, Param, Temp, Address, Output } kind;
    std::string reg;               // Attrib/Temp/Output: register; Address: "a0.x"
    uint32_t base = 0, count = 1;  // Param: first constant and size
    bool array = false;
    int line = 0;
  };

  // --- tokens (arb_translator.cpp) ---
  const ArbToken& peek(size_t k = 0) const;
  ArbToken next();
  bool accept(const char* punct);
  void expect(const char* punct);
  std::string identifier(const char* what);
  uint32_t integer(const char* what);
  double number();  // [+-]number
  [[noreturn]] void fail(const std::string& what) const;
  [[noreturn]] void fail_at(int line, const std::string& what) const;

  // --- statements ---
  void statement();
  void declare(const std::string& name, Symbol s);
  void option();
  void decl_attrib();
  void decl_param();
  void decl_output();
  void decl_temp_or_address(bool address);
  void decl_alias();

  // --- operands ---
  ArbSrc source();
  ArbDst destination();
  std::string swizzle_or_mask(bool mask, bool* scalar);
  std::string attribute_binding();  // after "vertex." / "fragment.": the register
  std::string output_binding();     // after "result.": the register
  // One binding of a PARAM list: appends its constants (one per row) to `regs`.
  // In an array (`in_array`) a binding may span rows and gets constants of its own, so
  // that the array stays consecutive; elsewhere equal bindings share one constant.
  void param_item(std::vector<uint32_t>& regs, bool in_array);
  std::array<float, 4> literal_vector();
  uint32_t literal(const std::array<float, 4>& v, bool fresh = false);
  uint32_t bind(ArbConstant c, bool dedupe);
  uint32_t new_constant();
  void local_env(std::vector<uint32_t>& regs, bool in_array);         // after "program"
  void state_binding(std::vector<uint32_t>& regs, bool in_array);     // arb_state.cpp
  void matrix_binding(std::vector<uint32_t>& regs, bool in_array);    // arb_state.cpp
  uint32_t optional_index(uint32_t def);                              // "[n]" or def
  bool next_word_is(std::initializer_list<const char*> words) const;  // "." word follows

  // --- instructions (arb_instructions.cpp) ---
  void instruction(const std::string& opcode, int line);
  void emit(const std::string& line);
  void op(const std::string& name, const ArbDst& d, const std::vector<ArbSrc>& s);
  void move_out(const ArbDst& d, const std::string& scratch_reg);  // mov[_sat] d, scratch
  std::string scratch(int i) const { return "r" + std::to_string(kScratch + i); }
  ArbSrc zero() { return ArbSrc{"c" + std::to_string(literal({0, 0, 0, 0}))}; }
  ArbSrc one() { return ArbSrc{"c" + std::to_string(literal({1, 1, 1, 1}))}; }
  void texture_instruction(const std::string& opcode, const ArbDst& d, const ArbSrc& coord);
  void swz(const ArbDst& d);
  void epilogue();
  bool vertex() const { return target_ == ArbTarget::Vertex; }

  std::vector<ArbToken> tokens_;
  size_t pos_ = 0;
  ArbTarget target_ = ArbTarget::Vertex;
  std::map<std::string, Symbol> symbols_;
  int temps_ = 0, addresses_ = 0;
  uint32_t next_constant_ = 0;
  std::map<std::array<uint32_t, 4>, uint32_t> literals_;  // bit patterns -> c# (shared)
  std::map<uint32_t, std::array<uint32_t, 4>> defs_;      // c# -> bit patterns
  std::map<std::string, uint32_t> bound_;                 // canonical path -> c# (singles)
  std::map<uint32_t, ArbAttribute> attributes_;
  std::map<uint32_t, std::string> inputs_;  // fp: register -> dcl line
  std::map<uint32_t, ArbTextureTarget> samplers_;
  std::ostringstream body_;
  bool writes_position_ = false, writes_depth_ = false, ended_ = false;
  ArbProgram out_;
};

}  // namespace gfx::import
