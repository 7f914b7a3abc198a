// ps_1_1 .. ps_1_4 translation (register table in translate.h): registers, arithmetic and
// co-issue. The texture instructions are in translate_ps1_tex.cpp.
//
// Value rules (D3D9 asm reference, "ps_1_x registers" and the PixelShader1xMaxValue cap):
// constants read clamped to [-1, 1], colours v0/v1 to [0, 1], every result clamped to
// [-kPs1MaxValue, kPs1MaxValue] after its shift; r0 is the colour output.
//
// Co-issue: the two instructions of a pair run at once, so the second reads what the first
// overwrites as it was before the pair; when it reads the first's destination the first
// writes a scratch register that is copied after the second. A co-issued cnd of ps_1_1 ..
// ps_1_3 selects its second operand whatever the condition (Wine's cnd_test documents the
// D3D9 behaviour; ps_1_4 compares as usual).
#include "common/error.h"
#include "d3d9/translate_internal.h"
#include "d3d9/validate_ps1.h"

namespace gfx::d3d9::detail {

using func::Op;
using func::RegFile;

namespace {

constexpr uint16_t kPs1TexTempBase = 6;   // t0..t3 of ps_1_1..1_3 as r6..r9
constexpr uint16_t kPs1LiteralConst = 8;  // (0, 1, 0.5, 2), above c0..c7
constexpr int kScCoissue = 4;

bool reads_register(const Instruction& ins, const DstParam& d) {
  for (int i = 0; i < ins.num_src; ++i)
    if (ins.src[size_t(i)].type == d.type && ins.src[size_t(i)].number == d.number) return true;
  return false;
}

}  // namespace

uint16_t Translator::ps1_scratch(int role) {
  int& slot = ps1_scratch_[size_t(role)];
  if (slot < 0) {
    int next = v_.minor >= 4 ? 6 : 10;  // after r0..r5, or after the t# registers
    for (int s : ps1_scratch_) next += s >= 0;
    slot = next;
    use_temp(uint16_t(slot));
  }
  return uint16_t(slot);
}

func::Dst Translator::scratch_dst(int role, uint8_t mask) {
  func::Dst d;
  d.file = RegFile::Temp;
  d.index = ps1_scratch(role);
  d.mask = mask;
  return d;
}

func::Src Translator::scratch_src(int role, uint8_t swizzle) {
  func::Src s;
  s.file = RegFile::Temp;
  s.index = ps1_scratch(role);
  s.swz = swizzle;
  return s;
}

func::Src Translator::ps1_constant(int channel) {
  bool defined = false;
  for (const auto& lit : p_.literal_constants) defined |= lit.first == kPs1LiteralConst;
  if (!defined) p_.literal_constants.push_back({kPs1LiteralConst, {0.0f, 1.0f, 0.5f, 2.0f}});
  func::Src s;
  s.file = RegFile::Const;
  s.index = kPs1LiteralConst;
  s.swz = swizzle_replicate(channel);
  return s;
}

func::Src Translator::ps1_bump(uint16_t stage, bool luminance) {
  func::Src s;
  s.file = RegFile::Const;
  s.index = uint16_t(kPs1BumpConstBase + 2 * stage + (luminance ? 1 : 0));
  return s;
}

func::Src Translator::ps1_texcoord(uint16_t stage) {
  SrcParam t;
  t.type = kTexture;
  t.number = stage;
  return source(t);  // the coordinate set, bound as TexCoord<stage>
}

func::Src Translator::ps1_source(const SrcParam& s) {
  func::Src r;
  switch (s.type) {
    case RegType::Temp:
      r.file = RegFile::Temp;
      r.index = s.number;
      use_temp(s.number);
      break;
    case RegType::Input: {
      SrcParam plain = s;
      plain.mod = SrcMod::None;
      r = source(plain);
      r.clamp = func::InClamp::Unit;
      break;
    }
    case RegType::Const:
      r.file = RegFile::Const;
      r.index = s.number;
      r.clamp = func::InClamp::Signed;
      break;
    case RegType::Addr:  // t#
      if (v_.minor >= 4) {
        r = ps1_texcoord(s.number);
      } else {
        r.file = RegFile::Temp;
        r.index = uint16_t(kPs1TexTempBase + s.number);
        use_temp(r.index);
      }
      break;
    default: fail("register type " + std::to_string(unsigned(s.type)) + " cannot be read here");
  }
  r.swz = s.swizzle;
  switch (s.mod) {
    case SrcMod::None:
    case SrcMod::Dz:  // the projective divides are texld's / texcrd's own work
    case SrcMod::Dw: break;
    case SrcMod::Neg: r.negate = true; break;
    case SrcMod::BiasNeg: r.negate = true; [[fallthrough]];
    case SrcMod::Bias: r.ps1 = func::Ps1Mod::Bias; break;
    case SrcMod::SignNeg: r.negate = true; [[fallthrough]];
    case SrcMod::Sign: r.ps1 = func::Ps1Mod::Bx2; break;
    case SrcMod::Comp: r.ps1 = func::Ps1Mod::Comp; break;
    case SrcMod::X2Neg: r.negate = true; [[fallthrough]];
    case SrcMod::X2: r.ps1 = func::Ps1Mod::X2; break;
    default: fail("source modifier " + std::to_string(unsigned(s.mod)) + " is not in ps_1_x");
  }
  return r;
}

func::Dst Translator::ps1_destination(const DstParam& d) {
  func::Dst r;
  r.file = RegFile::Temp;
  if (d.type == RegType::Temp) {
    r.index = d.number;
  } else if (d.type == kTexture && v_.minor < 4) {
    r.index = uint16_t(kPs1TexTempBase + d.number);
  } else {
    fail("not a ps_1_x destination");
  }
  use_temp(r.index);
  r.mask = d.mask;
  r.saturate = (d.modifiers & kModSaturate) != 0;
  r.shift = d.shift;
  r.range = kPs1MaxValue;
  return r;
}

void Translator::ps1_arith(const Instruction& ins, bool coissued) {
  func::Instr in;
  in.dst = ps1_destination(ins.dst);
  if (ins.op == Opcode::Cnd) {
    if (coissued && v_.minor < 4) {  // the D3D9 co-issue quirk: always the second operand
      in.op = Op::Mov;
      in.src[0] = ps1_source(ins.src[1]);
      return emit(in);
    }
    // cnd d, s0, s1, s2 = (s0 > 0.5 ? s1 : s2) = cmp d, 0.5 - s0, s2, s1; the sign of a
    // float difference is exact, so the comparison is too.
    func::Instr diff;
    diff.op = Op::Sub;
    diff.dst = scratch_dst(3, ins.dst.mask);
    diff.src[0] = ps1_constant(2);
    diff.src[1] = ps1_source(ins.src[0]);
    emit(diff);
    in.op = Op::Cmp;
    in.src[0] = scratch_src(3);
    in.src[1] = ps1_source(ins.src[2]);
    in.src[2] = ps1_source(ins.src[1]);
    return emit(in);
  }
  if (ins.op == Opcode::Bem) {
    // bem d.rg, s0, s1: d.r = s0.r + MAT00 s1.r + MAT10 s1.g, d.g = s0.g + MAT01 s1.r +
    // MAT11 s1.g with the matrix of stage d#; through a scratch so d may be s0 or s1.
    const func::Src s0 = ps1_source(ins.src[0]), s1 = ps1_source(ins.src[1]);
    for (int c = 0; c < 2; ++c) {
      func::Instr dp;
      dp.op = Op::Dp2Add;
      dp.dst = scratch_dst(0, uint8_t(1u << c));
      dp.src[0] = s1;
      dp.src[1] = ps1_bump(ins.dst.number, false);
      dp.src[1].swz = c == 0 ? func::kSwizzleIdentity : func::swizzle(2, 3, 2, 3);
      dp.src[2] = s0;
      dp.src[2].swz = swizzle_replicate((s0.swz >> (2 * c)) & 3);
      emit(dp);
    }
    in.op = Op::Mov;
    in.src[0] = scratch_src(0);
    return emit(in);
  }
  // The validator has let through only the arithmetic opcodes ps_1_x has.
  in.op = simple_op(ins.op);
  if (in.op == Op::Nop) fail("this instruction is not supported in ps_1_x");
  for (int i = 0; i < ins.num_src && i < 3; ++i) in.src[i] = ps1_source(ins.src[size_t(i)]);
  emit(in);
}

void Translator::ps1_program() {
  const auto& code = shader_.instructions;
  for (size_t i = 0; i < code.size(); ++i) {
    const Instruction& a = code[i];
    current_ = &a;
    if (a.op == Opcode::Nop || a.op == Opcode::Phase) continue;  // phase keeps every register
    if (a.op == Opcode::Def) {
      instruction(a);
      continue;
    }
    if (is_ps1_texture_op(a.op)) {
      ps1_texture(a);
      continue;
    }
    const bool paired = i + 1 < code.size() && code[i + 1].coissue;
    if (!paired || !reads_register(code[i + 1], a.dst)) {
      ps1_arith(a, a.coissue);
      continue;
    }
    // The second of the pair reads what the first writes: the first goes to a scratch.
    const func::Dst real = ps1_destination(a.dst);
    const size_t first = p_.code.size();
    ps1_arith(a, false);
    for (size_t k = first; k < p_.code.size(); ++k) {
      func::Dst& d = p_.code[k].dst;
      if (d.file == real.file && d.index == real.index) d.index = ps1_scratch(kScCoissue);
    }
    current_ = &code[i + 1];
    ps1_arith(code[i + 1], true);
    func::Instr copy;
    copy.op = Op::Mov;
    copy.dst = real;
    copy.dst.shift = 0;
    copy.dst.saturate = false;
    copy.src[0] = scratch_src(kScCoissue);
    emit(copy);
    ++i;
  }
  current_ = nullptr;
  // r0 is the colour output.
  func::Instr out;
  out.op = Op::Mov;
  out.dst.file = RegFile::Output;
  out.dst.index = 0;
  use_output(0);
  out.src[0].file = RegFile::Temp;
  out.src[0].index = 0;
  use_temp(0);
  emit(out);
}

}  // namespace gfx::d3d9::detail
