// One D3D9 sequence per ARB opcode, and the program's epilogue and final assembly.
#include <cstdio>
#include <cstring>
#include <map>

#include "common/error.h"
#include "d3d9/assembler.h"
#include "import/arb_translator.h"

namespace gfx::import {
namespace {

enum class Form { V1, S1, V2, S2, V3, Arl, Swz, Kil, Tex };
struct OpInfo {
  Form form;
  bool vp, fp;
};

const std::map<std::string, OpInfo>& opcodes() {
  static const std::map<std::string, OpInfo> k = {
      {"ABS", {Form::V1, true, true}},   {"ADD", {Form::V2, true, true}},
      {"ARL", {Form::Arl, true, false}}, {"CMP", {Form::V3, false, true}},
      {"COS", {Form::S1, false, true}},  {"DP3", {Form::V2, true, true}},
      {"DP4", {Form::V2, true, true}},   {"DPH", {Form::V2, true, true}},
      {"DST", {Form::V2, true, true}},   {"EX2", {Form::S1, true, true}},
      {"EXP", {Form::S1, true, false}},  {"FLR", {Form::V1, true, true}},
      {"FRC", {Form::V1, true, true}},   {"KIL", {Form::Kil, false, true}},
      {"LG2", {Form::S1, true, true}},   {"LIT", {Form::V1, true, true}},
      {"LOG", {Form::S1, true, false}},  {"LRP", {Form::V3, false, true}},
      {"MAD", {Form::V3, true, true}},   {"MAX", {Form::V2, true, true}},
      {"MIN", {Form::V2, true, true}},   {"MOV", {Form::V1, true, true}},
      {"MUL", {Form::V2, true, true}},   {"POW", {Form::S2, true, true}},
      {"RCP", {Form::S1, true, true}},   {"RSQ", {Form::S1, true, true}},
      {"SCS", {Form::S1, false, true}},  {"SGE", {Form::V2, true, true}},
      {"SIN", {Form::S1, false, true}},  {"SLT", {Form::V2, true, true}},
      {"SUB", {Form::V2, true, true}},   {"SWZ", {Form::Swz, true, true}},
      {"TEX", {Form::Tex, false, true}}, {"TXB", {Form::Tex, false, true}},
      {"TXP", {Form::Tex, false, true}}, {"XPD", {Form::V2, true, true}},
  };
  return k;
}

// Opcodes whose D3D9 instruction computes exactly what ARB's does.
const std::map<std::string, std::string>& direct() {
  static const std::map<std::string, std::string> k = {
      {"ABS", "abs"}, {"ADD", "add"}, {"DP3", "dp3"}, {"DP4", "dp4"}, {"EX2", "exp"},
      {"FRC", "frc"}, {"LG2", "log"}, {"MAD", "mad"}, {"MAX", "max"}, {"MIN", "min"},
      {"MOV", "mov"}, {"MUL", "mul"}, {"POW", "pow"}, {"RCP", "rcp"}, {"RSQ", "rsq"},
      {"SUB", "sub"}, {"LRP", "lrp"},
  };
  return k;
}

std::string mask_and(const std::string& mask, const char* keep) {
  std::string m;
  for (char c : mask)
    if (std::strchr(keep, c)) m += c;
  return m;
}

constexpr float kLitPower = 127.9961f;  // |w| limit of LIT, as D3D9's lit (alu_ext.cpp)

}  // namespace

void ArbTranslator::emit(const std::string& line) { body_ << line << '\n'; }

void ArbTranslator::op(const std::string& name, const ArbDst& d0, const std::vector<ArbSrc>& s) {
  ArbDst d = d0;
  // oFog and oPts are scalars: ARB writes their x.
  if (d.reg == "oFog" || d.reg == "oPts") {
    if (d.mask.find('x') == std::string::npos) return;
    d.mask = "x";
  }
  if (d.mask.empty()) return;
  std::string line = name + (d.saturate ? "_sat " : " ") + d.text();
  for (const ArbSrc& x : s) line += ", " + x.text();
  emit(line);
}

void ArbTranslator::move_out(const ArbDst& d, const std::string& reg) {
  op("mov", d, {ArbSrc{reg}});
}

void ArbTranslator::instruction(const std::string& opcode, int line) {
  std::string name = opcode;
  bool sat = false;
  if (!vertex() && name.size() > 4 && name.compare(name.size() - 4, 4, "_SAT") == 0) {
    sat = true;
    name.resize(name.size() - 4);
  }
  auto it = opcodes().find(name);
  if (it == opcodes().end() || !(vertex() ? it->second.vp : it->second.fp))
    fail_at(line,
            "'" + opcode + "' is not an " + (vertex() ? "ARBvp1.0" : "ARBfp1.0") + " instruction");
  const Form form = it->second.form;
  const std::string s0 = scratch(0), s1 = scratch(1), s2 = scratch(2);
  auto scalar = [&]() {
    ArbSrc s = source();
    if (!s.scalar) fail_at(line, name + " takes a scalar operand (.x, .y, .z or .w)");
    return s;
  };

  if (form == Form::Kil) {
    const ArbSrc a = source();
    // texkill tests x, y and z; GL's KIL all four: fold w into each of them first.
    emit("mov " + s0 + ", " + a.text());
    emit("min " + s0 + ".xyz, " + s0 + ", " + s0 + ".w");
    emit("texkill " + s0);
    return;
  }
  if (form == Form::Arl) {
    const std::string a = identifier("an address register");
    auto ai = symbols_.find(a);
    if (ai == symbols_.end() || ai->second.kind != Symbol::Kind::Address)
      fail_at(line, "ARL writes an ADDRESS register, not '" + a + "'");
    if (accept(".") && identifier("x") != "x") fail_at(line, "an address register has only .x");
    expect(",");
    const ArbSrc s = scalar();
    // ARL floors; D3D9's mova rounds to nearest, so it gets the floor already made.
    emit("frc " + s0 + ".x, " + s.text());
    emit("add " + s0 + ".x, " + s.text() + ", -" + s0 + ".x");
    emit("mova " + ai->second.reg + ", " + s0 + ".x");
    return;
  }
  ArbDst d = destination();
  d.saturate = sat;
  expect(",");
  if (form == Form::Swz) {
    swz(d);
    return;
  }
  if (form == Form::Tex) {
    const ArbSrc coord = source();
    texture_instruction(name, d, coord);
    return;
  }
  std::vector<ArbSrc> s;
  const int count = form == Form::V1 || form == Form::S1 ? 1 : form == Form::V3 ? 3 : 2;
  for (int i = 0; i < count; ++i) {
    if (i) expect(",");
    s.push_back(form == Form::S1 || form == Form::S2 ? scalar() : source());
  }
  auto dm = direct().find(name);
  if (dm != direct().end()) {
    op(dm->second, d, s);
  } else if (name == "CMP") {  // GL: a < 0 ? b : c; D3D9 cmp: a >= 0 ? second : third
    op("cmp", d, {s[0], s[2], s[1]});
  } else if (vertex() && (name == "SGE" || name == "SLT" || name == "LIT" || name == "DST")) {
    std::string n = name;
    for (char& c : n) c = static_cast<char>(std::tolower(c));
    op(n, d, s);
  } else if (name == "SGE" || name == "SLT") {  // ps: a - b >= 0 selects 1 (SGE) or 0 (SLT)
    emit("add " + s0 + ", " + s[0].text() + ", " + s[1].negated().text());
    op("cmp", d, {ArbSrc{s0}, name == "SGE" ? one() : zero(), name == "SGE" ? zero() : one()});
  } else if (name == "FLR") {
    emit("frc " + s0 + ", " + s[0].text());
    op("add", d, {s[0], ArbSrc{s0}.negated()});
  } else if (name == "DPH") {
    emit("dp3 " + s0 + ".x, " + s[0].text() + ", " + s[1].text());
    op("add", d, {ArbSrc{s0}.component(0), s[1].component(3)});
  } else if (name == "XPD") {  // crs takes plain temporaries and writes xyz only
    emit("mov " + s0 + ", " + s[0].text());
    emit("mov " + s1 + ", " + s[1].text());
    emit("crs " + s2 + ".xyz, " + s0 + ", " + s1);
    ArbDst x = d;
    x.mask = mask_and(d.mask, "xyz");
    move_out(x, s2);
  } else if (name == "EXP") {  // (2^floor(s), s - floor(s), 2^s, 1)
    emit("frc " + s0 + ".y, " + s[0].text());
    emit("add " + s0 + ".x, " + s[0].text() + ", -" + s0 + ".y");
    emit("exp " + s0 + ".x, " + s0 + ".x");
    emit("exp " + s0 + ".z, " + s[0].text());
    emit("mov " + s0 + ".w, " + one().text());
    move_out(d, s0);
  } else if (name == "LOG") {  // (floor(log2|s|), |s| / 2^floor(log2|s|), log2|s|, 1)
    emit("log " + s0 + ".z, " + s[0].text());
    emit("frc " + s0 + ".y, " + s0 + ".z");
    emit("add " + s0 + ".x, " + s0 + ".z, -" + s0 + ".y");
    emit("exp " + s0 + ".y, -" + s0 + ".x");
    emit("abs " + s1 + ".y, " + s[0].text());
    emit("mul " + s0 + ".y, " + s0 + ".y, " + s1 + ".y");
    emit("mov " + s0 + ".w, " + one().text());
    move_out(d, s0);
  } else if (name == "LIT") {  // ps_2_x has no lit: (1, max(x,0), x > 0 ? max(y,0)^w : 0, 1)
    const ArbSrc lim =
        ArbSrc{"c" + std::to_string(literal({kLitPower, kLitPower, kLitPower, kLitPower}))};
    emit("mov " + s0 + ", " + s[0].text());
    emit("max " + s0 + ".xy, " + s0 + ", " + zero().text());
    emit("max " + s0 + ".w, " + s0 + ".w, " + lim.negated().text());
    emit("min " + s0 + ".w, " + s0 + ".w, " + lim.text());
    emit("pow " + s0 + ".z, " + s0 + ".y, " + s0 + ".w");
    emit("cmp " + s0 + ".z, " + s[0].component(0).negated().text() + ", " + zero().text() + ", " +
         s0 + ".z");
    emit("mov " + s0 + ".y, " + s0 + ".x");
    emit("mov " + s0 + ".xw, " + one().text());
    move_out(d, s0);
  } else if (name == "DST") {  // ps_2_x has no dst: (1, a.y * b.y, a.z, b.w)
    emit("mul " + s0 + ", " + s[0].text() + ", " + s[1].text());
    emit("mov " + s0 + ".x, " + one().text());
    emit("mov " + s0 + ".z, " + s[0].component(2).text());
    emit("mov " + s0 + ".w, " + s[1].component(3).text());
    move_out(d, s0);
  } else if (name == "COS" || name == "SIN" || name == "SCS") {
    // The 2.x sincos names two constants (D3DSINCOSCONST1/2); gfxsim computes sin and
    // cos in full, for any argument, so their values do not matter but are D3D9's.
    const uint32_t k1 =
        literal({-1.5500992e-006f, -2.1701389e-005f, 0.0026041667f, 0.00026041668f});
    const uint32_t k2 = literal({-0.020833334f, -0.12500000f, 1.0f, 0.50000000f});
    emit("sincos " + s0 + ".xy, " + s[0].text() + ", c" + std::to_string(k1) + ", c" +
         std::to_string(k2));
    if (name == "SCS") {
      ArbDst x = d;
      x.mask = mask_and(d.mask, "xy");
      op("mov", x, {ArbSrc{s0, "xyyy"}});
    } else {
      op("mov", d, {ArbSrc{s0}.component(name == "COS" ? 0 : 1)});
    }
  } else {
    fail_at(line, name + " is not translated");  // every opcode of the table has a case above
  }
}

void ArbTranslator::texture_instruction(const std::string& name, const ArbDst& d,
                                        const ArbSrc& coord) {
  expect(",");
  if (identifier("texture") != "texture") fail("expected texture[n]");
  const uint32_t unit = optional_index(0);
  if (unit >= 16) fail("texture[" + std::to_string(unit) + "]: there are 16 texture units");
  expect(",");
  std::string target = next().text;
  if (peek(0).kind == ArbToken::Kind::Ident && (target == "1" || target == "2" || target == "3") &&
      peek().text == "D")
    target += next().text;  // "2D" lexes as the number 2 and the name D
  ArbTextureTarget t;
  if (target == "1D")
    t = ArbTextureTarget::Tex1D;
  else if (target == "2D")
    t = ArbTextureTarget::Tex2D;
  else if (target == "3D")
    t = ArbTextureTarget::Tex3D;
  else if (target == "CUBE")
    t = ArbTextureTarget::Cube;
  else if (target == "RECT")
    fail("texture target RECT (unnormalized coordinates) has no D3D9 form");
  else if (target.compare(0, 6, "SHADOW") == 0)
    fail("texture target " + target + " (depth comparison) is not supported");
  else
    fail("'" + target + "' is not a texture target");
  auto it = samplers_.find(unit);
  if (it != samplers_.end() && it->second != t)
    fail("texture[" + std::to_string(unit) + "] is sampled as two different targets");
  samplers_[unit] = t;
  // texld takes a plain register and writes a temporary: the coordinate's swizzle and sign
  // go through a scratch register first.
  const std::string s0 = scratch(0), s1 = scratch(1);
  emit("mov " + s0 + ", " + coord.text());
  const char* d3d = name == "TEX" ? "texld" : name == "TXP" ? "texldp" : "texldb";
  emit(std::string(d3d) + " " + s1 + ", " + s0 + ", s" + std::to_string(unit));
  move_out(d, s1);
}

void ArbTranslator::swz(const ArbDst& d) {
  ArbSrc src = source();
  if (src.swizzle != "xyzw" || src.scalar) fail("SWZ takes its swizzle after the operand");
  std::array<float, 4> constant{0, 0, 0, 0}, sign{1, 1, 1, 1};
  std::string swizzle = "xxxx", src_mask, const_mask;
  const char* xyzw = "xyzw";
  const char* rgba = "rgba";
  for (int i = 0; i < 4; ++i) {
    expect(",");
    const bool neg = accept("-");
    if (!neg) accept("+");
    const ArbToken t = next();
    if (t.kind == ArbToken::Kind::Number && (t.text == "0" || t.text == "1")) {
      // The operand's own sign applies to the 0 and 1 components too (as Mesa reads it).
      constant[size_t(i)] = (t.text == "1" ? 1.0f : 0.0f) * (neg != src.negate ? -1.0f : 1.0f);
      const_mask += xyzw[i];
      continue;
    }
    const char* p = t.text.size() == 1 ? std::strchr(xyzw, t.text[0]) : nullptr;
    const char* q = !vertex() && t.text.size() == 1 ? std::strchr(rgba, t.text[0]) : nullptr;
    if (t.kind != ArbToken::Kind::Ident || (!p && !q))
      fail_at(t.line, "'" + t.text + "' is not an extended swizzle component (x y z w 0 1)");
    swizzle[size_t(i)] = xyzw[p ? p - xyzw : q - rgba];
    sign[size_t(i)] = (neg != src.negate) ? -1.0f : 1.0f;
    src_mask += xyzw[i];
  }
  const std::string s0 = scratch(0);
  // A multiplication by +-1 is exact, so the selected channels come through unchanged.
  if (!const_mask.empty()) emit("mov " + s0 + ", c" + std::to_string(literal(constant)));
  if (!src_mask.empty()) {
    src.negate = false;
    src.swizzle = swizzle;
    emit("mul " + s0 + (src_mask == "xyzw" ? "" : "." + src_mask) + ", " + src.text() + ", c" +
         std::to_string(literal(sign)));
  }
  move_out(d, s0);
}

void ArbTranslator::epilogue() {
  std::ostringstream text;
  if (vertex()) {
    const std::string pos = "r" + std::to_string(kPositionTemp);
    if (out_.position_invariant) {  // the fixed-function transform: mvp times the position
      attributes_[0] = {0, api::DeclUsage::Position, 0};
      for (uint32_t r = 0; r < 4; ++r) {
        ArbConstant c;
        c.kind = ArbParamKind::MatrixRow;
        c.matrix = ArbMatrix::Mvp;
        c.row = r;
        c.path = "state.matrix.mvp.row[" + std::to_string(r) + "]";
        emit("dp4 " + pos + "." + "xyzw"[r] + ", v0, c" + std::to_string(bind(c, true)));
      }
    }
    ArbConstant fix;
    fix.kind = ArbParamKind::ViewportFixup;
    fix.path = "viewport.fixup";
    const uint32_t f = bind(fix, true);
    const uint32_t scale = literal({1, 1, 0.5f, 1});
    const std::string s0 = scratch(0);
    // GL clip space to D3D's: z' = (z + w) / 2, x' = x - w / vw, y' = y + w / vh.
    emit("mul " + s0 + ", " + pos + ".w, c" + std::to_string(f));
    emit("mad oPos, " + pos + ", c" + std::to_string(scale) + ", " + s0);
    text << "vs_2_x\n";
    static const char* kUsage[] = {"position",   "blendweight", "blendindices", "normal",
                                   "psize",      "texcoord",    "tangent",      "binormal",
                                   "tessfactor", "positiont",   "color",        "fog"};
    for (const auto& [reg, a] : attributes_) {
      text << "dcl_" << kUsage[size_t(a.usage)];
      if (a.usage_index) text << a.usage_index;
      text << " v" << reg << "\n";
      out_.attributes.push_back(a);
    }
  } else {
    if (writes_depth_) emit("mov oDepth, r" + std::to_string(kDepthTemp) + ".z");
    text << "ps_2_x\n";
    for (const auto& [reg, line] : inputs_) text << line << "\n";
    for (const auto& [unit, t] : samplers_) {
      static const char* kType[] = {"dcl_1d", "dcl_2d", "dcl_volume", "dcl_cube"};
      text << kType[size_t(t)] << " s" << unit << "\n";
      out_.samplers.push_back({unit, t});
    }
  }
  for (const auto& [reg, bits] : defs_) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "def c%u, 0x%08x, 0x%08x, 0x%08x, 0x%08x\n", reg, bits[0],
                  bits[1], bits[2], bits[3]);
    text << buf;
  }
  text << body_.str();
  out_.assembly = text.str();
  try {
    out_.tokens = d3d9::assemble(out_.assembly, {"<translated ARB program>", true});
  } catch (const Error& e) {
    // A translation the D3D9 rules reject is a translator bug; say where it came from.
    throw ArbError(peek().line, std::string("the D3D9 translation does not assemble: ") + e.what());
  }
}

ArbProgram translate_arb_program(const std::string& text) { return ArbTranslator(text).run(); }

}  // namespace gfx::import
