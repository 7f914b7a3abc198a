// Line-level assembler: the version line, .comment blocks, and instructions
//   [(p0.swz)] [+]mnemonic[_suffix...] operand, operand, ...
// A mnemonic's suffixes are a comparison (if_lt, break_ge, breakc_ge, setp_eq), a dcl
// usage or texture type (dcl_texcoord1, dcl_2d), and instruction modifiers (_sat, _pp,
// _centroid; the ps_1_x shifts _x2.._d8 parse so that the error can name them).
// Each instruction then goes through check_instruction(), with the column of the part
// at fault; the whole program through check_structure().
#include <algorithm>
#include <string>
#include <vector>

#include "common/error.h"
#include "d3d9/asm_internal.h"
#include "d3d9/assembler.h"
#include "d3d9/decoder.h"
#include "d3d9/encode.h"
#include "d3d9/opcodes.h"
#include "d3d9/registers.h"
#include "d3d9/validate.h"

namespace gfx::d3d9 {
namespace {

using asm_detail::describe;
using asm_detail::Line;
using asm_detail::lower;
using asm_detail::Tok;
using asm_detail::TokKind;

struct Where {
  int line = 0, col = 0;
};

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t at = s.find(sep, start);
    parts.push_back(s.substr(start, at == std::string_view::npos ? at : at - start));
    if (at == std::string_view::npos) return parts;
    start = at + 1;
  }
}

// "texcoord12" -> usage 5, index 12.
bool split_usage(std::string_view part, uint8_t& usage, uint8_t& index) {
  std::size_t d = part.size();
  while (d > 0 && part[d - 1] >= '0' && part[d - 1] <= '9') --d;
  auto u = usage_by_name(part.substr(0, d));
  if (!u || part.size() - d > 2) return false;
  const int i = d < part.size() ? std::stoi(std::string(part.substr(d))) : 0;
  if (i > 15) return false;
  usage = *u;
  index = static_cast<uint8_t>(i);
  return true;
}

// Parses the mnemonic token into op, control, dcl info and destination modifiers.
const OpcodeInfo& parse_mnemonic(Line& line, const Tok& t, Instruction& ins) {
  const std::string name = lower(t.text);
  const auto parts = split(name, '_');
  std::size_t k = 1;
  std::string base(parts[0]);
  const bool next_is_cmp = k < parts.size() && comparison_by_name(parts[k]).has_value();
  if (base == "texldp" || base == "texldb") {
    ins.control = base == "texldp" ? kTexldProject : kTexldBias;
    base = "texld";
  } else if ((base == "if" || base == "break") && next_is_cmp) {
    base += 'c';
  }
  if (base == "ifc" || base == "breakc" || base == "setp") {
    if (!next_is_cmp)
      line.fail(t.col, base + " needs a comparison suffix (_gt, _eq, _ge, _lt, _ne, _le)");
    ins.control = static_cast<uint8_t>(*comparison_by_name(parts[k++]));
  }
  const OpcodeInfo* info = opcode_by_name(line.version, base);
  if (!info) {
    // ps_1_x spells two texture instructions its own way; say which spelling fits.
    const Version& v = line.version;
    const bool ps1 = v.is_ps() && v.major == 1;
    if (base == "tex" || base == "texcrd" || (ps1 && (base == "texld" || base == "texcoord")))
      line.fail(t.col, "'" + base + "' is not an instruction of " + v.name() +
                           " (ps_1_1..ps_1_3 write tex and texcoord, ps_1_4 texld and texcrd)");
    line.fail(t.col, "unknown instruction '" + std::string(t.text) + "'");
  }
  ins.op = info->op;
  if (ins.op == Opcode::Dcl && k < parts.size()) {
    if (auto tt = texture_type_by_name(parts[k])) {
      ins.dcl.texture_type = *tt;
      ++k;
    } else if (split_usage(parts[k], ins.dcl.usage, ins.dcl.usage_index)) {
      ++k;
    }
  }
  for (; k < parts.size(); ++k) {
    const std::string_view m = parts[k];
    static constexpr const char* kShifts[] = {"d8", "d4", "d2", "", "x2", "x4", "x8"};
    bool known = true;
    if (m == "sat") {
      ins.dst.modifiers |= kModSaturate;
    } else if (m == "pp") {
      ins.dst.modifiers |= kModPartialPrecision;
    } else if (m == "centroid") {
      ins.dst.modifiers |= kModCentroid;
    } else {
      known = false;
      for (int s = 0; s < 7; ++s)
        if (m == kShifts[s] && s != 3) {
          ins.dst.shift = static_cast<int8_t>(s - 3);  // d8 = -3 ... x8 = 3
          known = true;
        }
    }
    if (!known) {
      if (ins.op == Opcode::Dcl)
        line.fail(t.col, "unknown dcl usage or modifier '_" + std::string(m) + "'");
      line.fail(t.col, "unknown instruction modifier '_" + std::string(m) + "'");
    }
  }
  if (info->num_dst == 0 && (ins.dst.modifiers || ins.dst.shift))
    line.fail(t.col, std::string(info->name) + " has no destination to modify");
  return *info;
}

// One instruction line; `cols` receives the column of every part for error messages.
Instruction parse_instruction(Line& line, int* cols) {
  Instruction ins;
  for (int i = 0; i < kNumParts; ++i) cols[i] = line.peek().col;
  if (line.peek().kind == TokKind::Punct && line.peek().text == "(") {
    ins.predicated = true;
    ins.predicate = asm_detail::parse_predicate(line, cols[kPartPredicate]);
  }
  ins.coissue = line.accept('+');
  const Tok& mn = line.next();
  if (mn.kind != TokKind::Ident) line.fail(mn.col, "expected an instruction, got " + describe(mn));
  cols[kPartInstruction] = cols[kPartUsage] = mn.col;
  const OpcodeInfo& info = parse_mnemonic(line, mn, ins);
  ins.num_dst = info.num_dst;
  const bool is_def = ins.op == Opcode::Def || ins.op == Opcode::DefI || ins.op == Opcode::DefB;
  int count = 0;  // operands read
  if (!line.at_end()) {
    do {
      if (count == 0 && info.num_dst) {
        const DstParam d = asm_detail::parse_dst(line, cols[kPartDst]);
        const uint8_t mods = ins.dst.modifiers;
        const int8_t shift = ins.dst.shift;
        ins.dst = d;
        ins.dst.modifiers = mods;
        ins.dst.shift = shift;
      } else if (is_def) {
        const int v = count - 1;
        if (v >= (ins.op == Opcode::DefB ? 1 : 4))
          line.fail(line.peek().col, std::string(info.name) + " takes " +
                                         (ins.op == Opcode::DefB ? "one value" : "four values"));
        uint32_t& value = ins.values[static_cast<size_t>(v)];
        if (ins.op == Opcode::Def)
          value = asm_detail::parse_float_bits(line);
        else if (ins.op == Opcode::DefI)
          value = asm_detail::parse_int(line);
        else
          value = asm_detail::parse_bool(line);
      } else {
        const int s = count - info.num_dst;
        if (s >= 4) line.fail(line.peek().col, "too many operands");
        ins.src[static_cast<size_t>(s)] = asm_detail::parse_src(line, cols[kPartSrc0 + s]);
      }
      ++count;
    } while (line.accept(','));
  }
  if (!line.at_end())
    line.fail(line.peek().col, "expected ',' or the end of the line, got " + describe(line.peek()));
  if (is_def && count != (ins.op == Opcode::DefB ? 2 : 5))
    line.fail(mn.col, std::string(info.name) + " takes a register and " +
                          (ins.op == Opcode::DefB ? "one value" : "four values"));
  if (info.num_dst && count == 0)
    line.fail(line.end_col(), std::string(info.name) + " needs a destination");
  if (!is_def) ins.num_src = static_cast<uint8_t>(count - info.num_dst);
  return ins;
}

std::string_view strip_comment(std::string_view s) {
  const std::size_t a = s.find("//"), b = s.find(';');
  return s.substr(0, std::min(a, b));
}

std::string_view trim(std::string_view s) {
  const char* ws = " \t\r\f\v";
  const std::size_t a = s.find_first_not_of(ws);
  if (a == std::string_view::npos) return {};
  return s.substr(a, s.find_last_not_of(ws) - a + 1);
}

}  // namespace

Shader parse_asm(std::string_view text, const AsmOptions& opts) {
  Shader sh;
  bool have_version = false, in_comment = false;
  std::vector<Where> where, comment_where;  // of each instruction and comment block
  const CheckOptions check{opts.allow_gfxsim_extensions};
  int line_no = 0;
  for (std::string_view raw : split(text, '\n')) {
    ++line_no;
    const std::string_view body = strip_comment(raw);
    const std::string_view s = trim(body);
    if (s.empty()) continue;
    const int first_col = static_cast<int>(s.data() - raw.data()) + 1;
    if (!have_version) {
      const std::string word(s.substr(0, s.find_first_of(" \t")));
      auto v = parse_version_name(word);
      if (!v)
        throw Error(located(opts.file, line_no, first_col,
                            "expected a shader version (vs_1_1, vs_2_0, vs_2_x, vs_3_0, "
                            "ps_1_1 .. ps_1_4, ps_2_0, ps_2_x, ps_3_0), got '" +
                                word + "'"));
      if (word.size() != s.size())
        throw Error(located(opts.file, line_no, first_col + static_cast<int>(word.size()),
                            "unexpected text after the version"));
      sh.version = *v;
      have_version = true;
      continue;
    }
    // .comment 0x42415443 0x... ; lines that start with 0x continue the block.
    const bool directive = lower(s.substr(0, 8)) == ".comment";
    const bool continues = in_comment && s.size() > 1 && s[0] == '0' && (s[1] | 0x20) == 'x';
    if (directive || continues) {
      Line line(body, line_no, opts.file, sh.version, opts.allow_gfxsim_extensions);
      if (directive) {
        line.next();  // '.'
        line.next();  // comment
        sh.comments.push_back({sh.instructions.size(), {}, 0});
        comment_where.push_back({line_no, first_col});
      }
      while (!line.at_end()) {
        sh.comments.back().data.push_back(asm_detail::parse_int(line));
        line.accept(',');
      }
      in_comment = true;
      continue;
    }
    in_comment = false;
    Line line(body, line_no, opts.file, sh.version, opts.allow_gfxsim_extensions);
    int cols[kNumParts];
    Instruction ins = parse_instruction(line, cols);
    if (auto p = check_instruction(sh.version, ins, check))
      throw Error(located(opts.file, line_no, cols[p->part], p->message));
    sh.instructions.push_back(ins);
    where.push_back({line_no, cols[kPartInstruction]});
  }
  if (!have_version) throw Error(located(opts.file, 0, 0, "no shader version line"));
  if (auto p = check_structure(sh))
    throw Error(
        located(opts.file, where[p->instruction].line, where[p->instruction].col, p->message));
  // The first constant table is parsed, as decode() does, so that what assembles decodes.
  for (std::size_t i = 0; i < sh.comments.size(); ++i) {
    const auto& data = sh.comments[i].data;
    if (data.empty() || data[0] != 0x42415443u) continue;  // 'CTAB'
    ConstantTable table;
    std::string error;
    if (!parse_constant_table(data, table, error))
      throw Error(located(opts.file, comment_where[i].line, comment_where[i].col,
                          "constant table: " + error));
    sh.constant_table = std::move(table);
    break;
  }
  // Offsets as encode() lays the program out.
  std::size_t offset = 1, next_comment = 0;
  for (std::size_t i = 0; i < sh.instructions.size(); ++i) {
    for (; next_comment < sh.comments.size() && sh.comments[next_comment].position <= i;
         ++next_comment) {
      sh.comments[next_comment].offset = static_cast<uint32_t>(offset);
      offset += 1 + sh.comments[next_comment].data.size();
    }
    sh.instructions[i].offset = static_cast<uint32_t>(offset);
    offset += encoded_size(sh.version, sh.instructions[i]);
  }
  for (; next_comment < sh.comments.size(); ++next_comment) {
    sh.comments[next_comment].offset = static_cast<uint32_t>(offset);
    offset += 1 + sh.comments[next_comment].data.size();
  }
  return sh;
}

std::vector<uint32_t> assemble(std::string_view text, const AsmOptions& opts) {
  return encode(parse_asm(text, opts));
}

}  // namespace gfx::d3d9
