// Operand syntax: registers (r0, c[a0.x + 3], c3[a0.x], v[aL], oPos, vFace ...), write
// masks, swizzles (.xyzw / .rgba, short forms repeat their last channel), and source
// modifiers (-r0, r0_abs, -r0_abs, r0_bias, r0_bx2, 1-r0, r0_x2, !p0). A modifier suffix
// may stand after the register, after an index, or after the swizzle.
#include <string>

#include "d3d9/asm_internal.h"
#include "d3d9/registers.h"

namespace gfx::d3d9::asm_detail {
namespace {

struct RegName {
  RegType type = RegType::Temp;
  uint16_t number = 0;
  bool has_number = false;
};

struct Named {
  const char* name;
  RegType type;
  uint16_t number;
};
constexpr Named kNamed[] = {
    {"opos", RegType::RastOut, kRastPosition},    {"ofog", RegType::RastOut, kRastFog},
    {"opts", RegType::RastOut, kRastPointSize},   {"odepth", RegType::DepthOut, 0},
    {"vpos", RegType::Misc, kMiscPosition},       {"vface", RegType::Misc, kMiscFace},
    {"vprimid", RegType::Misc, kMiscPrimitiveId}, {"al", RegType::Loop, 0},
};

RegName parse_register(const Line& line, std::string_view text, int col) {
  const std::string s = lower(text);
  for (const Named& n : kNamed)
    if (s == n.name) return {n.type, n.number, true};
  const Version& v = line.version;
  const std::string bad = "register " + std::string(text) + " does not exist in " + v.name();
  // Longest prefixes first: od/ot/oc before o.
  struct Prefix {
    const char* p;
    RegType type;
  };
  static constexpr Prefix kPrefixes[] = {
      {"od", RegType::AttrOut}, {"ot", RegType::Output},   {"oc", RegType::ColorOut},
      {"o", RegType::Output},   {"r", RegType::Temp},      {"v", RegType::Input},
      {"c", RegType::Const},    {"a", RegType::Addr},      {"t", kTexture},
      {"i", RegType::ConstInt}, {"b", RegType::ConstBool}, {"s", RegType::Sampler},
      {"l", RegType::Label},    {"p", RegType::Predicate},
  };
  for (const Prefix& pr : kPrefixes) {
    const std::size_t n = std::char_traits<char>::length(pr.p);
    if (s.compare(0, n, pr.p) != 0) continue;
    const std::string digits = s.substr(n);
    bool all_digits = true;
    for (char c : digits) all_digits = all_digits && c >= '0' && c <= '9';
    if (!all_digits) continue;
    // Register type numbers shared by two register files, told apart by the version.
    const std::string p = pr.p;
    if (p == "ot" && !(v.is_vs() && v.major < 3)) line.fail(col, bad);
    if (p == "o" && !(v.is_vs() && v.major >= 3)) line.fail(col, bad);
    if (p == "a" && v.is_ps()) line.fail(col, bad);
    if (p == "t" && v.is_vs()) line.fail(col, bad);
    RegName r{pr.type, 0, !digits.empty()};
    if (digits.size() > 4 || (r.has_number && std::stoi(digits) > 2047))
      line.fail(col, "register number of " + std::string(text) + " is too large");
    if (r.has_number) r.number = static_cast<uint16_t>(std::stoi(digits));
    return r;
  }
  line.fail(col, "unknown register '" + std::string(text) + "'");
}

uint8_t parse_swizzle(const Line& line, std::string_view s, int col) {
  const std::string l = lower(s);
  if (l.empty() || l.size() > 4) line.fail(col, "invalid swizzle '." + std::string(s) + "'");
  int comp[4];
  for (std::size_t i = 0; i < l.size(); ++i) {
    const std::size_t k = std::string_view("xyzw").find(l[i]);
    const std::size_t kc = std::string_view("rgba").find(l[i]);
    if (k == std::string_view::npos && kc == std::string_view::npos)
      line.fail(col, "invalid swizzle '." + std::string(s) + "'");
    comp[i] = static_cast<int>(k != std::string_view::npos ? k : kc);
  }
  for (std::size_t i = l.size(); i < 4; ++i) comp[i] = comp[l.size() - 1];
  return static_cast<uint8_t>(comp[0] | comp[1] << 2 | comp[2] << 4 | comp[3] << 6);
}

uint8_t parse_mask(const Line& line, std::string_view s, int col) {
  const std::string l = lower(s);
  uint8_t mask = 0;
  int last = -1;
  for (char c : l) {
    std::size_t k = std::string_view("xyzw").find(c);
    if (k == std::string_view::npos) k = std::string_view("rgba").find(c);
    if (k == std::string_view::npos || static_cast<int>(k) <= last)
      line.fail(col, "invalid write mask '." + std::string(s) + "'");
    last = static_cast<int>(k);
    mask = static_cast<uint8_t>(mask | 1 << k);
  }
  if (mask == 0) line.fail(col, "invalid write mask '." + std::string(s) + "'");
  return mask;
}

// The inside of [...]: integers and at most one of a0[.swizzle] / aL, joined by '+'.
// Returns the sum of the integers.
int parse_index(Line& line, bool& relative, RelAddr& rel) {
  int sum = 0;
  relative = false;
  for (;;) {
    const Tok& t = line.next();
    if (t.kind == TokKind::Number) {
      bool ok = !t.text.empty();
      for (char c : t.text) ok = ok && c >= '0' && c <= '9';
      if (!ok || t.text.size() > 4)
        line.fail(t.col, "bad register index '" + std::string(t.text) + "'");
      sum += std::stoi(std::string(t.text));
    } else if (t.kind == TokKind::Ident && (lower(t.text) == "a0" || lower(t.text) == "al")) {
      if (relative) line.fail(t.col, "two address registers in one index");
      relative = true;
      const bool loop = lower(t.text) == "al";
      if (register_count(line.version, loop ? RegType::Loop : RegType::Addr) == 0 ||
          (!loop && line.version.is_ps()))  // type 3 is t# in pixel shaders
        line.fail(t.col, "register " + std::string(loop ? "aL" : "a0") + " does not exist in " +
                             line.version.name());
      rel = RelAddr{loop ? RegType::Loop : RegType::Addr, 0, kSwizzleIdentity};
      if (line.accept('.')) {
        const Tok& s = line.next();
        if (loop) line.fail(s.col, "aL takes no swizzle");
        rel.swizzle = parse_swizzle(line, s.text, s.col);
      }
      if (line.version.major == 1 && (loop || rel.swizzle != 0))
        line.fail(t.col, "vs_1_1 addresses constants only with a0.x");
    } else {
      line.fail(t.col,
                "expected a0, aL or a number in the index, got '" + std::string(t.text) + "'");
    }
    if (line.accept('+')) continue;
    if (line.peek().kind == TokKind::Punct && line.peek().text == "-")
      line.fail(line.peek().col, "index terms are joined with +");
    line.expect(']', "']'");
    return sum;
  }
}

// The register part shared by destinations and sources: name, optional [index].
template <class Param>
void parse_register_part(Line& line, std::string_view name, int col, Param& p) {
  const RegName r = parse_register(line, name, col);
  p.type = r.type;
  int number = r.number;
  if (line.accept('[')) {
    number += parse_index(line, p.relative, p.rel);
  } else if (!r.has_number) {
    line.fail(col, "register '" + std::string(name) + "' needs a number");
  }
  if (number > 2047) line.fail(col, "register number " + std::to_string(number) + " is too large");
  p.number = static_cast<uint16_t>(number);
}

SrcMod modifier_by_name(const Line& line, const std::string& m, int col) {
  if (m == "abs") return SrcMod::Abs;
  if (m == "bias") return SrcMod::Bias;
  if (m == "bx2") return SrcMod::Sign;
  if (m == "x2") return SrcMod::X2;
  if (m == "dz" || m == "db") return SrcMod::Dz;
  if (m == "dw" || m == "da") return SrcMod::Dw;
  line.fail(col, "unknown source modifier '_" + m + "'");
}

}  // namespace

DstParam parse_dst(Line& line, int& col) {
  DstParam d;
  const Tok& t = line.next();
  col = t.col;
  if (t.kind != TokKind::Ident)
    line.fail(t.col, "expected a destination register, got " + describe(t));
  if (t.text.find('_') != std::string_view::npos)
    line.fail(t.col, "a destination takes no modifier; put _sat/_pp on the instruction");
  parse_register_part(line, t.text, t.col, d);
  if (line.accept('.')) {
    const Tok& m = line.next();
    d.mask = parse_mask(line, m.text, m.col);
  }
  return d;
}

SrcParam parse_src(Line& line, int& col) {
  SrcParam p;
  col = line.peek().col;
  const bool negate = line.accept('-');
  bool complement = false;
  if (line.peek().kind == TokKind::Number && line.peek().text == "1" &&
      line.peek(1).kind == TokKind::Punct && line.peek(1).text == "-") {
    line.next();
    line.next();
    complement = true;
  }
  const bool logical_not = line.accept('!');
  const Tok& t = line.next();
  if (t.kind != TokKind::Ident) line.fail(t.col, "expected a source register, got " + describe(t));
  std::string mod;  // suffix after '_'
  int mod_col = t.col;
  auto take_suffix = [&](std::string_view text, int at) {
    const std::size_t u = text.find('_');
    if (u == std::string_view::npos) return text;
    if (!mod.empty()) line.fail(at, "two source modifiers on one operand");
    mod = lower(text.substr(u + 1));
    mod_col = at;
    return text.substr(0, u);
  };
  parse_register_part(line, take_suffix(t.text, t.col), t.col, p);
  if (line.peek().kind == TokKind::Ident && line.peek().text[0] == '_') {
    const Tok& m = line.next();  // c0[a0.x]_abs
    take_suffix(m.text, m.col);
  }
  if (line.accept('.')) {
    const Tok& s = line.next();
    p.swizzle = parse_swizzle(line, take_suffix(s.text, s.col), s.col);
  }
  SrcMod m = mod.empty() ? SrcMod::None : modifier_by_name(line, mod, mod_col);
  if (complement || logical_not) {
    if (m != SrcMod::None || negate || (complement && logical_not))
      line.fail(col, "1- and ! do not combine with other modifiers");
    m = complement ? SrcMod::Comp : SrcMod::Not;
  } else if (negate) {
    switch (m) {
      case SrcMod::None: m = SrcMod::Neg; break;
      case SrcMod::Abs: m = SrcMod::AbsNeg; break;
      case SrcMod::Bias: m = SrcMod::BiasNeg; break;
      case SrcMod::Sign: m = SrcMod::SignNeg; break;
      case SrcMod::X2: m = SrcMod::X2Neg; break;
      default: line.fail(col, "_" + mod + " cannot be negated");
    }
  }
  p.mod = m;
  return p;
}

SrcParam parse_predicate(Line& line, int& col) {
  col = line.peek().col;
  line.expect('(', "'('");
  SrcParam p;
  const bool logical_not = line.accept('!');
  const Tok& t = line.next();
  if (t.kind != TokKind::Ident) line.fail(t.col, "expected p0, got " + describe(t));
  parse_register_part(line, t.text, t.col, p);
  if (line.accept('.')) {
    const Tok& s = line.next();
    p.swizzle = parse_swizzle(line, s.text, s.col);
  }
  line.expect(')', "')' after the predicate");
  p.mod = logical_not ? SrcMod::Not : SrcMod::None;
  return p;
}

}  // namespace gfx::d3d9::asm_detail
