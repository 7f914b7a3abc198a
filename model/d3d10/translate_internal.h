// Internals of the SM4 -> ISA translator (translate.h), shared by its files:
// translate_decl.cpp binds registers from the declarations and signatures,
// translate_operands.cpp maps operands, translate_index.cpp indexable temps, the icb and
// relative indexing, translate.cpp the float ALU and dispatch, translate_int.cpp the integer
// ops, translate_flow.cpp flow control, translate_tex.cpp the resource instructions.
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
constexpr int kScratchCoord = 5;   // texture coordinates with an appended LOD or bias
constexpr int kScratchSwitch = 6;  // + nesting level: a switch's selector and default flag
constexpr int kMaxSwitchDepth = 4;
constexpr int kNumScratchRoles = kScratchSwitch + kMaxSwitchDepth;

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
  void relative_output(const Operand& op, func::Dst& d);
  func::Src immediate(const std::array<uint32_t, 4>& bits);
  func::Src immediate_scalar(uint32_t bits) { return immediate({bits, bits, bits, bits}); }
  uint16_t scratch(int k);  // the translator's own temps, after the program's
  uint16_t single_index(const Operand& op, const char* what) const;

  // --- translate_index.cpp ---
  struct Array {
    uint16_t base = 0, count = 0;
  };
  struct Range {
    OperandType type;
    uint16_t start, count;
  };
  void declare_indexable_temp(const Instruction& ins);
  void declare_icb(const Instruction& ins);
  void declare_index_range(const Instruction& ins);
  const Range* range_of(OperandType type, uint32_t reg) const;
  uint8_t relative(const Index& ix);
  bool indexed(const Operand& op, size_t k, uint16_t base, uint16_t count, uint16_t& index,
               uint8_t& rel_comp, const std::string& what);
  func::Src indexable_source(const Operand& op);
  func::Dst indexable_destination(const Operand& op);
  func::Src icb_source(const Operand& op);

  // --- translate_int.cpp ---
  bool integer(const Instruction& ins);  // false: not an integer instruction
  void two_results(const Instruction& ins);

  // --- translate_flow.cpp ---
  bool flow(const Instruction& ins);  // false: not a flow instruction
  func::Instr bit_test(func::Op op, const Instruction& ins, size_t i);
  uint16_t label_of(const Operand& op);
  std::vector<uint32_t> case_values(int at) const;
  void open_switch(const Instruction& ins);

  // --- translate_tex.cpp ---
  bool resource(const Instruction& ins);  // false: not a resource instruction
  uint16_t texture_slot(const Operand& res, const Operand* smp);
  void texel_copy(func::Instr in, const Operand& res);
  void query(const Instruction& ins);    // ld, resinfo
  void compare(const Instruction& ins);  // sample_c, sample_c_lz
  void check_sampler_mode(const Operand& smp, bool comparison);

  // --- translate.cpp ---
  void instruction(const Instruction& ins);
  void per_channel(func::Op op, const Instruction& ins);
  void sincos(const Instruction& ins);
  void discard(const Instruction& ins);
  void emit(const func::Instr& in) { p_.code.push_back(in); }

 public:
  [[noreturn]] void fail(const std::string& why) const;

 private:
  const Shader& shader_;
  std::string name_;
  func::Program p_;
  bool pixel_ = false;
  int index_ = -1;                     // the instruction being translated, for errors
  uint16_t declared_temps_ = 0;        // dcl_temps
  uint16_t scratch_base_ = 0;          // first scratch temp: after the r# and x# temps
  int a0_used_ = 0;                    // a0 components taken by the current instruction
  bool int_sources_ = false;           // the current instruction reads integers
  int switch_depth_ = 0;               // switches open at the current instruction
  std::array<Array, 16> indexable_{};  // x#
  std::vector<Range> ranges_;          // dcl_indexrange
  std::array<uint32_t, kConstantBufferSlots> cb_size_{};  // declared registers of cb#
  std::array<uint32_t, 128> resource_dim_{};              // dcl_resource dimension of t#
  std::array<uint32_t, 16> sampler_mode_{};               // dcl_sampler mode of s#
  int scratch_used_ = 0;                                  // scratch temps handed out
  std::array<int, kNumScratchRoles> scratch_reg_;         // role -> scratch temp, or -1
  int position_output_ = -1;                              // the vs o# declared SV_Position
  std::array<int, 32> input_temp_{};  // v# read through a temp (system values), else -1
  std::vector<uint32_t> immediates_;  // literal constants' bits, 4 per constant
};

}  // namespace gfx::d3d10::detail
