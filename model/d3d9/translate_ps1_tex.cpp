// ps_1_x texture instructions as ISA sequences (formulas from the D3D9 asm reference page
// of each instruction; m is the destination's number = the texture stage sampled, n the
// source's, TC(m) the interpolated coordinate set m):
//   tex t(m)              t(m) = sample(m, TC(m))
//   texcoord t(m)         t(m) = (saturate(TC(m).xyz), 1)
//   texkill t(m)          kill where any of TC(m).xyz < 0 (ps_1_4: r# or the set t#)
//   texbem t(m), t(n)     sample(m, TC(m).xy + BUMPENVMAT(m) * t(n).rg)
//   texbeml t(m), t(n)    ... times t(n).b * LSCALE(m) + LOFFSET(m)
//   texreg2ar/gb/rgb      sample(m, t(n).ar / .gb / .rgb)
//   texm3x2pad, texm3x2tex / texm3x2depth, texm3x3pad x2, texm3x3tex / texm3x3 /
//   texm3x3spec / texm3x3vspec: row i of the matrix is TC(m - k + i).xyz, the vector t(n).rgb;
//   spec and vspec sample the reflection 2 N (N.E) / (N.N) - E of the eye E (c# or the w of
//   the three coordinate sets); texm3x2depth writes z / w as the depth (1 when w = 0)
//   texdp3tex / texdp3    sample(m, (TC(m).xyz . t(n).rgb, 0)) / the dot replicated
//   texld r(m), src       sample(m, src), _dz / _dw dividing .xy by .z / .w (1 where 0)
//   texcrd r(m), t(n)     r(m) = t(n) (_dw divides), clamped to [-8, 8]
//   texdepth r5           depth = r5.r / r5.g (1 when g = 0)
// The lookups hand the sampler the whole vector: a cube or volume texture bound to the
// stage takes its xyz (no test pins that case yet; docs/d3d9-conformance.md).
#include "api/state.h"
#include "common/error.h"
#include "d3d9/translate_internal.h"

namespace gfx::d3d9::detail {

using func::Op;
using func::RegFile;

namespace {

constexpr int kScCoord = 0, kScMatrix = 1, kScEye = 2, kScReflect = 5;

func::Instr make(Op op, const func::Dst& d, const func::Src& a, const func::Src& b = {},
                 const func::Src& c = {}) {
  func::Instr in;
  in.op = op;
  in.dst = d;
  in.src[0] = a;
  in.src[1] = b;
  in.src[2] = c;
  return in;
}

func::Src with_swizzle(func::Src s, uint8_t swz) {
  s.swz = swz;
  return s;
}

// Source swizzle composed with a selection: channel c of the result reads sel's channel.
func::Src select(func::Src s, int x, int y, int z, int w) {
  const int sel[4] = {x, y, z, w};
  uint8_t swz = 0;
  for (int c = 0; c < 4; ++c) swz |= uint8_t(((s.swz >> (2 * sel[c])) & 3) << (2 * c));
  s.swz = swz;
  return s;
}

func::Dst depth_dst() {
  func::Dst d;
  d.file = RegFile::Output;
  d.index = func::kPixelDepthOutput;
  d.mask = 1;
  return d;
}

}  // namespace

void Translator::ps1_sample(uint16_t stage, const func::Dst& dst, const func::Src& coord) {
  if (stage >= api::kPixelSamplers) fail("texture stage out of range");
  func::Instr in = make(Op::Tex, dst, coord);
  in.sampler = uint8_t(stage);
  emit(in);
}

void Translator::ps1_reflect(const Instruction& ins, const func::Src& eye) {
  const func::Src n = scratch_src(kScMatrix);
  emit(make(Op::Dp3, scratch_dst(kScReflect, 1), n, eye));
  emit(make(Op::Dp3, scratch_dst(kScReflect, 2), n, n));
  const func::Src ne = scratch_src(kScReflect, swizzle_replicate(0));
  emit(make(Op::Divz, scratch_dst(kScReflect, 1), ne,
            scratch_src(kScReflect, swizzle_replicate(1))));
  emit(make(Op::Add, scratch_dst(kScReflect, 1), ne, ne));
  func::Src minus_eye = eye;
  minus_eye.negate = !minus_eye.negate;
  emit(make(Op::Mad, scratch_dst(kScReflect, 7), n, ne, minus_eye));
  ps1_sample(ins.dst.number, ps1_destination(ins.dst), scratch_src(kScReflect));
}

void Translator::ps1_texture(const Instruction& ins) {
  const uint16_t m = ins.dst.number;
  const bool v14 = v_.minor >= 4;
  if (!v14 && m < 8) p_.ps1_coord_stages = uint8_t(p_.ps1_coord_stages | 1u << m);
  // ps_1_x results are colours or clamped values; texture writes need no shift.
  func::Dst dst = ins.op == Opcode::TexKill ? func::Dst{} : ps1_destination(ins.dst);
  const func::Src tn = ins.num_src > 0 ? ps1_source(ins.src[0]) : func::Src{};
  switch (ins.op) {
    case Opcode::Tex: {
      if (!v14) return ps1_sample(m, dst, ps1_texcoord(m));
      const SrcMod mod = ins.src[0].mod;
      if (mod != SrcMod::Dz && mod != SrcMod::Dw) return ps1_sample(m, dst, tn);
      // The divisor is the third selected channel: z of .xyz (_dz), w of .xyw (_dw).
      emit(make(Op::Divz, scratch_dst(kScCoord, 3), tn, select(tn, 2, 2, 2, 2)));
      return ps1_sample(m, dst, scratch_src(kScCoord));
    }
    case Opcode::TexCoord: {
      if (v14) {  // texcrd: the set itself, _dw dividing .xy by the selected w
        if (ins.src[0].mod == SrcMod::Dw) {
          func::Dst xy = dst;
          xy.mask = uint8_t(dst.mask & 3);
          emit(make(Op::Divz, xy, tn, select(tn, 2, 2, 2, 2)));
          if (dst.mask & 4) {
            func::Dst z = dst;
            z.mask = 4;
            emit(make(Op::Mov, z, tn));
          }
          return;
        }
        return emit(make(Op::Mov, dst, tn));
      }
      func::Dst xyz = dst;
      xyz.mask = 7;
      xyz.saturate = true;
      emit(make(Op::Mov, xyz, ps1_texcoord(m)));
      func::Dst w = dst;
      w.mask = 8;
      return emit(make(Op::Mov, w, ps1_constant(1)));
    }
    case Opcode::TexKill: {
      func::Instr in;
      in.op = Op::Texkill;
      SrcParam reg;
      reg.type = ins.dst.type;
      reg.number = m;
      in.src[0] = reg.type == RegType::Temp ? ps1_source(reg) : ps1_texcoord(m);
      return emit(in);
    }
    case Opcode::TexBem:
    case Opcode::TexBemL: {
      const func::Src tc = ps1_texcoord(m);
      emit(make(Op::Dp2Add, scratch_dst(kScCoord, 1), tn, ps1_bump(m, false),
                with_swizzle(tc, swizzle_replicate(0))));
      emit(make(Op::Dp2Add, scratch_dst(kScCoord, 2), tn,
                with_swizzle(ps1_bump(m, false), func::swizzle(2, 3, 2, 3)),
                with_swizzle(tc, swizzle_replicate(1))));
      ps1_sample(m, dst, scratch_src(kScCoord));
      if (ins.op == Opcode::TexBem) return;
      const func::Src lum = ps1_bump(m, true);
      emit(make(Op::Mad, scratch_dst(kScCoord, 4), with_swizzle(tn, swizzle_replicate(2)),
                with_swizzle(lum, swizzle_replicate(0)), with_swizzle(lum, swizzle_replicate(1))));
      func::Src t = scratch_src(kScCoord, swizzle_replicate(2));
      func::Src self;
      self.file = dst.file;
      self.index = dst.index;
      return emit(make(Op::Mul, dst, self, t));
    }
    case Opcode::TexReg2Ar: return ps1_sample(m, dst, with_swizzle(tn, func::swizzle(3, 0, 0, 0)));
    case Opcode::TexReg2Gb: return ps1_sample(m, dst, with_swizzle(tn, func::swizzle(1, 2, 2, 2)));
    case Opcode::TexReg2Rgb: return ps1_sample(m, dst, tn);
    case Opcode::TexM3x2Pad:
    case Opcode::TexM3x3Pad:
      emit(make(Op::Dp3, scratch_dst(kScMatrix, uint8_t(1u << ps1_pads_)), ps1_texcoord(m), tn));
      ++ps1_pads_;
      return;
    default: break;
  }
  // The last row of a texm* sequence, or a texdp3*.
  const int row = ps1_pads_;
  ps1_pads_ = 0;
  const func::Src tc = ps1_texcoord(m);
  switch (ins.op) {
    case Opcode::TexM3x2Tex:
    case Opcode::TexM3x3Tex:
      emit(make(Op::Dp3, scratch_dst(kScMatrix, uint8_t(1u << row)), tc, tn));
      return ps1_sample(m, dst, scratch_src(kScMatrix));
    case Opcode::TexM3x2Depth: {
      emit(make(Op::Dp3, scratch_dst(kScMatrix, 2), tc, tn));
      emit(make(Op::Divz, depth_dst(), scratch_src(kScMatrix, swizzle_replicate(0)),
                scratch_src(kScMatrix, swizzle_replicate(1))));
      use_output(func::kPixelDepthOutput);
      p_.writes_depth = true;
      return;
    }
    case Opcode::TexM3x3: {
      emit(make(Op::Dp3, scratch_dst(kScMatrix, 4), tc, tn));
      func::Dst xyz = dst;
      xyz.mask = 7;
      emit(make(Op::Mov, xyz, scratch_src(kScMatrix)));
      func::Dst w = dst;
      w.mask = 8;
      return emit(make(Op::Mov, w, ps1_constant(1)));
    }
    case Opcode::TexM3x3Spec:
      emit(make(Op::Dp3, scratch_dst(kScMatrix, 4), tc, tn));
      return ps1_reflect(ins, ps1_source(ins.src[1]));
    case Opcode::TexM3x3VSpec:
      emit(make(Op::Dp3, scratch_dst(kScMatrix, 4), tc, tn));
      for (int i = 0; i < 3; ++i)  // the eye vector is the w of the three rows
        emit(make(Op::Mov, scratch_dst(kScEye, uint8_t(1u << i)),
                  with_swizzle(ps1_texcoord(uint16_t(m - 2 + i)), swizzle_replicate(3))));
      return ps1_reflect(ins, scratch_src(kScEye));
    case Opcode::TexDp3Tex:
      emit(make(Op::Dp3, scratch_dst(kScCoord, 1), tc, tn));
      emit(make(Op::Mov, scratch_dst(kScCoord, 2), ps1_constant(0)));
      return ps1_sample(m, dst, scratch_src(kScCoord));
    case Opcode::TexDp3: return emit(make(Op::Dp3, dst, tc, tn));
    case Opcode::TexDepth: {
      SrcParam r5;
      r5.number = 5;
      const func::Src r = ps1_source(r5);
      emit(make(Op::Divz, depth_dst(), with_swizzle(r, swizzle_replicate(0)),
                with_swizzle(r, swizzle_replicate(1))));
      use_output(func::kPixelDepthOutput);
      p_.writes_depth = true;
      return;
    }
    default: fail("this ps_1_x texture instruction is not supported by the translator");
  }
}

}  // namespace gfx::d3d9::detail
