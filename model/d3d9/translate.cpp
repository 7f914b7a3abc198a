// Instruction mapping of the D3D9 -> ISA translator (translate.h). Most D3D9 arithmetic
// has a one-to-one ISA op; the rest is expanded here: matrix macros into dot products,
// def* into literal constants, vs_1_1 `mov a0` into mova, and flow control operands into
// the fields the interpreter reads (Instr::label, Instr::cmp, src[0] = b#/p0/i#).
#include <cstring>

#include "common/error.h"
#include "d3d9/translate_internal.h"
#include "func/shader/interpreter.h"

namespace gfx::d3d9 {
namespace detail {

using func::Op;

// One-to-one arithmetic opcodes; Nop when the opcode needs special handling.
Op simple_op(Opcode op) {
  switch (op) {
    case Opcode::Mov: return Op::Mov;
    case Opcode::Add: return Op::Add;
    case Opcode::Sub: return Op::Sub;
    case Opcode::Mad: return Op::Mad;
    case Opcode::Mul: return Op::Mul;
    case Opcode::Rcp: return Op::Rcp;
    case Opcode::Rsq: return Op::Rsq;
    case Opcode::Dp3: return Op::Dp3;
    case Opcode::Dp4: return Op::Dp4;
    case Opcode::Min: return Op::Min;
    case Opcode::Max: return Op::Max;
    case Opcode::Slt: return Op::Slt;
    case Opcode::Sge: return Op::Sge;
    case Opcode::Exp: return Op::Exp;
    case Opcode::Log: return Op::Log;
    case Opcode::Lit: return Op::Lit;
    case Opcode::Dst: return Op::Dst;
    case Opcode::Lrp: return Op::Lrp;
    case Opcode::Frc: return Op::Frc;
    case Opcode::Pow: return Op::Pow;
    case Opcode::Crs: return Op::Crs;
    case Opcode::Abs: return Op::Abs;
    case Opcode::Nrm: return Op::Nrm;
    case Opcode::ExpP: return Op::Expp;
    case Opcode::LogP: return Op::Logp;
    case Opcode::Cmp: return Op::Cmp;
    case Opcode::Dp2Add: return Op::Dp2Add;
    case Opcode::Dsx: return Op::Dsx;
    case Opcode::Dsy: return Op::Dsy;
    case Opcode::MovA: return Op::Mova;
    case Opcode::SetP: return Op::Setp;
    // sgn and sincos: 2.x adds two scratch registers the ISA does not need.
    case Opcode::Sgn: return Op::Sgn;
    case Opcode::SinCos: return Op::SinCos;
    default: return Op::Nop;
  }
}

namespace {

func::Instr flow(Op op) {
  func::Instr in;
  in.op = op;
  return in;
}

}  // namespace

void Translator::emit(func::Instr in) {
  if (current_ && current_->predicated) {
    in.pred.enabled = true;
    in.pred.negate = current_->predicate.mod == SrcMod::Not;
    in.pred.swz = current_->predicate.swizzle;
  }
  p_.code.push_back(in);
}

// m4x4 d, s, c#: d.x = dp4(s, c#), d.y = dp4(s, c#+1) ... for `rows` result channels.
void Translator::expand_matrix(const Instruction& ins, Op dot, int rows) {
  const func::Dst dst = destination(ins.dst);
  const func::Src vec = source(ins.src[0]);
  const func::Src mat = source(ins.src[1]);
  if (vec.file == dst.file && vec.index == dst.index && vec.rel == func::RelAddr::None)
    fail("the destination is also the vector operand");  // later rows would read a result
  for (int i = 0; i < rows; ++i) {
    if (!(dst.mask >> i & 1)) continue;
    func::Instr in;
    in.op = dot;
    in.dst = dst;
    in.dst.mask = uint8_t(1u << i);
    in.src[0] = vec;
    in.src[1] = mat;
    in.src[1].index = uint16_t(mat.index + i);
    emit(in);
  }
}

void Translator::instruction(const Instruction& ins) {
  current_ = &ins;
  if (ins.coissue) fail("co-issue is not supported");
  const Op simple = simple_op(ins.op);
  if (simple != Op::Nop) {
    func::Instr in;
    in.op = simple;
    // vs_1_1 loads a0 with mov, which floors (D3D9); vs_2_0+ mova rounds to nearest.
    if (simple == Op::Mov && ins.dst.type == RegType::Addr && v_.is_vs()) {
      in.op = Op::Mova;
      in.addr_floor = true;
    }
    if (simple == Op::Setp) in.cmp = func::CmpOp(ins.control);
    in.dst = destination(ins.dst);
    const int n = (simple == Op::Sgn || simple == Op::SinCos) ? 1 : ins.num_src;
    for (int i = 0; i < n && i < 3; ++i) in.src[i] = source(ins.src[i]);
    emit(in);
    return;
  }
  func::Instr in;
  switch (ins.op) {
    case Opcode::Nop:
    case Opcode::Dcl:
    case Opcode::End: return;
    case Opcode::Def: {
      func::Vec4 v;
      for (int c = 0; c < 4; ++c) std::memcpy(&v[c], &ins.values[c], 4);
      p_.literal_constants.push_back({ins.dst.number, v});
      return;
    }
    case Opcode::DefI: {
      func::Int4 v;
      for (int c = 0; c < 4; ++c) v[c] = int32_t(ins.values[c]);
      p_.literal_int_constants.push_back({ins.dst.number, v});
      return;
    }
    case Opcode::DefB:
      p_.literal_bool_constants.push_back({ins.dst.number, ins.values[0] != 0});
      return;
    case Opcode::M4x4: return expand_matrix(ins, Op::Dp4, 4);
    case Opcode::M4x3: return expand_matrix(ins, Op::Dp4, 3);
    case Opcode::M3x4: return expand_matrix(ins, Op::Dp3, 4);
    case Opcode::M3x3: return expand_matrix(ins, Op::Dp3, 3);
    case Opcode::M3x2: return expand_matrix(ins, Op::Dp3, 2);
    case Opcode::Tex:
    case Opcode::TexLdl:
    case Opcode::TexLdd: {
      in.op = Op::Tex;
      in.dst = destination(ins.dst);
      in.src[0] = source(ins.src[0]);
      if (ins.src[1].type != RegType::Sampler) fail("the second operand must be a sampler");
      // Vertex shaders sample through the vertex texture samplers (slots after the pixel ones).
      if (shader_.version.is_vs()) {
        if (ins.src[1].number >= api::kVertexSamplers) fail("vertex sampler out of range (s0..s3)");
        in.sampler = uint8_t(api::kPixelSamplers + ins.src[1].number);
      } else {
        if (ins.src[1].number >= api::kPixelSamplers) fail("sampler out of range");
        in.sampler = uint8_t(ins.src[1].number);
      }
      if (ins.op == Opcode::TexLdl) {
        in.tex_mode = func::TexMode::Lod;
      } else if (ins.op == Opcode::TexLdd) {
        in.tex_mode = func::TexMode::Grad;
        in.src[1] = source(ins.src[2]);
        in.src[2] = source(ins.src[3]);
      } else if (ins.control == kTexldProject) {
        in.tex_mode = func::TexMode::Project;
      } else if (ins.control == kTexldBias) {
        in.tex_mode = func::TexMode::Bias;
      } else if (ins.control != kTexldPlain) {
        fail("unknown texld flavour " + std::to_string(ins.control));
      }
      return emit(in);
    }
    case Opcode::TexKill: {  // its operand is a destination token read as a source
      if (ins.dst.type != RegType::Temp && ins.dst.type != kTexture) fail("texkill needs r# or t#");
      in.op = Op::Texkill;
      SrcParam reg;
      reg.type = ins.dst.type;
      reg.number = ins.dst.number;
      in.src[0] = source(reg);
      return emit(in);
    }
    case Opcode::If:
      in = flow(Op::If);
      in.src[0] =
          ins.src[0].type == RegType::Predicate ? predicate_source(ins.src[0]) : source(ins.src[0]);
      return emit(in);
    case Opcode::IfC:
    case Opcode::BreakC:
      in = flow(ins.op == Opcode::IfC ? Op::Ifc : Op::Breakc);
      in.cmp = func::CmpOp(ins.control);
      in.src[0] = source(ins.src[0]);
      in.src[1] = source(ins.src[1]);
      return emit(in);
    case Opcode::Else: return emit(flow(Op::Else));
    case Opcode::EndIf: return emit(flow(Op::EndIf));
    case Opcode::Loop:  // loop aL, i#
      in = flow(Op::Loop);
      in.src[0] = source(ins.src[1]);
      return emit(in);
    case Opcode::EndLoop: return emit(flow(Op::EndLoop));
    case Opcode::Rep:
      in = flow(Op::Rep);
      in.src[0] = source(ins.src[0]);
      return emit(in);
    case Opcode::EndRep: return emit(flow(Op::EndRep));
    case Opcode::Break: return emit(flow(Op::Break));
    case Opcode::BreakP:
      in = flow(Op::Breakp);
      in.src[0] = predicate_source(ins.src[0]);
      return emit(in);
    case Opcode::Call:
      in = flow(Op::Call);
      in.label = ins.src[0].number;
      return emit(in);
    case Opcode::CallNz:
      in = flow(Op::Callnz);
      in.label = ins.src[0].number;
      in.src[0] =
          ins.src[1].type == RegType::Predicate ? predicate_source(ins.src[1]) : source(ins.src[1]);
      return emit(in);
    case Opcode::Ret: return emit(flow(Op::Ret));
    case Opcode::Label:
      in = flow(Op::Label);
      in.label = ins.src[0].number;
      return emit(in);
    default: fail("this instruction is not supported by the translator");
  }
}

// vs_1_1 / vs_2_x: the channels of oD0 that no instruction writes read 1 in D3D9 (Wine's
// visual.c test_uninitialized_varyings: a shader that writes only oPos, or only oD0.x, gives
// white, or 0.5 in red and 1 elsewhere). So oD0 is always an output, and the vertex stage
// sets those channels (Program::color0_ones). oD1, oT# and vs_3_0 outputs keep 0, which is
// one of the vendor results the test allows (AMD's for oD1, Nvidia's for oT#).
void Translator::default_color0() {
  p_.color0_ones = uint8_t(~output_mask(kVsColorOutputBase) & 0xF);
  if (p_.color0_ones) bind_output(kVsColorOutputBase, func::Varying::Color0);
}

// The channels of output o<index> that some instruction writes.
uint8_t Translator::output_mask(uint16_t index) const {
  uint8_t written = 0;
  for (const func::Instr& in : p_.code)
    if (in.dst.file == func::RegFile::Output && in.dst.index == index) written |= in.dst.mask;
  return written;
}

func::Program Translator::run() {
  p_.d3d9_major = v_.major;
  // Declarations bind registers before the code reads them, wherever they appear.
  for (const Instruction& ins : shader_.instructions) {
    if (ins.op != Opcode::Dcl) continue;
    current_ = &ins;
    declare(ins);
  }
  if (v_.is_ps() && v_.major == 1) {
    ps1_program();
  } else {
    for (const Instruction& ins : shader_.instructions) instruction(ins);
  }
  current_ = nullptr;
  if (v_.is_vs() && v_.major < 3) default_color0();
  // A ps_2_x / ps_3_0 shader that never writes oC0 leaves render target 0 as it was (D3D9;
  // ps_1_x always has its r0 result).
  if (!v_.is_vs() && v_.major >= 2) p_.writes_color0 = output_mask(0) != 0;
  p_.code.push_back(flow(Op::End));
  try {
    func::prepare_flow(p_);
  } catch (const Error& e) {
    fail(e.what());
  }
  return std::move(p_);
}

}  // namespace detail

func::Program translate(const Shader& shader, const std::string& name) {
  return detail::Translator(shader, name).run();
}

}  // namespace gfx::d3d9
