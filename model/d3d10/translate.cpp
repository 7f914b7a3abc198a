// Instruction mapping of the SM4 -> ISA translator (translate.h). Component-wise SM4 ops map
// one-to-one; rcp/rsq/exp/log/sincos, which the ISA computes on one channel and
// replicates, run once per written channel into a scratch temp that is then copied with the
// SM4 write mask and _sat. Conditions (if, discard) test a register's bits against zero.
#include "api/state.h"
#include "common/error.h"
#include "d3d10/opcodes.h"
#include "d3d10/translate_internal.h"
#include "func/shader/interpreter.h"

namespace gfx::d3d10 {
namespace detail {
namespace {

using func::Op;

// Component-wise opcodes with one ISA op and the same operands.
Op direct_op(Opcode op) {
  switch (op) {
    case Opcode::Mov: return Op::Mov;
    case Opcode::Movc: return Op::Movc;
    case Opcode::Add: return Op::Add;
    case Opcode::Mul: return Op::Mul;
    case Opcode::Mad: return Op::Mad;
    case Opcode::Div: return Op::Div;
    case Opcode::Dp2: return Op::Dp2;
    case Opcode::Dp3: return Op::Dp3;
    case Opcode::Dp4: return Op::Dp4;
    case Opcode::Min: return Op::Min;
    case Opcode::Max: return Op::Max;
    case Opcode::Frc: return Op::Frc;
    case Opcode::RoundNe: return Op::RoundNe;
    case Opcode::RoundNi: return Op::RoundNi;
    case Opcode::RoundPi: return Op::RoundPi;
    case Opcode::RoundZ: return Op::RoundZ;
    case Opcode::Sqrt: return Op::Sqrt;
    case Opcode::Lt:
    case Opcode::Ge:
    case Opcode::Eq:
    case Opcode::Ne: return Op::Cmpm;
    case Opcode::FtoU: return Op::FtoU;
    case Opcode::FtoI: return Op::FtoI;
    case Opcode::UtoF: return Op::UtoF;
    case Opcode::ItoF: return Op::ItoF;
    default: return Op::Nop;
  }
}

func::CmpOp compare_of(Opcode op) {
  switch (op) {
    case Opcode::Lt: return func::CmpOp::Lt;
    case Opcode::Ge: return func::CmpOp::Ge;
    case Opcode::Eq: return func::CmpOp::Eq;
    default: return func::CmpOp::Ne;
  }
}

Op scalar_op(Opcode op) {
  switch (op) {
    case Opcode::Rcp: return Op::Rcp;
    case Opcode::Rsq: return Op::Rsq;
    case Opcode::Exp: return Op::Exp;
    case Opcode::Log: return Op::Log;
    default: return Op::Nop;
  }
}

func::Instr make(Op op) {
  func::Instr in;
  in.op = op;
  return in;
}

func::Src replicate(func::Src s, int channel) {
  const int c = s.swz >> (2 * channel) & 3;
  s.swz = func::swizzle(c, c, c, c);
  return s;
}

func::Src temp_src(uint16_t reg, uint8_t swz = func::kSwizzleIdentity) {
  func::Src s;
  s.index = reg;
  s.swz = swz;
  return s;
}

func::Dst temp_dst(uint16_t reg, uint8_t mask) {
  func::Dst d;
  d.index = reg;
  d.mask = mask;
  return d;
}

}  // namespace

Translator::Translator(const Shader& shader, const std::string& name)
    : shader_(shader), name_(name) {
  input_temp_.fill(-1);
  scratch_reg_.fill(-1);
  pixel_ = shader.program.version.type == ProgramType::Pixel;
  p_.stage = pixel_ ? api::ShaderStage::Pixel : api::ShaderStage::Vertex;
  p_.name = name;
  p_.num_outputs = 0;
  p_.sm4 = true;
}

// rcp r0.xy, r1.yx: rcp scratch.x, r1.y; rcp scratch.y, r1.x; mov r0.xy, scratch.
void Translator::per_channel(Op op, const Instruction& ins) {
  if (ins.operands[0].type == OperandType::Null) return;
  const func::Dst dst = destination(ins.operands[0], ins.saturate());
  const func::Src src = source(ins.operands[1]);
  const uint16_t tmp = scratch(kScratchResult);
  for (int c = 0; c < 4; ++c) {
    if (!(dst.mask >> c & 1)) continue;
    func::Instr in = make(op);
    in.dst = temp_dst(tmp, uint8_t(1u << c));
    in.src[0] = replicate(src, c);
    emit(in);
  }
  func::Instr copy = make(Op::Mov);
  copy.dst = dst;
  copy.src[0] = temp_src(tmp);
  emit(copy);
}

// sincos dst_sin, dst_cos, src (either destination may be null). The ISA's sincos writes
// cos to x and sin to y of one channel's angle.
void Translator::sincos(const Instruction& ins) {
  const Operand& s_op = ins.operands[0];
  const Operand& c_op = ins.operands[1];
  const bool want_sin = s_op.type != OperandType::Null, want_cos = c_op.type != OperandType::Null;
  const uint8_t mask = uint8_t((want_sin ? s_op.mask : 0) | (want_cos ? c_op.mask : 0));
  const func::Src src = source(ins.operands[2]);
  const uint16_t tmp = scratch(kScratchResult), sin = scratch(kScratchSin),
                 cos = scratch(kScratchCos);
  for (int c = 0; c < 4; ++c) {
    if (!(mask >> c & 1)) continue;
    func::Instr in = make(Op::SinCos);
    in.dst = temp_dst(tmp, 0x3);
    in.src[0] = replicate(src, c);
    emit(in);
    func::Instr to_sin = make(Op::Mov), to_cos = make(Op::Mov);
    to_sin.dst = temp_dst(sin, uint8_t(1u << c));
    to_sin.src[0] = temp_src(tmp, func::swizzle(1, 1, 1, 1));
    to_cos.dst = temp_dst(cos, uint8_t(1u << c));
    to_cos.src[0] = temp_src(tmp, func::swizzle(0, 0, 0, 0));
    emit(to_sin);
    emit(to_cos);
  }
  for (int k = 0; k < 2; ++k) {
    if (!(k == 0 ? want_sin : want_cos)) continue;
    func::Instr copy = make(Op::Mov);
    copy.dst = destination(k == 0 ? s_op : c_op, ins.saturate());
    copy.src[0] = temp_src(k == 0 ? sin : cos);
    emit(copy);
  }
}

// discard_nz c: texkill kills a lane when a coordinate is negative, so turn the condition's
// bits into -1 (kill) or 0 (keep) first.
void Translator::discard(const Instruction& ins) {
  const uint16_t tmp = scratch(kScratchResult);
  const func::Src kill = immediate_scalar(0xBF800000u), keep = immediate_scalar(0);
  func::Instr sel = make(Op::Movc);
  sel.dst = temp_dst(tmp, 0x7);
  sel.src[0] = replicate(source(ins.operands[0]), 0);
  sel.src[1] = ins.test_nonzero() ? kill : keep;
  sel.src[2] = ins.test_nonzero() ? keep : kill;
  emit(sel);
  func::Instr k = make(Op::Texkill);
  k.src[0] = temp_src(tmp);
  emit(k);
}

void Translator::instruction(const Instruction& ins) {
  a0_used_ = 0;
  int_sources_ = opcode_info(ins.op).imm == ImmKind::Int;
  if (integer(ins) || flow(ins) || resource(ins)) return;
  const Op direct = direct_op(ins.op);
  if (direct != Op::Nop) {
    if (ins.operands[0].type == OperandType::Null) return;
    func::Instr in = make(direct);
    in.cmp = compare_of(ins.op);
    in.dst = destination(ins.operands[0], ins.saturate());
    for (size_t i = 1; i < ins.operands.size() && i <= 3; ++i)
      in.src[i - 1] = source(ins.operands[i]);
    return emit(in);
  }
  const Op scalar = scalar_op(ins.op);
  if (scalar != Op::Nop) return per_channel(scalar, ins);
  switch (ins.op) {
    case Opcode::SinCos: return sincos(ins);
    case Opcode::Discard:
      if (!pixel_) fail("discard is only valid in pixel shaders");
      return discard(ins);
    case Opcode::Nop: return;
    default: fail("not supported yet");
  }
}

func::Program Translator::run() {
  if (shader_.program.version.type == ProgramType::Geometry)
    fail("geometry shaders are not supported yet");
  const std::vector<Instruction>& code = shader_.program.instructions;
  // dcl_temps and the x# arrays first: the scratch temps that other declarations take follow
  // them.
  for (const Instruction& ins : code)
    if (ins.op == Opcode::DclTemps) declared_temps_ = scratch_base_ = uint16_t(ins.extra.at(0));
  for (index_ = 0; index_ < int(code.size()); ++index_)
    if (code[size_t(index_)].op == Opcode::DclIndexableTemp)
      declare_indexable_temp(code[size_t(index_)]);
  for (index_ = 0; index_ < int(code.size()); ++index_)
    if (opcode_info(code[size_t(index_)].op).declaration) declare(code[size_t(index_)]);
  index_ = -1;
  system_value_prologue();
  for (index_ = 0; index_ < int(code.size()); ++index_) {
    const Instruction& ins = code[size_t(index_)];
    if (ins.op != Opcode::CustomData && !opcode_info(ins.op).declaration) instruction(ins);
  }
  index_ = -1;
  if (!pixel_ && position_output_ < 0) fail("the vertex shader declares no SV_Position output");
  p_.num_temps = uint16_t(scratch_base_ + scratch_used_);
  if (pixel_) {
    p_.writes_color0 = false;
    for (const func::Instr& in : p_.code)
      if (in.dst.file == func::RegFile::Output && in.dst.index == 0) p_.writes_color0 = true;
    if (p_.color_outputs == 0) p_.color_outputs = 1;
  }
  p_.code.push_back(make(Op::End));
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

}  // namespace gfx::d3d10
