#include "import/arb_translator.h"

#include <algorithm>
#include <cstring>

namespace gfx::import {

ArbTranslator::ArbTranslator(const std::string& text) {
  std::string header;
  tokens_ = lex_arb(text, header);
  if (header == "!!ARBvp1.0")
    target_ = ArbTarget::Vertex;
  else if (header == "!!ARBfp1.0")
    target_ = ArbTarget::Fragment;
  else
    throw ArbError(1, "'" + header + "' is not an ARB program header (!!ARBvp1.0 or !!ARBfp1.0)");
  out_.target = target_;
}

const ArbToken& ArbTranslator::peek(size_t k) const {
  return tokens_[std::min(pos_ + k, tokens_.size() - 1)];
}
ArbToken ArbTranslator::next() {
  ArbToken t = peek();
  if (pos_ < tokens_.size() - 1) ++pos_;
  return t;
}
bool ArbTranslator::accept(const char* p) {
  if (!peek().is(p)) return false;
  next();
  return true;
}
void ArbTranslator::fail(const std::string& what) const { throw ArbError(peek().line, what); }
void ArbTranslator::fail_at(int line, const std::string& what) const { throw ArbError(line, what); }
void ArbTranslator::expect(const char* p) {
  if (!accept(p))
    fail(std::string("expected '") + p + "', found " +
         (peek().kind == ArbToken::Kind::End ? "the end of the program" : "'" + peek().text + "'"));
}
std::string ArbTranslator::identifier(const char* what) {
  if (peek().kind != ArbToken::Kind::Ident)
    fail(std::string("expected ") + what + ", found " +
         (peek().kind == ArbToken::Kind::End ? "the end of the program" : "'" + peek().text + "'"));
  return next().text;
}
uint32_t ArbTranslator::integer(const char* what) {
  const ArbToken t = peek();
  if (t.kind != ArbToken::Kind::Number ||
      t.text.find_first_not_of("0123456789") != std::string::npos)
    fail(std::string("expected ") + what + " (an integer), found '" + t.text + "'");
  next();
  return static_cast<uint32_t>(std::stoul(t.text));
}
double ArbTranslator::number() {
  const bool neg = accept("-");
  if (!neg) accept("+");
  if (peek().kind != ArbToken::Kind::Number) fail("expected a number, found '" + peek().text + "'");
  const double v = std::stod(next().text);
  return neg ? -v : v;
}
bool ArbTranslator::next_word_is(std::initializer_list<const char*> words) const {
  if (!peek().is(".") || peek(1).kind != ArbToken::Kind::Ident) return false;
  for (const char* w : words)
    if (peek(1).text == w) return true;
  return false;
}
uint32_t ArbTranslator::optional_index(uint32_t def) {
  if (!accept("[")) return def;
  const uint32_t n = integer("an index");
  expect("]");
  return n;
}

ArbProgram ArbTranslator::run() {
  while (!ended_) {
    if (peek().kind == ArbToken::Kind::End) fail("the program has no END");
    statement();
  }
  if (peek().kind != ArbToken::Kind::End) fail("'" + peek().text + "' after END");
  epilogue();
  return out_;
}

void ArbTranslator::statement() {
  const ArbToken t = next();
  if (t.kind != ArbToken::Kind::Ident)
    fail_at(t.line, "expected a statement, found '" + t.text + "'");
  const std::string& w = t.text;
  if (w == "END") {
    ended_ = true;
    return;
  }
  if (w == "OPTION")
    option();
  else if (w == "ATTRIB")
    decl_attrib();
  else if (w == "PARAM")
    decl_param();
  else if (w == "OUTPUT")
    decl_output();
  else if (w == "TEMP")
    decl_temp_or_address(false);
  else if (w == "ADDRESS" && vertex())
    decl_temp_or_address(true);
  else if (w == "ALIAS")
    decl_alias();
  else
    instruction(w, t.line);
  expect(";");
}

void ArbTranslator::declare(const std::string& name, Symbol s) {
  s.line = peek().line;
  auto it = symbols_.find(name);
  if (it != symbols_.end())
    fail("'" + name + "' is already declared (line " + std::to_string(it->second.line) + ")");
  symbols_.emplace(name, s);
}

void ArbTranslator::option() {
  const std::string o = identifier("an option name");
  if (vertex() && o == "ARB_position_invariant")
    out_.position_invariant = true;
  else if (!vertex() && (o == "ARB_precision_hint_fastest" || o == "ARB_precision_hint_nicest"))
    return;  // precision hints: gfxsim computes in float32 either way
  else if (!vertex() && o.compare(0, 8, "ARB_fog_") == 0)
    fail("OPTION " + o + ": GL's fog in a fragment program has no exact D3D9 ps_2_x form");
  else
    fail("OPTION " + o + " is not supported");
}

void ArbTranslator::decl_attrib() {
  const std::string name = identifier("an attribute name");
  expect("=");
  const std::string root = identifier(vertex() ? "vertex.*" : "fragment.*");
  if (root != (vertex() ? "vertex" : "fragment"))
    fail("ATTRIB binds " + std::string(vertex() ? "vertex" : "fragment") + ".*, not '" + root +
         "'");
  expect(".");
  declare(name, {Symbol::Kind::Attrib, attribute_binding()});
}

void ArbTranslator::decl_output() {
  const std::string name = identifier("an output name");
  expect("=");
  if (identifier("result.*") != "result") fail("OUTPUT binds result.*");
  expect(".");
  declare(name, {Symbol::Kind::Output, output_binding()});
}

void ArbTranslator::decl_temp_or_address(bool address) {
  do {
    const std::string name = identifier("a name");
    if (address) {
      if (addresses_ == 4) fail("more than 4 ADDRESS registers (gfxsim maps them to a0.x .. a0.w)");
      declare(name, {Symbol::Kind::Address, std::string("a0.") + "xyzw"[addresses_++]});
    } else {
      if (temps_ == kUserTemps)
        fail("more than 27 TEMPs (the D3D9 profile has 32 temporaries, 5 used by the translation)");
      declare(name, {Symbol::Kind::Temp, "r" + std::to_string(temps_++)});
    }
  } while (accept(","));
}

void ArbTranslator::decl_alias() {
  const std::string name = identifier("an alias name");
  expect("=");
  const std::string of = identifier("a declared name");
  auto it = symbols_.find(of);
  if (it == symbols_.end()) fail("ALIAS of '" + of + "', which is not declared");
  declare(name, it->second);
}

void ArbTranslator::decl_param() {
  const std::string name = identifier("a parameter name");
  Symbol s{Symbol::Kind::Param, ""};
  std::vector<uint32_t> regs;
  if (accept("[")) {
    s.array = true;
    uint32_t declared = 0;
    if (!peek().is("]")) declared = integer("the array size");
    expect("]");
    expect("=");
    expect("{");
    do param_item(regs, true);
    while (accept(","));
    expect("}");
    if (declared != 0 && declared != regs.size())
      fail("PARAM " + name + "[" + std::to_string(declared) + "] is bound to " +
           std::to_string(regs.size()) + " vectors");
  } else {
    expect("=");
    param_item(regs, false);
    if (regs.size() != 1) fail("PARAM " + name + " binds several vectors: declare it as an array");
  }
  s.base = regs.front();
  s.count = static_cast<uint32_t>(regs.size());
  declare(name, s);
}

void ArbTranslator::param_item(std::vector<uint32_t>& regs, bool in_array) {
  if (peek().is("{") || peek().kind == ArbToken::Kind::Number || peek().is("-") || peek().is("+")) {
    regs.push_back(literal(literal_vector(), in_array));
    return;
  }
  const std::string root = identifier("a parameter binding");
  if (root == "program")
    local_env(regs, in_array);
  else if (root == "state")
    state_binding(regs, in_array);
  else
    fail("'" + root + "' is not a parameter binding (program.*, state.* or a constant)");
}

std::array<float, 4> ArbTranslator::literal_vector() {
  if (!accept("{")) {
    const float v = static_cast<float>(number());  // a scalar: all four components
    return {v, v, v, v};
  }
  std::array<float, 4> v{0, 0, 0, 1};  // GL fills missing components with (0, 0, 0, 1)
  size_t n = 0;
  do {
    if (n == 4) fail("a constant vector has at most 4 components");
    v[n++] = static_cast<float>(number());
  } while (accept(","));
  expect("}");
  return v;
}

uint32_t ArbTranslator::literal(const std::array<float, 4>& v, bool fresh) {
  std::array<uint32_t, 4> bits;
  std::memcpy(bits.data(), v.data(), sizeof bits);
  if (!fresh) {
    auto it = literals_.find(bits);
    if (it != literals_.end()) return it->second;
  }
  const uint32_t reg = new_constant();
  defs_[reg] = bits;
  if (!fresh) literals_[bits] = reg;
  return reg;
}

uint32_t ArbTranslator::new_constant() {
  const uint32_t limit = vertex() ? 256 : 32;
  if (next_constant_ == limit)
    fail("the program needs more than " + std::to_string(limit) + " constant registers (" +
         (vertex() ? "vs_2_x" : "ps_2_x") + ")");
  return next_constant_++;
}

uint32_t ArbTranslator::bind(ArbConstant c, bool dedupe) {
  if (dedupe) {
    auto it = bound_.find(c.path);
    if (it != bound_.end()) return it->second;
  }
  c.reg = new_constant();
  if (dedupe) bound_[c.path] = c.reg;
  out_.constants.push_back(c);
  return c.reg;
}

void ArbTranslator::local_env(std::vector<uint32_t>& regs, bool in_array) {
  expect(".");
  const std::string w = identifier("local or env");
  if (w != "local" && w != "env")
    fail("program." + w + " is not a parameter (program.local or program.env)");
  expect("[");
  const uint32_t first = integer("a parameter index");
  uint32_t last = first;
  if (accept("..")) {
    if (!in_array) fail("a range program." + w + "[a..b] binds only in a PARAM array");
    last = integer("the range's end");
    if (last < first) fail("program." + w + " range ends before it starts");
  }
  expect("]");
  for (uint32_t i = first; i <= last; ++i) {
    ArbConstant c;
    c.kind = w == "local" ? ArbParamKind::Local : ArbParamKind::Env;
    c.index = i;
    c.path = "program." + w + "[" + std::to_string(i) + "]";
    regs.push_back(bind(c, !in_array));
  }
}

}  // namespace gfx::import
