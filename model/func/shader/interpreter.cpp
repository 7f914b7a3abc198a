// The interpreter's instruction loop: program checks, register clearing, dispatch of each
// instruction to the flow machine (flow.cpp), the ALU (alu.cpp, alu_ext.cpp) or the texture
// code (tex_exec.cpp), and the masked write-back (operands.cpp).
#include "func/shader/interpreter.h"

#include <cstring>
#include <string>

#include "api/state.h"
#include "common/error.h"
#include "func/shader/exec_detail.h"
#include "func/shader/op_info.h"

namespace gfx::func {
namespace {

using detail::fail;
using detail::Scratch;
using detail::SrcLanes;

void check_program(const Program& p, const Warp& w) {
  if (p.num_temps > kMaxTemps || p.num_inputs > kMaxInputs || p.num_outputs > kMaxOutputs) {
    fail(p, size_t(-1),
         "declares " + std::to_string(p.num_temps) + " temps, " + std::to_string(p.num_inputs) +
             " inputs, " + std::to_string(p.num_outputs) + " outputs; the warp holds " +
             std::to_string(kMaxTemps) + ", " + std::to_string(kMaxInputs) + ", " +
             std::to_string(kMaxOutputs));
  }
  const bool pixel = p.stage == api::ShaderStage::Pixel;
  if (w.lanes < 0 || w.lanes > kMaxLanes || (pixel && w.lanes % 4 != 0)) {
    fail(p, size_t(-1),
         "warp of " + std::to_string(w.lanes) + " lanes (at most " + std::to_string(kMaxLanes) +
             (pixel ? ", whole quads)" : ")"));
  }
}

// Registers r0..rN-1 are one contiguous block in the warp (warp.h), so one large memset
// clears them; many 256-byte memsets cost more than the instructions they precede.
void clear_registers(const Program& p, Warp& w) {
  constexpr size_t kRegBytes = sizeof(float) * 4 * kMaxLanes;
  if (p.num_temps) std::memset(w.temp(0, 0), 0, kRegBytes * p.num_temps);
  if (p.num_outputs) std::memset(w.output(0, 0), 0, kRegBytes * p.num_outputs);
  std::memset(w.addr(0), 0, sizeof(int32_t) * 4 * kMaxLanes);
  std::memset(w.loop_counter(), 0, sizeof(int32_t) * kMaxLanes);
  std::memset(w.pred(0), 0, 4 * kMaxLanes);
  w.killed = 0;
}

bool has_flow(const Program& p) {
  for (const Instr& in : p.code)
    if (op_class(in.op) == OpClass::Flow && in.op != Op::End) return true;
  return false;
}

Int4 int_constant(const ExecContext& ctx, unsigned i) {
  const auto& lits = ctx.program->literal_int_constants;
  for (size_t k = lits.size(); k-- > 0;)
    if (lits[k].first == i) return lits[k].second;
  if (ctx.int_constants == nullptr || i >= unsigned(kNumIntConstants)) return {};
  return ctx.int_constants[i];
}

bool bool_constant(const ExecContext& ctx, unsigned i) {
  const auto& lits = ctx.program->literal_bool_constants;
  for (size_t k = lits.size(); k-- > 0;)
    if (lits[k].first == i) return lits[k].second;
  if (ctx.bool_constants == nullptr || i >= unsigned(kNumBoolConstants)) return false;
  return ctx.bool_constants[i];
}

// Per-lane condition of a flow instruction and, for loop/rep, its i# operand.
uint64_t flow_condition(const ExecContext& ctx, Warp& w, const Instr& in, size_t pc,
                        Scratch& scratch, Int4& ints) {
  const Program& p = *ctx.program;
  const int lanes = w.lanes;
  const uint64_t all = detail::all_lanes(lanes);
  switch (in.op) {
    case Op::If:
    case Op::Callnz:
    case Op::Breakp: {
      const Src& s = in.src[0];
      if (s.file == RegFile::ConstBool && in.op != Op::Breakp)
        return bool_constant(ctx, s.index) ? all : 0;
      if (s.file == RegFile::Pred) return detail::pred_bits(w, s.swz & 3, s.negate, lanes);
      fail(p, pc, "condition must be a b# constant or p0");
    }
    case Op::Ifc:
    case Op::Breakc:
    case Op::Continuec:
    case Op::Case:
    case Op::Callc:
    case Op::Retc: {
      SrcLanes a, b;
      try {
        a = detail::fetch(ctx, w, in.src[0], 1, lanes, scratch.src[0]);
        b = detail::fetch(ctx, w, in.src[1], 1, lanes, scratch.src[1]);
      } catch (const Error& e) {
        fail(p, pc, e.what());
      }
      uint64_t bits = 0;
      for (int l = 0; l < lanes; ++l)
        bits |= uint64_t(detail::compare(in.cmp, a.ch[0][l], b.ch[0][l])) << l;
      return bits;
    }
    case Op::Loop:
    case Op::Rep:
      if (in.src[0].file != RegFile::ConstInt) fail(p, pc, "count must be an i# constant");
      ints = int_constant(ctx, in.src[0].index);
      return all;
    default: return all;
  }
}

// texkill: lanes where any of src0.xyz < 0 are killed (and stop being live in pixel warps).
void exec_texkill(const Program& p, const Instr& in, const SrcLanes& s, Warp& w, uint64_t exec) {
  uint64_t kill = 0;
  for (int l = 0; l < w.lanes; ++l) {
    const bool neg = s.ch[0][l] < 0.0f || s.ch[1][l] < 0.0f || s.ch[2][l] < 0.0f;
    kill |= uint64_t(neg) << l;
  }
  kill &= exec;
  if (in.pred.enabled) kill &= detail::pred_bits(w, in.pred.swz & 3, in.pred.negate, w.lanes);
  w.killed |= kill;
  if (p.stage == api::ShaderStage::Pixel) w.live &= ~kill;
}

}  // namespace

void execute(const ExecContext& ctx, Warp& warp, std::vector<OpClass>* record) {
  if (ctx.program == nullptr) throw Error("shader interpreter: no program to execute");
  const Program& p = *ctx.program;
  check_program(p, warp);
  clear_registers(p, warp);
  const uint32_t* links = nullptr;
  std::vector<uint32_t> local_links;  // only for flow programs not run through prepare_flow
  if (p.flow_links.size() == p.code.size() && !p.code.empty()) {
    links = p.flow_links.data();
  } else if (has_flow(p)) {
    detail::resolve_flow(p, local_links);
    links = local_links.data();
  }
  // About 5 KB of lane scratch, reused by every instruction of the warp.
  Scratch scratch;
  const int lanes = warp.lanes;
  const bool pixel = p.stage == api::ShaderStage::Pixel;
  detail::FlowMachine flow(p, links, warp, detail::all_lanes(lanes));
  unsigned issued = 0;
  for (size_t pc = 0; pc < p.code.size();) {
    const Instr& in = p.code[pc];
    if (unsigned(in.op) > unsigned(Op::End)) fail(p, pc, "unknown opcode");
    if (issued == kMaxIssued)
      fail(p, pc, "more than " + std::to_string(kMaxIssued) + " instructions issued by one warp");
    const unsigned issue_index = issued++;
    if (record) record->push_back(op_class(in.op));
    if (ctx.op_record) ctx.op_record->push_back(in.op);
    if (in.op == Op::End) break;
    if (in.op == Op::Nop) {
      ++pc;
      continue;
    }
    if (ctx.constant_sink) ctx.constant_sink->instruction(issue_index, flow.mask());
    if (op_class(in.op) == OpClass::Flow) {
      Int4 ints{};
      const uint64_t cond = flow_condition(ctx, warp, in, pc, scratch, ints);
      pc = flow.step(pc, in, cond, ints);
      if (pc == detail::FlowMachine::kEnd) break;
      continue;
    }
    const uint64_t exec = flow.mask();
    const int nsrc = instr_num_sources(in);
    SrcLanes src[3];
    try {
      for (int i = 0; i < nsrc; ++i)
        src[i] = detail::fetch(ctx, warp, in.src[i], source_channels(in, i), lanes, scratch.src[i]);
    } catch (const Error& e) {
      fail(p, pc, e.what());
    }
    if (in.op == Op::Texkill || in.op == Op::Dsx || in.op == Op::Dsy) {
      if (!pixel) fail(p, pc, "is only valid in pixel programs");
      if (in.op == Op::Texkill) {
        exec_texkill(p, in, src[0], warp, exec);
        ++pc;
        continue;
      }
    }
    // Check the destination before the work so a bad program fails at the faulty instruction.
    if (op_has_dst(in.op)) detail::check_dst(p, pc, in);
    if ((in.op == Op::Crs && (in.dst.mask & 0x8)) || (in.op == Op::SinCos && (in.dst.mask & 0xC)))
      fail(p, pc, "write mask selects a channel the instruction does not produce");

    if (in.op == Op::Tex) {
      if (in.sampler >= api::kMaxSamplers)
        fail(p, pc, "sampler s" + std::to_string(in.sampler) + " does not exist");
      try {
        detail::exec_tex(ctx, in, src, warp, exec, issue_index, scratch.res);
      } catch (const Error& e) {  // a malformed bound texture: say which instruction met it
        fail(p, pc, e.what());
      }
      detail::scale_result(in, false, lanes, scratch.res);
      if (in.dst.rel != RelAddr::None)  // SM4: sample into x#[r]
        detail::write_back_indexed(warp, p, in, false, lanes, exec, scratch.res);
      else
        detail::write_back(warp, in, false, lanes, exec, scratch.res);
    } else {
      if (in.op < Op::Tex) {
        detail::exec_alu(in.op, src, in.dst.mask, lanes, scratch.res);
      } else {
        detail::exec_alu_ext(in.op, in.cmp, src, in.dst.mask, lanes, scratch.res);
      }
      detail::scale_result(in, op_is_replicated(in.op), lanes, scratch.res);
      if (in.dst.rel != RelAddr::None)  // vs_3_0 o[aL]: rare, so a separate per-lane path
        detail::write_back_indexed(warp, p, in, op_is_replicated(in.op), lanes, exec, scratch.res);
      else
        detail::write_back(warp, in, op_is_replicated(in.op), lanes, exec, scratch.res);
    }
    ++pc;
  }
}

}  // namespace gfx::func
