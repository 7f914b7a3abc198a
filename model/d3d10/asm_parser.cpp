// Lines -> Program: the version line, then one declaration or instruction per line.
// Mnemonic suffixes, in the order disassemble() writes them: _z / _nz, _uint /
// _rcpFloat (resinfo), _sat, _aoffimmi(u,v,w).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "d3d10/asm_internal.h"
#include "d3d10/assembler.h"
#include "d3d10/encode.h"
#include "d3d10/names.h"
#include "d3d10/opcodes.h"

namespace gfx::d3d10 {
namespace {

bool ends_with(const std::string& s, std::string_view tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

uint32_t named(Cursor& c, NameSet set, const std::string& text) {
  if (auto v = value_by_name(set, text)) return *v;
  c.fail(std::string("unknown ") + set_description(set) + " '" + text + "'");
}

// Words up to the next ',' or the end, joined by single spaces ("linear centroid").
std::string phrase(Cursor& c) {
  std::string out;
  for (std::string w = c.word(); !w.empty(); w = c.word()) out += (out.empty() ? "" : " ") + w;
  return out;
}

// The words of an interpolation mode, stopping before the register that follows.
std::string interpolation_phrase(Cursor& c) {
  std::string out;
  for (;;) {
    const std::size_t at = c.pos();
    const std::string w = c.word();
    if (w != "constant" && w != "linear" && w != "centroid" && w != "noperspective" &&
        w != "sample") {
      c.rewind(at);
      return out;
    }
    out += (out.empty() ? "" : " ") + w;
  }
}

void parse_offsets(Cursor& c, const std::string& text, Instruction& ins) {
  int v[3] = {0, 0, 0};
  if (std::sscanf(text.c_str(), "(%d,%d,%d)", &v[0], &v[1], &v[2]) != 3)
    c.fail("bad _aoffimmi" + text + " (expected _aoffimmi(u,v,w))");
  uint32_t e = 1;
  for (int i = 0; i < 3; ++i) {
    if (v[i] < -8 || v[i] > 7) c.fail("texel offset " + std::to_string(v[i]) + " is not in -8..7");
    e |= static_cast<uint32_t>(v[i] & 0xF) << (9 + 4 * i);
  }
  ins.extended.push_back(e);
}

const OpcodeInfo& parse_mnemonic(Cursor& c, Instruction& ins) {
  const std::size_t at = c.pos();
  std::string m = c.token();
  if (m.rfind("dcl_resource_", 0) == 0) {
    std::string dim = m.substr(13);
    uint32_t count = 0;
    if (auto paren = dim.find('('); paren != std::string::npos) {
      count = static_cast<uint32_t>(std::atoi(dim.c_str() + paren + 1));
      dim.resize(paren);
    }
    ins.op = Opcode::DclResource;
    ins.control = named(c, NameSet::ResourceDim, dim) | count << 5;
    return opcode_info(Opcode::DclResource);
  }
  if (auto p = m.find("_aoffimmi"); p != std::string::npos) {
    parse_offsets(c, m.substr(p + 9), ins);
    m.resize(p);
  }
  const OpcodeInfo* info = opcode_by_name(m);
  if (!info && ends_with(m, "_sat")) {
    m.resize(m.size() - 4);
    ins.control |= kControlSaturate;
    info = opcode_by_name(m);
  }
  for (auto [tail, bits] : {std::pair{"_uint", 2u}, std::pair{"_rcpFloat", 1u}})
    if (!info && ends_with(m, tail) && opcode_by_name(m.substr(0, m.size() - std::strlen(tail)))) {
      m.resize(m.size() - std::strlen(tail));
      ins.control |= bits;
      info = opcode_by_name(m);
    }
  for (auto [tail, nz] : {std::pair{"_nz", true}, std::pair{"_z", false}})
    if (!info && ends_with(m, tail)) {
      const OpcodeInfo* base = opcode_by_name(m.substr(0, m.size() - std::strlen(tail)));
      if (base && base->has_test) {
        info = base;
        if (nz) ins.control |= kControlTestNonzero;
      }
    }
  if (!info) c.fail_at(at, "unknown instruction '" + m + "'");
  ins.op = info->op;
  return *info;
}

void parse_declaration(Cursor& c, Instruction& ins) {
  auto operand = [&] { ins.operands.push_back(parse_operand(c, Role::Destination)); };
  auto comma_name = [&](NameSet set) {
    c.expect(',', "before the name");
    ins.extra.push_back(named(c, set, phrase(c)));
  };
  switch (ins.op) {
    case Opcode::DclGlobalFlags:
      // No flags at all is a valid token (fxc never writes one) and prints bare.
      if (c.at_end()) break;
      do ins.control |= named(c, NameSet::GlobalFlag, c.word());
      while (c.accept('|'));
      break;
    case Opcode::DclInputPs:
    case Opcode::DclInputPsSgv:
    case Opcode::DclInputPsSiv:
      ins.control = named(c, NameSet::Interpolation, interpolation_phrase(c));
      operand();
      if (ins.op != Opcode::DclInputPs) comma_name(NameSet::SystemValue);
      break;
    case Opcode::DclInputSgv:
    case Opcode::DclInputSiv:
    case Opcode::DclOutputSgv:
    case Opcode::DclOutputSiv:
      operand();
      comma_name(NameSet::SystemValue);
      break;
    case Opcode::DclConstantBuffer: {
      ins.operands.push_back(parse_operand(c, Role::Source));
      c.expect(',', "before the access pattern");
      const std::string w = c.word();
      if (w == "dynamicIndexed")
        ins.control = 1;
      else if (w != "immediateIndexed")
        c.fail("expected immediateIndexed or dynamicIndexed, found '" + w + "'");
      break;
    }
    case Opcode::DclSampler:
      operand();
      c.expect(',', "before the sampler mode");
      ins.control = named(c, NameSet::SamplerMode, c.word());
      break;
    case Opcode::DclResource: {
      c.expect('(', "before the return types");
      uint32_t types = 0;
      for (int i = 0; i < 4; ++i) {
        if (i) c.expect(',', "between return types");
        types |= named(c, NameSet::ReturnType, c.word()) << (4 * i);
      }
      c.expect(')', "after the return types");
      operand();
      ins.extra.push_back(types);
      break;
    }
    case Opcode::DclIndexRange:
      operand();
      c.expect(',', "before the range size");
      ins.extra.push_back(c.unsigned_number("a register count"));
      break;
    case Opcode::DclInputPrimitive: ins.control = named(c, NameSet::Primitive, c.word()); break;
    case Opcode::DclOutputTopology: ins.control = named(c, NameSet::Topology, c.word()); break;
    case Opcode::DclTemps:
    case Opcode::DclMaxOutputVertexCount: ins.extra.push_back(c.unsigned_number("a count")); break;
    case Opcode::DclIndexableTemp:
      if (!c.accept('x')) c.fail("expected x<n>[<size>]");
      ins.extra.push_back(c.unsigned_number("a register number"));
      c.expect('[', "before the size");
      ins.extra.push_back(c.unsigned_number("a size"));
      c.expect(']', "after the size");
      c.expect(',', "before the component count");
      ins.extra.push_back(c.unsigned_number("a component count"));
      break;
    case Opcode::CustomData:
      ins.custom_class = kCustomDataImmediateConstantBuffer;
      c.expect('{', "opening the constants");
      while (c.accept('{')) {
        do ins.custom_data.push_back(parse_immediate(c));
        while (c.accept(','));
        c.expect('}', "closing a constant");
        c.accept(',');
      }
      c.expect('}', "closing the constants");
      break;
    default: operand(); break;
  }
}

std::optional<Version> parse_version(std::string_view w) {
  if (w.size() != 6 || w[2] != '_' || w[4] != '_' || w[3] != '4' || (w[5] != '0' && w[5] != '1'))
    return std::nullopt;
  Version v;
  const std::string_view kind = w.substr(0, 2);
  if (kind == "vs")
    v.type = ProgramType::Vertex;
  else if (kind == "ps")
    v.type = ProgramType::Pixel;
  else if (kind == "gs")
    v.type = ProgramType::Geometry;
  else
    return std::nullopt;
  v.minor = static_cast<uint8_t>(w[5] - '0');
  return v;
}

}  // namespace

Program parse_asm(std::string_view text, const AsmOptions& opts) {
  Program p;
  bool have_version = false;
  int line_no = 0;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    if (auto cut = line.find("//"); cut != std::string_view::npos) line = line.substr(0, cut);
    Cursor c(line, opts.file, line_no);
    if (c.at_end() || c.peek() == '#') continue;
    if (!have_version) {
      const std::string w = c.token();
      const auto v = parse_version(w);
      if (!v)
        c.fail_at(0, "expected a version line vs_4_0, ps_4_0, gs_4_0 (or _4_1), found '" + w + "'");
      p.version = *v;
      have_version = true;
      if (!c.at_end()) c.fail("unexpected text after the version");
      continue;
    }
    Instruction ins;
    const std::size_t at = c.pos();
    const OpcodeInfo& info = parse_mnemonic(c, ins);
    if (info.has_test && !(ins.control & kControlTestNonzero)) {
      Cursor again(line, opts.file, line_no);
      if (!ends_with(again.token(), "_z"))
        c.fail_at(at, std::string(info.name) + " needs _z or _nz");
    }
    if (info.declaration) {
      parse_declaration(c, ins);
    } else {
      for (int i = 0; i < info.num_operands(); ++i) {
        if (i) c.expect(',', "between operands");
        ins.operands.push_back(
            parse_operand(c, i < info.num_dst ? Role::Destination : Role::Source));
      }
    }
    if (!c.at_end()) c.fail("unexpected text after the " + std::string(info.name) + " operands");
    p.instructions.push_back(std::move(ins));
  }
  if (!have_version) throw Error(located(opts.file, line_no, 0, "no version line"));
  return p;
}

std::vector<uint32_t> assemble(std::string_view text, const AsmOptions& opts) {
  return encode_program(parse_asm(text, opts));
}

}  // namespace gfx::d3d10
