// Internals of the D3D9 -> ISA translator (translate.h), shared by its two files:
// translate_regs.cpp maps registers and declarations, translate.cpp maps instructions.
#pragma once

#include <array>
#include <string>

#include "d3d9/shader.h"
#include "d3d9/translate.h"
#include "func/shader/isa.h"

namespace gfx::d3d9::detail {

// The ISA op of a one-to-one arithmetic opcode, Nop when it needs special handling
// (translate.cpp; ps_1_x uses it too).
func::Op simple_op(Opcode op);

class Translator {
 public:
  Translator(const Shader& shader, const std::string& name);
  func::Program run();

  // --- translate_regs.cpp ---
  // Declarations first: they bind v#/o# to usages before any instruction reads them.
  void declare(const Instruction& ins);
  func::Src source(const SrcParam& s);
  func::Dst destination(const DstParam& d);
  // p0 as the condition of if/breakp/callnz (`!p0.x` sets negate).
  func::Src predicate_source(const SrcParam& s);
  [[noreturn]] void fail(const std::string& why) const;

 private:
  // --- translate.cpp ---
  void instruction(const Instruction& ins);

  // --- translate_ps1.cpp, translate_ps1_tex.cpp: ps_1_1 .. ps_1_4 ---
  void ps1_program();
  void ps1_arith(const Instruction& ins, bool coissued);
  void ps1_texture(const Instruction& ins);
  func::Src ps1_source(const SrcParam& s);
  func::Dst ps1_destination(const DstParam& d);
  func::Src ps1_texcoord(uint16_t stage);  // the interpolated coordinate set t#
  func::Src ps1_constant(int channel);     // the private constant (0, 1, 0.5, 2)
  func::Src ps1_bump(uint16_t stage, bool luminance);
  uint16_t ps1_scratch(int role);  // a temp the D3D9 program does not name
  func::Dst scratch_dst(int role, uint8_t mask);
  func::Src scratch_src(int role, uint8_t swizzle = func::kSwizzleIdentity);
  void ps1_sample(uint16_t stage, const func::Dst& dst, const func::Src& coord);
  void ps1_reflect(const Instruction& ins, const func::Src& eye);
  void emit(func::Instr in);
  void expand_matrix(const Instruction& ins, func::Op dot, int rows);
  void default_color0();
  uint8_t output_mask(uint16_t index) const;

  // --- translate_regs.cpp ---
  void use_temp(uint16_t n);
  void use_input(uint16_t n);
  void use_output(uint16_t n);
  void bind_output(uint16_t internal, func::Varying v);
  void bind_pixel_input(uint16_t internal, func::Varying v);
  void mark_centroid(func::Varying v);  // the inputs of varying v take the centroid location
  uint16_t output_register(const DstParam& d);
  uint16_t input_register(const SrcParam& s);

  const Shader& shader_;
  Version v_;
  std::string name_;
  func::Program p_;
  const Instruction* current_ = nullptr;  // for error messages
  // vs_3_0 o# -> internal output (-1: not declared); ps_3_0 v# declared (by dcl).
  std::array<int, 16> vs3_output_{};
  std::array<bool, 16> ps3_input_declared_{};
  std::array<bool, 16> vs_output_declared_{};
  std::array<int, 6> ps1_scratch_{-1, -1, -1, -1, -1, -1};
  int ps1_pads_ = 0;  // texm3x2pad / texm3x3pad seen in the open sequence
};

}  // namespace gfx::d3d9::detail
