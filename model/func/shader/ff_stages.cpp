// The general fixed-function texture stage program (see fixed_function.h), used when the
// stage states differ from D3D9's defaults. Stages 0..7 are modelled; each computes its
// colour (rgb) and alpha operations on D3DTA arguments into its result register (CURRENT,
// or TEMP with D3DTSS_RESULTARG), saturated as the fixed-point stage hardware is. With
// x = arg1, y = arg2, z = arg0 (COLORARG0 / ALPHAARG0):
//   SELECTARG1 x, SELECTARG2 y, MODULATE(2X/4X) x y (2, 4), ADD x + y,
//   ADDSIGNED(2X) (x + y - 0.5) (2), SUBTRACT x - y, ADDSMOOTH x + y - x y,
//   BLEND{DIFFUSE,TEXTURE,FACTOR,CURRENT}ALPHA lerp by that alpha, BLENDTEXTUREALPHAPM
//   x + y (1 - texture alpha), MODULATEALPHA_ADDCOLOR x + x.a y, MODULATECOLOR_ADDALPHA
//   x y + x.a, MODULATEINVALPHA_ADDCOLOR x + (1 - x.a) y, MODULATEINVCOLOR_ADDALPHA
//   (1 - x) y + x.a, DOTPRODUCT3 4 dot(x - 0.5, y - 0.5) replicated to rgba,
//   MULTIPLYADD z + x y, LERP z x + (1 - z) y.
// These are D3D9's definitions, with LERP's and MULTIPLYADD's argument order as D3D9
// hardware runs them (arg0 is the blend factor / the addend). The four MODULATE*_ADD*
// operations are colour operations only, as D3D9 defines them. Arguments: DIFFUSE,
// CURRENT, TEXTURE, TFACTOR (pixel c1), SPECULAR, TEMP (starts at 0 in each pixel) and
// CONSTANT (pixel c4 + stage), with the COMPLEMENT / ALPHAREPLICATE modifiers. A stage
// whose colour operation is DISABLE ends the cascade. TEXTURE of a stage with no texture
// bound reads opaque white. BUMPENVMAP(LUMINANCE) on stage s leaves CURRENT as it is and
// bends stage s + 1's lookup: (u, v) += (MAT00 du + MAT10 dv, MAT01 du + MAT11 dv) with
// stage s's texel (du, dv, l) and matrix; the LUMINANCE form then scales that lookup's
// colour by l LSCALE + LOFFSET (pixel c16 + 2 s, c17 + 2 s; the same as ps_1_x texbem /
// texbeml). PREMODULATE is an error, not a guess.
#include <string>

#include "common/error.h"
#include "func/shader/ff_internal.h"
#include "func/shader/fixed_function.h"

namespace gfx::func {
namespace {

using namespace ff;

enum : uint32_t {
  // clang-format off
  kDisable = 1, kSelect1 = 2, kSelect2 = 3, kModulate = 4, kModulate2x = 5, kModulate4x = 6,
  kAdd = 7, kAddSigned = 8, kAddSigned2x = 9, kSubtract = 10, kAddSmooth = 11,
  kBlendDiffuseAlpha = 12, kBlendTextureAlpha = 13, kBlendFactorAlpha = 14,
  kBlendTextureAlphaPm = 15, kBlendCurrentAlpha = 16, kPremodulate = 17,
  kModAlphaAddColor = 18, kModColorAddAlpha = 19, kModInvAlphaAddColor = 20,
  kModInvColorAddAlpha = 21, kBumpEnvMap = 22, kBumpEnvMapLuminance = 23, kDot3 = 24,
  kMultiplyAdd = 25, kLerp = 26,
  // clang-format on
};
enum : uint32_t {
  kDiffuse = 0,
  kCurrent = 1,
  kTexture = 2,
  kTFactor = 3,
  kSpecular = 4,
  kTemp = 5,
  kConstant = 6
};
constexpr uint32_t kComplement = 0x10, kAlphaReplicate = 0x20;

constexpr uint16_t kLit = 2;  // pixel literal c2 = (0.5, 1, 2, 4)
enum : uint16_t {
  rCur = 0,
  rTex = 1,
  rA = 2,
  rB = 3,
  rM0 = 4,
  rM1 = 5,
  rM2 = 6,
  rTemp = 7,
  rBump = 8,  // the bump stage's texel (du, dv, l) for the stage after it
  kTemps = 9
};

// The source `s` with its alpha channel (after its own swizzle) in all four channels.
Src alpha_of(Src s) {
  const uint8_t w = uint8_t((s.swz >> 6) & 3);
  s.swz = swizzle(w, w, w, w);
  return s;
}

bool colour_only(uint32_t o) {
  return (o >= kModAlphaAddColor && o <= kModInvColorAddAlpha) || o == kBumpEnvMap ||
         o == kBumpEnvMapLuminance;
}
bool triadic(uint32_t o) { return o == kMultiplyAdd || o == kLerp; }
bool bump(uint32_t o) { return o == kBumpEnvMap || o == kBumpEnvMapLuminance; }

struct Gen {
  explicit Gen(Program& prog) : p(prog) {
    for (int& i : inputs) i = -1;
  }
  Program& p;
  int stage = 0;
  int inputs[kNumVaryings];
  bool bound = false;
  uint16_t dst = rCur;  // the stage's D3DTSS_RESULTARG

  uint16_t input(Varying v) {
    int& reg = inputs[int(v)];
    if (reg < 0) {
      reg = p.num_inputs++;
      p.pixel_inputs.push_back({v, uint16_t(reg)});
    }
    return uint16_t(reg);
  }
  void emit(Op o, uint16_t to, uint8_t mask, Src a, Src b = Src{}, Src c2 = Src{},
            bool sat = false) {
    p.code.push_back(op(o, RegFile::Temp, to, mask, a, b, c2, sat));
  }
  [[noreturn]] void unsupported(const std::string& what) const {
    throw Error("fixed-function texture stage " + std::to_string(stage) + ": " + what +
                " is not modelled");
  }

  Src texture_alpha() const { return bound ? r(rTex, kW) : c(kLit, kY); }
  Src one() const { return c(kLit, kY); }

  // The source of a D3DTA argument; `scratch` receives a complemented value.
  Src arg(uint32_t a, uint16_t scratch) {
    Src s;
    switch (a & 0xF) {
      case kDiffuse: s = v(input(Varying::Color0)); break;
      case kCurrent: s = r(rCur); break;  // stage 0's CURRENT: rCur starts as the diffuse
      case kTexture: s = bound ? r(rTex) : one(); break;
      case kTFactor: s = c(1); break;
      case kSpecular: s = v(input(Varying::Color1)); break;
      case kTemp: s = r(rTemp); break;
      case kConstant: s = c(uint16_t(kFfStageConstantConst + stage)); break;
      default: unsupported("argument D3DTA " + std::to_string(a & 0xF));
    }
    if (a & kAlphaReplicate) s.swz = kW;
    if (a & kComplement) {
      emit(Op::Add, scratch, 0xF, neg(s), one());  // 1 - x
      s = r(scratch);
    }
    return s;
  }

  // 1 - s into scratch register `t`.
  Src complement(Src s, uint16_t t) {
    emit(Op::Add, t, 0xF, neg(s), one());
    return r(t);
  }

  // One operation (`o` of `which`, "colour" or "alpha") into the result's channels `mask`.
  void operation(uint32_t o, uint32_t a0, uint32_t a1, uint32_t a2, uint8_t mask,
                 const char* which) {
    if (mask == 0x8 && colour_only(o))
      throw Error("fixed-function texture stage " + std::to_string(stage) + ": D3DTOP " +
                  std::to_string(o) + " is a colour operation only (D3D9), not an alpha one");
    if (o == kPremodulate)
      unsupported(std::string(which) + " operation D3DTOP " + std::to_string(o));
    const bool one_arg = o == kSelect1, two_only = o == kSelect2;
    const Src x = two_only ? Src{} : arg(a1, rM1);
    const Src y = one_arg ? Src{} : arg(a2, rM2);
    const Src z = triadic(o) ? arg(a0, rM0) : Src{};
    const bool sat = true;
    switch (o) {
      case kSelect1: emit(Op::Mov, dst, mask, x, Src{}, Src{}, sat); break;
      case kSelect2: emit(Op::Mov, dst, mask, y, Src{}, Src{}, sat); break;
      case kModulate: emit(Op::Mul, dst, mask, x, y, Src{}, sat); break;
      case kModulate2x:
      case kModulate4x:
        emit(Op::Mul, rA, mask, x, y);
        emit(Op::Mul, dst, mask, r(rA), c(kLit, o == kModulate2x ? kZ : kW), Src{}, sat);
        break;
      case kAdd: emit(Op::Add, dst, mask, x, y, Src{}, sat); break;
      case kAddSigned:
        emit(Op::Add, rA, mask, x, y);
        emit(Op::Add, dst, mask, r(rA), neg(c(kLit, kX)), Src{}, sat);
        break;
      case kAddSigned2x:  // (x + y - 0.5) * 2
        emit(Op::Add, rA, mask, x, y);
        emit(Op::Add, rA, mask, r(rA), neg(c(kLit, kX)));
        emit(Op::Mul, dst, mask, r(rA), c(kLit, kZ), Src{}, sat);
        break;
      case kSubtract: emit(Op::Add, dst, mask, x, neg(y), Src{}, sat); break;
      case kAddSmooth:  // x + y - x y = (1 - x) y + x
        emit(Op::Mad, dst, mask, complement(x, rA), y, x, sat);
        break;
      case kBlendDiffuseAlpha:
        emit(Op::Lrp, dst, mask, v(input(Varying::Color0), kW), x, y, sat);
        break;
      case kBlendTextureAlpha: emit(Op::Lrp, dst, mask, texture_alpha(), x, y, sat); break;
      case kBlendFactorAlpha: emit(Op::Lrp, dst, mask, c(1, kW), x, y, sat); break;
      case kBlendCurrentAlpha: emit(Op::Lrp, dst, mask, r(rCur, kW), x, y, sat); break;
      case kBlendTextureAlphaPm:  // x + y (1 - texture alpha)
        emit(Op::Mad, dst, mask, y, complement(texture_alpha(), rA), x, sat);
        break;
      case kModAlphaAddColor: emit(Op::Mad, dst, mask, alpha_of(x), y, x, sat); break;
      case kModColorAddAlpha: emit(Op::Mad, dst, mask, x, y, alpha_of(x), sat); break;
      case kModInvAlphaAddColor:
        emit(Op::Mad, dst, mask, complement(alpha_of(x), rA), y, x, sat);
        break;
      case kModInvColorAddAlpha:
        emit(Op::Mad, dst, mask, complement(x, rA), y, alpha_of(x), sat);
        break;
      case kDot3:  // the colour operation writes all four channels (mask 0xF)
        emit(Op::Add, rA, 0x7, x, neg(c(kLit, kX)));
        emit(Op::Add, rB, 0x7, y, neg(c(kLit, kX)));
        emit(Op::Dp3, rA, 0x1, r(rA), r(rB));
        emit(Op::Mul, dst, mask, r(rA, kX), c(kLit, kW), Src{}, sat);
        break;
      case kMultiplyAdd: emit(Op::Mad, dst, mask, x, y, z, sat); break;
      case kLerp: emit(Op::Lrp, dst, mask, z, x, y, sat); break;
      default: unsupported(std::string(which) + " operation D3DTOP " + std::to_string(o));
    }
  }
};

bool uses_texture(const api::TextureStageState& s) {
  auto t = [](uint32_t a) { return (a & 0xF) == kTexture; };
  auto implicit = [](uint32_t o) { return o == kBlendTextureAlpha || o == kBlendTextureAlphaPm; };
  return t(s.color_arg1) || t(s.color_arg2) || t(s.alpha_arg1) || t(s.alpha_arg2) ||
         (triadic(s.color_op) && t(s.color_arg0)) || (triadic(s.alpha_op) && t(s.alpha_arg0)) ||
         implicit(s.color_op) || implicit(s.alpha_op);
}

bool uses_temp(const api::TextureStageState* stages) {
  for (unsigned s = 0; s < api::kMaxTextureStages && stages[s].color_op != kDisable; ++s) {
    const auto& t = stages[s];
    for (uint32_t a : {t.color_arg0, t.color_arg1, t.color_arg2, t.alpha_arg0, t.alpha_arg1,
                       t.alpha_arg2, t.result_arg})
      if ((a & 0xF) == kTemp) return true;
  }
  return false;
}

}  // namespace

bool ff_stages_are_default(const api::TextureStageState* stages) {
  if (!(stages[0] == api::TextureStageState{})) return false;
  for (unsigned s = 1; s < api::kMaxTextureStages; ++s)
    if (stages[s].color_op != kDisable) return false;
  return true;
}

std::string ff_stages_key(const api::TextureStageState* stages, const bool* bound) {
  std::string k;
  for (unsigned s = 0; s < api::kMaxTextureStages; ++s) {
    const auto& t = stages[s];
    // The constant is a pixel constant (c4 + s), not part of the program.
    for (uint32_t x :
         {t.color_op, t.color_arg1, t.color_arg2, t.alpha_op, t.alpha_arg1, t.alpha_arg2,
          t.texcoord_index, t.texture_transform_flags, t.color_arg0, t.alpha_arg0, t.result_arg})
      k += std::to_string(x) + ".";
    k += bound[s] ? "T|" : "-|";
    if (t.color_op == kDisable) break;
  }
  return k;
}

Program make_ff_stage_program(const api::TextureStageState* stages, const bool* bound,
                              bool specular, bool fog, api::FogMode table) {
  Program p;
  p.stage = api::ShaderStage::Pixel;
  p.num_temps = kTemps;
  p.literal_constants.push_back({kLit, Vec4{0.5f, 1.0f, 2.0f, 4.0f}});
  Gen g(p);
  g.input(Varying::Color0);
  // CURRENT starts as the diffuse colour (what stage 0's CURRENT reads), TEMP as 0.
  p.code.push_back(op(Op::Mov, RegFile::Temp, rCur, 0xF, v(g.input(Varying::Color0))));
  if (uses_temp(stages))
    p.code.push_back(op(Op::Add, RegFile::Temp, rTemp, 0xF, c(kLit, kX), neg(c(kLit, kX))));
  std::string name = "ff_ps[stages";
  const bool per_stage = ff_texcoords_per_stage(stages);
  for (int s = 0; s < int(api::kMaxTextureStages); ++s) {
    const api::TextureStageState& t = stages[s];
    if (t.color_op == kDisable) break;
    g.stage = s;
    g.bound = bound[s];
    g.dst = t.result_arg == kTemp ? rTemp : rCur;
    const bool bent = s > 0 && bump(stages[s - 1].color_op);  // after a bump stage
    if (g.bound && (uses_texture(t) || bump(t.color_op))) {
      // Per-stage coordinates (texgen / transforms) arrive in TexCoord s, projected ones
      // with their divisor in w.
      const unsigned set = per_stage ? unsigned(s) : t.texcoord_index;
      const uint16_t tc = g.input(Varying(unsigned(Varying::TexCoord0) + set));
      const bool projected = per_stage && (t.texture_transform_flags & kTtffProjected);
      Src coord = v(tc);
      const uint16_t env = uint16_t(kFfBumpEnvConst + 2 * (s - 1));
      if (bent) {
        if (projected) g.unsupported("a projected lookup bent by BUMPENVMAP");
        g.emit(Op::Mov, rA, 0xF, coord);
        g.emit(Op::Dp2Add, rA, 0x1, r(rBump), c(env), v(tc, kX));
        g.emit(Op::Dp2Add, rA, 0x2, r(rBump), c(env, swizzle(2, 3, 2, 3)), v(tc, kY));
        coord = r(rA);
      }
      Instr tex = op(Op::Tex, RegFile::Temp, rTex, 0xF, coord);
      tex.sampler = uint8_t(s);
      if (projected) tex.tex_mode = TexMode::Project;
      p.code.push_back(tex);
      if (bent && stages[s - 1].color_op == kBumpEnvMapLuminance) {
        g.emit(Op::Mad, rB, 0x1, r(rBump, kZ), c(uint16_t(env + 1), kX), c(uint16_t(env + 1), kY));
        g.emit(Op::Mul, rTex, 0xF, r(rTex), r(rB, kX));
      }
    }
    if (bump(t.color_op)) {  // keep (du, dv, l) for the next stage; CURRENT stays as it is
      g.emit(Op::Mov, rBump, 0xF, g.bound ? r(rTex) : g.one());
      if (t.alpha_op != kDisable)
        g.operation(t.alpha_op, t.alpha_arg0, t.alpha_arg1, t.alpha_arg2, 0x8, "alpha");
      name += "," + std::to_string(t.color_op) + "/" + std::to_string(t.alpha_op);
      continue;
    }
    // DOTPRODUCT3 as the colour operation fills alpha too, and the alpha operation is
    // then not run (D3D9). The alpha operation reads CURRENT as the colour operation
    // left it only through .a, which the colour operation does not write.
    const bool dot_colour = t.color_op == kDot3;
    g.operation(t.color_op, t.color_arg0, t.color_arg1, t.color_arg2, dot_colour ? 0xF : 0x7,
                "colour");
    if (!dot_colour && t.alpha_op != kDisable)
      g.operation(t.alpha_op, t.alpha_arg0, t.alpha_arg1, t.alpha_arg2, 0x8, "alpha");
    name += "," + std::to_string(t.color_op) + "/" + std::to_string(t.alpha_op);
    if (g.dst == rTemp) name += ">temp";
  }
  if (specular) {
    g.emit(Op::Add, rCur, 0x7, r(rCur), v(g.input(Varying::Color1)), Src{}, true);
    name += "+specular";
  }
  if (fog) {
    Src f = v(g.input(Varying::Fog), kX);
    if (table != api::FogMode::None) {  // pixel fog: the factor from the distance
      emit_table_fog_factor(p, table, f, rA);
      f = r(rA, kX);
      name += ",table" + std::to_string(int(table));
    }
    p.code.push_back(op(Op::Lrp, RegFile::Output, 0, 0x7, f, r(rCur), c(0)));
    p.code.push_back(op(Op::Mov, RegFile::Output, 0, 0x8, r(rCur)));
    name += ",fog";
  } else {
    p.code.push_back(op(Op::Mov, RegFile::Output, 0, 0xF, r(rCur)));
  }
  p.code.push_back(end());
  p.num_outputs = 1;
  p.name = name + "]";
  return p;
}

}  // namespace gfx::func
