// Operand syntax: [-][|] register-or-l(...) [|], where a register is a prefix, an inline
// immediate first index or bracketed indices ("cb0[r1.x + 2]", "v[0][1]"), then .mask /
// .swizzle / .component. With no suffix an operand takes the default of its type:
// samplers, resources and labels have no components, oDepth / vPrim / oMask one, a
// constant buffer the .xyzw swizzle, and other registers an empty write mask.
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "d3d10/asm_internal.h"

namespace gfx::d3d10 {
namespace {

struct Prefix {
  const char* text;
  OperandType type;
};
// Longest first, so that "cb" wins over "c..." and "oDepth" over "o".
const Prefix kPrefixes[] = {
    {"rasterizer", OperandType::Rasterizer},
    {"oDepth", OperandType::OutputDepth},
    {"vPrim", OperandType::InputPrimitiveId},
    {"oMask", OperandType::OutputCoverageMask},
    {"null", OperandType::Null},
    {"icb", OperandType::ImmediateConstantBuffer},
    {"cb", OperandType::ConstantBuffer},
    {"r", OperandType::Temp},
    {"v", OperandType::Input},
    {"o", OperandType::Output},
    {"x", OperandType::IndexableTemp},
    {"s", OperandType::Sampler},
    {"t", OperandType::Resource},
    {"l", OperandType::Label},
};

int component(char ch) {
  const char* p = std::strchr("xyzw", ch);
  return ch && p ? static_cast<int>(p - "xyzw") : -1;
}

Index parse_index(Cursor& c) {
  Index ix;
  if (std::isdigit(static_cast<unsigned char>(c.peek()))) {
    ix.value = c.unsigned_number("an index");
    return ix;
  }
  ix.rep = IndexRep::Relative;
  ix.relative.push_back(parse_operand(c, Role::Source));
  if (c.accept('+')) {
    ix.rep = IndexRep::Immediate32PlusRelative;
    ix.value = c.unsigned_number("an index offset");
  }
  return ix;
}

void parse_components(Cursor& c, Operand& o, Role role) {
  const std::size_t at = c.pos();
  const std::string letters = c.word();
  uint8_t comps[4];
  if (letters.empty() || letters.size() > 4) c.fail_at(at, "expected components after '.'");
  for (std::size_t i = 0; i < letters.size(); ++i) {
    const int k = component(letters[i]);
    if (k < 0)
      c.fail_at(at + i, std::string("'") + letters[i] + "' is not a component (x, y, z, w)");
    comps[i] = static_cast<uint8_t>(k);
  }
  o.num_components = 4;
  if (role == Role::Destination) {
    o.selection = Selection::Mask;
    o.mask = 0;
    for (std::size_t i = 0; i < letters.size(); ++i) {
      if (i && comps[i] <= comps[i - 1])
        c.fail_at(at, "write mask ." + letters + " is not in xyzw order");
      o.mask |= static_cast<uint8_t>(1 << comps[i]);
    }
  } else if (letters.size() == 1) {
    o.selection = Selection::Select1;
    o.select = comps[0];
  } else if (letters.size() == 4) {
    o.selection = Selection::Swizzle;
    o.swizzle = static_cast<uint8_t>(comps[0] | comps[1] << 2 | comps[2] << 4 | comps[3] << 6);
  } else {
    c.fail_at(at, "a source swizzle has 1 or 4 components, ." + letters + " has " +
                      std::to_string(letters.size()));
  }
}

void default_components(Operand& o) {
  switch (o.type) {
    case OperandType::Sampler:
    case OperandType::Resource:
    case OperandType::Label:
    case OperandType::Null:
    case OperandType::Rasterizer: o.num_components = 0; break;
    case OperandType::OutputDepth:
    case OperandType::InputPrimitiveId:
    case OperandType::OutputCoverageMask: o.num_components = 1; break;
    case OperandType::ConstantBuffer:
    case OperandType::ImmediateConstantBuffer:
      o.selection = Selection::Swizzle;
      o.swizzle = 0xE4;
      break;
    default: o.mask = 0; break;
  }
}

Operand parse_core(Cursor& c, Role role) {
  Operand o;
  if (c.accept("l(")) {
    o.type = OperandType::Immediate32;
    int n = 0;
    do {
      if (n == 4) c.fail("an immediate has at most 4 values");
      o.values[n++] = parse_immediate(c);
    } while (c.accept(','));
    c.expect(')', "after the immediate values");
    if (n != 1 && n != 4) c.fail("an immediate has 1 or 4 values, not " + std::to_string(n));
    o.num_components = static_cast<uint8_t>(n);
    o.mask = 0;
    return o;
  }
  const std::size_t at = c.pos();
  c.skip_space();
  const Prefix* found = nullptr;
  for (const Prefix& p : kPrefixes)
    if (c.accept(std::string_view(p.text))) {
      found = &p;
      break;
    }
  if (!found) c.fail_at(at, "unknown register '" + c.word() + "'");
  o.type = found->type;
  if (std::isdigit(static_cast<unsigned char>(c.peek()))) {
    Index ix;
    ix.value = c.unsigned_number("a register number");
    o.indices.push_back(ix);
  }
  while (c.accept('[')) {
    o.indices.push_back(parse_index(c));
    c.expect(']', "after an index");
  }
  if (o.indices.size() > 3) c.fail_at(at, "a register has at most 3 indices");
  if (c.accept('.'))
    parse_components(c, o, role);
  else
    default_components(o);
  return o;
}

}  // namespace

Operand parse_operand(Cursor& c, Role role) {
  OperandModifier mod = OperandModifier::None;
  if (c.accept('-')) mod = OperandModifier::Neg;
  const bool abs = c.accept('|');
  Operand o = parse_core(c, role);
  if (abs) {
    c.expect('|', "closing the absolute value");
    mod = mod == OperandModifier::Neg ? OperandModifier::AbsNeg : OperandModifier::Abs;
  }
  o.modifier = mod;
  o.extended = mod != OperandModifier::None;
  return o;
}

uint32_t parse_immediate(Cursor& c) {
  const std::size_t at = c.pos();
  const std::string w = c.literal();
  if (w.empty()) c.fail_at(at, "expected an immediate value");
  char* end = nullptr;
  if (w.rfind("0x", 0) == 0 || w.rfind("0X", 0) == 0) {
    const unsigned long long v = std::strtoull(w.c_str(), &end, 16);
    if (*end || v > 0xFFFFFFFFull) c.fail_at(at, "bad hexadecimal immediate '" + w + "'");
    return static_cast<uint32_t>(v);
  }
  if (w.find_first_of(".eEin") != std::string::npos) {
    const float f = std::strtof(w.c_str(), &end);
    if (*end) c.fail_at(at, "bad float immediate '" + w + "'");
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return bits;
  }
  const long long v = std::strtoll(w.c_str(), &end, 10);
  if (*end || v < -2147483648LL || v > 0xFFFFFFFFLL)
    c.fail_at(at, "bad integer immediate '" + w + "'");
  return static_cast<uint32_t>(v);
}

}  // namespace gfx::d3d10
