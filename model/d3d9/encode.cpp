// Token writer. The layout mirrors decoder.cpp: dst (+ relative token), predicate token,
// sources (+ relative tokens), then def values; dcl writes its usage token first.
#include "d3d9/encode.h"

#include "common/error.h"
#include "d3d9/opcodes.h"
#include "d3d9/tokens.h"

namespace gfx::d3d9 {
namespace {

// vs_1_x marks relative addressing with bit 13 only: the register is always a0.x.
bool has_rel_token(const Version& v) { return v.major >= 2; }

uint32_t rel_token(const RelAddr& r) {
  return tok::kParamBit | tok::reg_bits(r.type, r.number) | static_cast<uint32_t>(r.swizzle) << 16;
}

void put_dst(const Version& v, const DstParam& d, std::vector<uint32_t>& out) {
  uint32_t t = tok::kParamBit | tok::reg_bits(d.type, d.number);
  t |= static_cast<uint32_t>(d.mask & 0xF) << 16;
  t |= static_cast<uint32_t>(d.modifiers & 0xF) << 20;
  t |= (static_cast<uint32_t>(d.shift) & 0xF) << 24;
  if (d.relative) t |= tok::kRelativeBit;
  out.push_back(t);
  if (d.relative && has_rel_token(v)) out.push_back(rel_token(d.rel));
}

void put_src(const Version& v, const SrcParam& s, std::vector<uint32_t>& out) {
  uint32_t t = tok::kParamBit | tok::reg_bits(s.type, s.number);
  t |= static_cast<uint32_t>(s.swizzle) << 16;
  t |= (static_cast<uint32_t>(s.mod) & 0xF) << 24;
  if (s.relative) t |= tok::kRelativeBit;
  out.push_back(t);
  if (s.relative && has_rel_token(v)) out.push_back(rel_token(s.rel));
}

void put_body(const Version& v, const Instruction& ins, std::vector<uint32_t>& out) {
  if (ins.op == Opcode::Dcl) {
    const DclInfo& d = ins.dcl;
    out.push_back(tok::kParamBit | (d.usage & 0xFu) | (d.usage_index & 0xFu) << 16 |
                  (static_cast<uint32_t>(d.texture_type) & 0xF) << 27);
    put_dst(v, ins.dst, out);
    return;
  }
  if (ins.num_dst) put_dst(v, ins.dst, out);
  if (ins.predicated) put_src(v, ins.predicate, out);
  for (int i = 0; i < ins.num_src; ++i) put_src(v, ins.src[static_cast<size_t>(i)], out);
  if (ins.op == Opcode::Def || ins.op == Opcode::DefI)
    out.insert(out.end(), ins.values.begin(), ins.values.end());
  else if (ins.op == Opcode::DefB)
    out.push_back(ins.values[0]);
}

}  // namespace

void encode_instruction(const Version& v, const Instruction& ins, std::vector<uint32_t>& out) {
  const std::size_t head = out.size();
  out.push_back(0);
  put_body(v, ins, out);
  const std::size_t length = out.size() - head - 1;
  if (length > 15)
    throw Error(mnemonic(ins.op, ins.control) + " needs " + std::to_string(length) +
                " parameter tokens, more than the 15 an instruction can hold");
  uint32_t t = static_cast<uint16_t>(ins.op) | static_cast<uint32_t>(ins.control) << 16;
  if (ins.predicated) t |= tok::kPredicatedBit;
  if (ins.coissue) t |= tok::kCoissueBit;
  if (v.major >= 2) t |= static_cast<uint32_t>(length) << 24;
  out[head] = t;
}

std::size_t encoded_size(const Version& v, const Instruction& ins) {
  std::vector<uint32_t> scratch;
  scratch.reserve(16);
  encode_instruction(v, ins, scratch);
  return scratch.size();
}

std::vector<uint32_t> encode(const Shader& shader) {
  std::vector<uint32_t> out;
  out.push_back(shader.version.token());
  std::size_t next_comment = 0;
  auto put_comments_before = [&](std::size_t position) {
    while (next_comment < shader.comments.size() &&
           shader.comments[next_comment].position <= position) {
      const auto& data = shader.comments[next_comment].data;
      if (data.size() > 0x7FFF)
        throw Error("comment block of " + std::to_string(data.size()) +
                    " DWORDs is longer than the 32767 a comment token can hold");
      out.push_back(tok::kCommentOpcode | static_cast<uint32_t>(data.size()) << 16);
      out.insert(out.end(), data.begin(), data.end());
      ++next_comment;
    }
  };
  for (std::size_t i = 0; i < shader.instructions.size(); ++i) {
    put_comments_before(i);
    encode_instruction(shader.version, shader.instructions[i], out);
  }
  put_comments_before(shader.instructions.size() + shader.comments.size());
  out.push_back(tok::kEndToken);
  return out;
}

}  // namespace gfx::d3d9
