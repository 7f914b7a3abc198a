// The general fixed-function texture stage program (see fixed_function.h), used when the
// stage states differ from D3D9's defaults. Stages 0..7 are modelled; each computes
// its colour (rgb) and alpha operations on D3DTA arguments into CURRENT, saturated as the
// fixed-point stage hardware is:
//   SELECTARG1/2, MODULATE(2X/4X), ADD, ADDSIGNED, SUBTRACT, BLENDDIFFUSEALPHA,
//   BLENDTEXTUREALPHA, DOTPRODUCT3 (4 * dot(arg1 - 0.5, arg2 - 0.5), replicated to rgba)
// with arguments DIFFUSE, CURRENT, TEXTURE, TFACTOR (pixel c1), SPECULAR and the
// COMPLEMENT / ALPHAREPLICATE modifiers. A stage whose colour operation is DISABLE ends
// the cascade. TEXTURE of a stage with no texture bound reads opaque white. Other
// operations and arguments (TEMP, CONSTANT, bump mapping, ...) are errors, not guesses.
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
  kAdd = 7, kAddSigned = 8, kSubtract = 10, kBlendDiffuseAlpha = 12,
  kBlendTextureAlpha = 13, kDot3 = 24,
  // clang-format on
};
enum : uint32_t { kDiffuse = 0, kCurrent = 1, kTexture = 2, kTFactor = 3, kSpecular = 4 };
constexpr uint32_t kComplement = 0x10, kAlphaReplicate = 0x20;

constexpr uint16_t kLit = 2;  // pixel literal c2 = (0.5, 1, 2, 4)
enum : uint16_t { rCur = 0, rTex = 1, rA = 2, rB = 3, rM1 = 4, rM2 = 5, kTemps = 6 };

struct Gen {
  explicit Gen(Program& prog) : p(prog) {
    for (int& i : inputs) i = -1;
  }
  Program& p;
  int stage = 0;
  int inputs[kNumVaryings];
  bool bound = false;

  uint16_t input(Varying v) {
    int& reg = inputs[int(v)];
    if (reg < 0) {
      reg = p.num_inputs++;
      p.pixel_inputs.push_back({v, uint16_t(reg)});
    }
    return uint16_t(reg);
  }
  void emit(Op o, uint16_t dst, uint8_t mask, Src a, Src b = Src{}, Src c2 = Src{},
            bool sat = false) {
    p.code.push_back(op(o, RegFile::Temp, dst, mask, a, b, c2, sat));
  }
  [[noreturn]] void unsupported(const std::string& what) const {
    throw Error("fixed-function texture stage " + std::to_string(stage) + ": " + what +
                " is not modelled");
  }

  // The source of a D3DTA argument; `scratch` receives a complemented value.
  Src arg(uint32_t a, uint16_t scratch) {
    Src s;
    switch (a & 0xF) {
      case kDiffuse: s = v(input(Varying::Color0)); break;
      case kCurrent: s = stage == 0 ? v(input(Varying::Color0)) : r(rCur); break;
      case kTexture: s = bound ? r(rTex) : c(kLit, kY); break;
      case kTFactor: s = c(1); break;
      case kSpecular: s = v(input(Varying::Color1)); break;
      default: unsupported("argument D3DTA " + std::to_string(a & 0xF));
    }
    if (a & kAlphaReplicate) s.swz = kW;
    if (a & kComplement) {
      emit(Op::Add, scratch, 0xF, neg(s), c(kLit, kY));  // 1 - x
      s = r(scratch);
    }
    return s;
  }

  // One operation into CURRENT's channels `mask`.
  void operation(uint32_t o, uint32_t a1, uint32_t a2, uint8_t mask) {
    const bool one_arg = o == kSelect1, two_only = o == kSelect2;
    const Src x = two_only ? Src{} : arg(a1, rM1);
    const Src y = one_arg ? Src{} : arg(a2, rM2);
    switch (o) {
      case kSelect1: emit(Op::Mov, rCur, mask, x, Src{}, Src{}, true); break;
      case kSelect2: emit(Op::Mov, rCur, mask, y, Src{}, Src{}, true); break;
      case kModulate: emit(Op::Mul, rCur, mask, x, y, Src{}, true); break;
      case kModulate2x:
      case kModulate4x:
        emit(Op::Mul, rA, mask, x, y);
        emit(Op::Mul, rCur, mask, r(rA), c(kLit, o == kModulate2x ? kZ : kW), Src{}, true);
        break;
      case kAdd: emit(Op::Add, rCur, mask, x, y, Src{}, true); break;
      case kAddSigned:
        emit(Op::Add, rA, mask, x, y);
        emit(Op::Add, rCur, mask, r(rA), neg(c(kLit, kX)), Src{}, true);
        break;
      case kSubtract: emit(Op::Add, rCur, mask, x, neg(y), Src{}, true); break;
      case kBlendDiffuseAlpha:
        emit(Op::Lrp, rCur, mask, v(input(Varying::Color0), kW), x, y, true);
        break;
      case kBlendTextureAlpha:
        emit(Op::Lrp, rCur, mask, bound ? r(rTex, kW) : c(kLit, kY), x, y, true);
        break;
      case kDot3:
        emit(Op::Add, rA, 0x7, x, neg(c(kLit, kX)));
        emit(Op::Add, rB, 0x7, y, neg(c(kLit, kX)));
        emit(Op::Dp3, rA, 0x1, r(rA), r(rB));
        emit(Op::Mul, rCur, 0xF, r(rA, kX), c(kLit, kW), Src{}, true);
        break;
      default: unsupported("operation D3DTOP " + std::to_string(o));
    }
  }
};

bool uses_texture(const api::TextureStageState& s) {
  auto t = [](uint32_t a) { return (a & 0xF) == kTexture; };
  return t(s.color_arg1) || t(s.color_arg2) || t(s.alpha_arg1) || t(s.alpha_arg2) ||
         s.color_op == kBlendTextureAlpha || s.alpha_op == kBlendTextureAlpha;
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
    for (uint32_t x : {t.color_op, t.color_arg1, t.color_arg2, t.alpha_op, t.alpha_arg1,
                       t.alpha_arg2, t.texcoord_index, t.texture_transform_flags})
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
  // CURRENT starts as the diffuse colour (what stage 0's CURRENT reads).
  p.code.push_back(op(Op::Mov, RegFile::Temp, rCur, 0xF, v(g.input(Varying::Color0))));
  std::string name = "ff_ps[stages";
  const bool per_stage = ff_texcoords_per_stage(stages);
  for (int s = 0; s < int(api::kMaxTextureStages); ++s) {
    const api::TextureStageState& t = stages[s];
    if (t.color_op == kDisable) break;
    g.stage = s;
    g.bound = bound[s];
    if (g.bound && uses_texture(t)) {
      // Per-stage coordinates (texgen / transforms) arrive in TexCoord s, projected ones
      // with their divisor in w.
      const unsigned set = per_stage ? unsigned(s) : t.texcoord_index;
      const uint16_t tc = g.input(Varying(unsigned(Varying::TexCoord0) + set));
      Instr tex = op(Op::Tex, RegFile::Temp, rTex, 0xF, v(tc));
      tex.sampler = uint8_t(s);
      if (per_stage && (t.texture_transform_flags & kTtffProjected))
        tex.tex_mode = TexMode::Project;
      p.code.push_back(tex);
    }
    g.operation(t.color_op, t.color_arg1, t.color_arg2, t.color_op == kDot3 ? 0xF : 0x7);
    if (t.color_op != kDot3 && t.alpha_op != kDisable)
      g.operation(t.alpha_op, t.alpha_arg1, t.alpha_arg2, 0x8);
    name += "," + std::to_string(t.color_op) + "/" + std::to_string(t.alpha_op);
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
