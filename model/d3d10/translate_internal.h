// Internals of the SM4 -> ISA translator (translate.h), shared by its files:
// translate_decl.cpp binds registers from the declarations and signatures,
// translate_operands.cpp maps operands, translate.cpp maps instructions.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "d3d10/shader.h"
#include "d3d10/translate.h"
#include "func/shader/isa.h"
#include "func/shader/warp.h"

namespace gfx::d3d10::detail {

// Roles of the translator's scratch temps (scratch()).
constexpr int kScratchResult = 0;  // per-channel results before the masked, saturated copy
constexpr int kScratchSin = 1, kScratchCos = 2;
constexpr int kScratchVertexId = 3, kScratchInstanceId = 4;  // uint copies of the inputs

std::string upper(std::string s);
std::string sv_name(SystemValue sv);     // 'position', or the number
func::Varying varying_of(uint16_t reg);  // v# / o# -> Varying::Attr#

class Translator {
 public:
  Translator(const Shader& shader, const std::string& name);
  func::Program run();

 private:
  // --- translate_decl.cpp ---
  void declare(const Instruction& ins);
  void declare_input(const Instruction& ins, SystemValue sv);
  void declare_output(const Instruction& ins, SystemValue sv);
  void link_semantics(const Signature& sig, uint16_t reg);  // Program::link_semantics
  void system_value_prologue();

  // --- translate_ps_decl.cpp ---
  void declare_pixel_input(const Instruction& ins, SystemValue sv);
  void declare_pixel_output(const Instruction& ins, SystemValue sv);

  // --- translate_operands.cpp ---
  func::Src source(const Operand& op);
  func::Dst destination(const Operand& op, bool saturate);
  func::Src immediate(const std::array<uint32_t, 4>& bits);
  func::Src immediate_scalar(uint32_t bits) { return immediate({bits, bits, bits, bits}); }
  uint16_t scratch(int k);  // the translator's own temps, after the program's
  uint16_t single_index(const Operand& op, const char* what) const;

  // --- translate.cpp ---
  void instruction(const Instruction& ins);
  void per_channel(func::Op op, const Instruction& ins);
  void sincos(const Instruction& ins);
  void sample(const Instruction& ins);
  void discard(const Instruction& ins);
  void emit(const func::Instr& in) { p_.code.push_back(in); }

 public:
  [[noreturn]] void fail(const std::string& why) const;

 private:
  const Shader& shader_;
  std::string name_;
  func::Program p_;
  bool pixel_ = false;
  int index_ = -1;                    // the instruction being translated, for errors
  uint16_t declared_temps_ = 0;       // dcl_temps
  int scratch_used_ = 0;              // scratch temps handed out
  int position_output_ = -1;          // the vs o# declared SV_Position
  std::array<int, 32> input_temp_{};  // v# read through a temp (system values), else -1
  std::vector<uint32_t> immediates_;  // literal constants' bits, 4 per constant
};

}  // namespace gfx::d3d10::detail
