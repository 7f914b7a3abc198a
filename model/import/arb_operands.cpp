// Operands of ARB program instructions and the attribute and result bindings they name:
// sources (swizzles, negation, literals, inline bindings, PARAM arrays with absolute and
// relative indices), destinations (write masks) and the registers GL's names map to.
#include <cstring>

#include "import/arb_translator.h"

namespace gfx::import {

namespace {

// NV aliasing of the conventional attributes onto the generic ones (arb_program.h).
ArbAttribute attribute_of(uint32_t n) {
  using U = api::DeclUsage;
  static const U kUsage[8] = {U::Position, U::BlendWeight, U::Normal,  U::Color,
                              U::Color,    U::Fog,         U::Tangent, U::Binormal};
  if (n >= 8) return {n, U::TexCoord, n - 8};
  return {n, kUsage[n], n == 4 ? 1u : 0u};
}

}  // namespace

std::string ArbTranslator::attribute_binding() {
  const std::string w = identifier("an attribute");
  if (!vertex()) {
    if (w == "color") {
      uint32_t n = 0;
      if (next_word_is({"primary", "secondary"})) {
        next();
        n = next().text == "secondary" ? 1 : 0;
      }
      inputs_[n] = "dcl v" + std::to_string(n);
      return "v" + std::to_string(n);
    }
    if (w == "texcoord") {
      const uint32_t n = optional_index(0);
      if (n >= 8) fail("fragment.texcoord[" + std::to_string(n) + "]: there are 8 coordinate sets");
      inputs_[2 + n] = "dcl t" + std::to_string(n);
      return "t" + std::to_string(n);
    }
    if (w == "position" || w == "fogcoord")
      fail("fragment." + w + " has no exact D3D9 ps_2_x input");
    fail("fragment." + w + " is not a fragment attribute");
  }
  uint32_t n = 0;
  if (w == "position") {
    n = 0;
  } else if (w == "weight") {
    if (optional_index(0) != 0) fail("vertex.weight[n > 0] (vertex blending) is not supported");
    n = 1;
  } else if (w == "normal") {
    n = 2;
  } else if (w == "color") {
    n = 3;
    if (next_word_is({"primary", "secondary"})) {
      next();
      n = next().text == "secondary" ? 4 : 3;
    }
  } else if (w == "fogcoord") {
    n = 5;
  } else if (w == "texcoord") {
    n = optional_index(0);
    if (n >= 8) fail("vertex.texcoord[" + std::to_string(n) + "]: there are 8 coordinate sets");
    n += 8;
  } else if (w == "attrib") {
    expect("[");
    n = integer("an attribute number");
    expect("]");
    if (n >= 16) fail("vertex.attrib[" + std::to_string(n) + "]: there are 16 attributes");
  } else if (w == "matrixindex") {
    fail("vertex.matrixindex (matrix palette skinning) is not supported");
  } else {
    fail("vertex." + w + " is not a vertex attribute");
  }
  attributes_[n] = attribute_of(n);
  return "v" + std::to_string(n);
}

std::string ArbTranslator::output_binding() {
  const std::string w = identifier("a result");
  if (!vertex()) {
    if (w == "color") return "oC0";
    if (w == "depth") {
      writes_depth_ = true;
      return "r" + std::to_string(kDepthTemp);
    }
    fail("result." + w + " is not a fragment program result");
  }
  if (w == "position") {
    if (out_.position_invariant) fail("a position-invariant program may not write result.position");
    writes_position_ = true;
    return "r" + std::to_string(kPositionTemp);
  }
  if (w == "color") {
    bool secondary = false;
    while (next_word_is({"front", "back", "primary", "secondary"})) {
      next();
      const std::string part = next().text;
      if (part == "back") fail("result.color.back: two-sided colour is not supported");
      if (part == "secondary") secondary = true;
    }
    if (secondary) out_.writes_secondary_color = true;
    return secondary ? "oD1" : "oD0";
  }
  if (w == "fogcoord") return "oFog";
  if (w == "pointsize") return "oPts";
  if (w == "texcoord") {
    const uint32_t n = optional_index(0);
    if (n >= 8) fail("result.texcoord[" + std::to_string(n) + "]: there are 8 coordinate sets");
    return "oT" + std::to_string(n);
  }
  fail("result." + w + " is not a vertex program result");
}

std::string ArbTranslator::swizzle_or_mask(bool mask, bool* scalar) {
  const ArbToken t = next();
  const char* xyzw = "xyzw";
  const char* rgba = "rgba";
  std::string letters;
  for (char c : t.text) {
    const char* p = std::strchr(xyzw, c);
    const char* q = vertex() ? nullptr : std::strchr(rgba, c);
    if (t.kind != ArbToken::Kind::Ident || (!p && !q))
      fail_at(t.line, "'" + t.text + "' is not a " + (mask ? "write mask" : "swizzle"));
    letters += xyzw[p ? p - xyzw : q - rgba];
  }
  if (mask) {
    for (size_t i = 1; i < letters.size(); ++i)
      if (std::strchr(xyzw, letters[i]) <= std::strchr(xyzw, letters[i - 1]))
        fail_at(t.line, "write mask '" + t.text + "' is not in xyzw order");
    return letters;
  }
  if (letters.size() == 1) {
    if (scalar) *scalar = true;
    return std::string(4, letters[0]);
  }
  if (letters.size() != 4) fail_at(t.line, "swizzle '" + t.text + "' needs 1 or 4 components");
  return letters;
}

ArbSrc ArbTranslator::source() {
  ArbSrc s;
  s.negate = accept("-");
  if (!s.negate) accept("+");
  if (peek().is("{") || peek().kind == ArbToken::Kind::Number) {
    s.reg = "c" + std::to_string(literal(literal_vector()));
  } else {
    const ArbToken t = peek();
    const std::string w = identifier("a source operand");
    if (w == (vertex() ? "vertex" : "fragment")) {
      expect(".");
      s.reg = attribute_binding();
    } else if (w == "program" || w == "state") {
      std::vector<uint32_t> regs;
      if (w == "program")
        local_env(regs, false);
      else
        state_binding(regs, false);
      s.reg = "c" + std::to_string(regs.front());
    } else if (w == "result") {
      fail_at(t.line, "result registers cannot be read");
    } else {
      auto it = symbols_.find(w);
      if (it == symbols_.end()) fail_at(t.line, "'" + w + "' is not declared");
      const Symbol& sym = it->second;
      switch (sym.kind) {
        case Symbol::Kind::Attrib:
        case Symbol::Kind::Temp: s.reg = sym.reg; break;
        case Symbol::Kind::Output: fail_at(t.line, "'" + w + "' is a result: it cannot be read");
        case Symbol::Kind::Address: fail_at(t.line, "address register '" + w + "' is not data");
        case Symbol::Kind::Param:
          if (!sym.array) {
            s.reg = "c" + std::to_string(sym.base);
            break;
          }
          expect("[");
          if (peek().kind == ArbToken::Kind::Number) {
            const uint32_t i = integer("an index");
            if (i >= sym.count)
              fail(w + "[" + std::to_string(i) + "] is outside the array (size " +
                   std::to_string(sym.count) + ")");
            s.reg = "c" + std::to_string(sym.base + i);
          } else {
            if (!vertex()) fail("relative addressing is for vertex programs only");
            const std::string a = identifier("an address register");
            auto ai = symbols_.find(a);
            if (ai == symbols_.end() || ai->second.kind != Symbol::Kind::Address)
              fail("'" + a + "' is not an ADDRESS register");
            expect(".");
            if (identifier("x") != "x") fail("an address register has only .x");
            int64_t offset = 0;
            if (peek().is("+") || peek().is("-")) {
              const bool neg = next().is("-");
              offset = integer("an offset");
              if (neg) offset = -offset;
            }
            const int64_t index = int64_t(sym.base) + offset;
            if (index < 0) fail("relative offset reaches before constant 0");
            s.reg = "c[" + ai->second.reg + " + " + std::to_string(index) + "]";
          }
          expect("]");
          break;
      }
    }
  }
  if (accept(".")) s.swizzle = swizzle_or_mask(false, &s.scalar);
  return s;
}

ArbDst ArbTranslator::destination() {
  ArbDst d;
  const ArbToken t = peek();
  const std::string w = identifier("a destination");
  if (w == "result") {
    expect(".");
    d.reg = output_binding();
  } else {
    auto it = symbols_.find(w);
    if (it == symbols_.end()) fail_at(t.line, "'" + w + "' is not declared");
    if (it->second.kind != Symbol::Kind::Temp && it->second.kind != Symbol::Kind::Output)
      fail_at(t.line, "'" + w + "' cannot be written");
    d.reg = it->second.reg;
  }
  if (accept(".")) d.mask = swizzle_or_mask(true, nullptr);
  return d;
}

}  // namespace gfx::import
