// The interpreter's instruction loop: checks, operand fetch (swizzle, abs, negate), dispatch
// to the ALU or texture code, and the masked, saturating write-back.
#include "func/shader/interpreter.h"

#include <cmath>
#include <cstring>
#include <string>

#include "api/state.h"
#include "common/error.h"
#include "func/shader/exec_detail.h"
#include "func/shader/op_info.h"

namespace gfx::func {
namespace {

using detail::Scratch;
using detail::SrcLanes;

alignas(64) const float kZeros[kMaxLanes] = {};

[[noreturn]] void fail(const Program& p, size_t pc, const std::string& what) {
  std::string where = "shader '" + (p.name.empty() ? std::string("?") : p.name) + "'";
  if (pc != size_t(-1)) {
    where += " instruction " + std::to_string(pc);
    if (pc < p.code.size()) where += " (" + disassemble(p.code[pc]) + ")";
  }
  throw Error(where + ": " + what);
}

void check_program(const Program& p, const Warp& w) {
  if (p.num_temps > kMaxTemps || p.num_inputs > kMaxInputs || p.num_outputs > kMaxOutputs) {
    fail(p, size_t(-1), "declares " + std::to_string(p.num_temps) + " temps, " +
                            std::to_string(p.num_inputs) + " inputs, " +
                            std::to_string(p.num_outputs) + " outputs; the warp holds " +
                            std::to_string(kMaxTemps) + ", " + std::to_string(kMaxInputs) +
                            ", " + std::to_string(kMaxOutputs));
  }
  const bool pixel = p.stage == api::ShaderStage::Pixel;
  if (w.lanes < 0 || w.lanes > kMaxLanes || (pixel && w.lanes % 4 != 0)) {
    fail(p, size_t(-1), "warp of " + std::to_string(w.lanes) + " lanes (at most " +
                            std::to_string(kMaxLanes) + (pixel ? ", whole quads)" : ")"));
  }
}

// Value of c[index] for this draw: the program's own definitions win over the draw's.
Vec4 constant(const ExecContext& ctx, unsigned index) {
  const auto& lits = ctx.program->literal_constants;
  for (size_t i = lits.size(); i-- > 0;)
    if (lits[i].first == index) return lits[i].second;
  if (ctx.constants == nullptr || index >= api::kMaxShaderConstants) return {};
  return ctx.constants[index];
}

// Lane array of register component (file, index, comp), or zeros outside the declared range.
const float* reg_lanes(const Program& p, Warp& w, RegFile file, unsigned index, int comp) {
  switch (file) {
    case RegFile::Temp: return index < p.num_temps ? w.temp(int(index), comp) : kZeros;
    case RegFile::Input: return index < p.num_inputs ? w.input(int(index), comp) : kZeros;
    case RegFile::Output: return index < p.num_outputs ? w.output(int(index), comp) : kZeros;
    case RegFile::Const: break;
  }
  return kZeros;
}

SrcLanes fetch(const ExecContext& ctx, Warp& w, const Src& s, uint8_t channels, int lanes,
               float (*buf)[kMaxLanes]) {
  SrcLanes out{{kZeros, kZeros, kZeros, kZeros}};
  const bool modified = s.abs || s.negate;
  const Vec4 k = s.file == RegFile::Const ? constant(ctx, s.index) : Vec4{};
  for (int c = 0; c < 4; ++c) {
    if (!(channels & (1u << c))) continue;
    const int comp = (s.swz >> (2 * c)) & 3;
    if (s.file == RegFile::Const) {
      float v = k[comp];
      if (s.abs) v = std::fabs(v);
      if (s.negate) v = -v;
      for (int l = 0; l < lanes; ++l) buf[c][l] = v;
      out.ch[c] = buf[c];
      continue;
    }
    const float* __restrict r = reg_lanes(*ctx.program, w, s.file, s.index, comp);
    if (!modified) {
      out.ch[c] = r;
      continue;
    }
    float* __restrict d = buf[c];
    if (s.abs && s.negate) {
      for (int l = 0; l < lanes; ++l) d[l] = -std::fabs(r[l]);
    } else if (s.abs) {
      for (int l = 0; l < lanes; ++l) d[l] = std::fabs(r[l]);
    } else {
      for (int l = 0; l < lanes; ++l) d[l] = -r[l];
    }
    out.ch[c] = d;
  }
  return out;
}

float* dst_lanes(const Program& p, size_t pc, Warp& w, const Dst& d, int comp) {
  if (d.file == RegFile::Temp && d.index < p.num_temps) return w.temp(d.index, comp);
  if (d.file == RegFile::Output && d.index < p.num_outputs) return w.output(d.index, comp);
  if (d.file == RegFile::Temp || d.file == RegFile::Output) {
    fail(p, pc, "writes register " + std::to_string(d.index) + " beyond the program's " +
                    std::to_string(d.file == RegFile::Temp ? p.num_temps : p.num_outputs) +
                    (d.file == RegFile::Temp ? " temps" : " outputs"));
  }
  fail(p, pc, "destination must be a temp or output register");
}

void write_back(const Program& p, size_t pc, Warp& w, const Dst& d, bool replicated, int lanes,
                const float (*res)[kMaxLanes]) {
  for (int c = 0; c < 4; ++c) {
    if (!(d.mask & (1u << c))) continue;
    float* __restrict out = dst_lanes(p, pc, w, d, c);
    const float* __restrict r = res[replicated ? 0 : c];
    if (d.saturate) {
      // Written so that NaN fails both tests and becomes 0, as D3D10 defines saturate.
      for (int l = 0; l < lanes; ++l) out[l] = r[l] > 0.0f ? (r[l] < 1.0f ? r[l] : 1.0f) : 0.0f;
    } else {
      std::memcpy(out, r, sizeof(float) * size_t(lanes));
    }
  }
}

// Registers r0..rN-1 are one contiguous block in the warp (warp.h), so one large memset
// clears them; many 256-byte memsets cost more than the instructions they precede.
void clear_registers(const Program& p, Warp& w) {
  constexpr size_t kRegBytes = sizeof(float) * 4 * kMaxLanes;
  if (p.num_temps) std::memset(w.temp(0, 0), 0, kRegBytes * p.num_temps);
  if (p.num_outputs) std::memset(w.output(0, 0), 0, kRegBytes * p.num_outputs);
}

}  // namespace

void execute(const ExecContext& ctx, Warp& warp, std::vector<OpClass>* record) {
  if (ctx.program == nullptr) throw Error("shader interpreter: no program to execute");
  const Program& p = *ctx.program;
  check_program(p, warp);
  clear_registers(p, warp);
  // About 5 KB of lane scratch, reused by every instruction of the warp.
  Scratch scratch;
  const int lanes = warp.lanes;
  unsigned issued = 0;
  for (size_t pc = 0; pc < p.code.size(); ++pc) {
    const Instr& in = p.code[pc];
    if (unsigned(in.op) > unsigned(Op::End)) fail(p, pc, "unknown opcode");
    const unsigned issue_index = issued++;
    if (record) record->push_back(op_class(in.op));
    if (in.op == Op::End) break;
    if (in.op == Op::Nop) continue;

    const int nsrc = op_num_sources(in.op);
    const uint8_t channels = op_source_channels(in.op, in.dst.mask);
    SrcLanes src[3];
    for (int i = 0; i < nsrc; ++i)
      src[i] = fetch(ctx, warp, in.src[i], channels, lanes, scratch.src[i]);
    // Check the destination before the work so a bad program fails at the faulty instruction.
    if ((in.dst.mask & 0xF) != 0) dst_lanes(p, pc, warp, in.dst, 0);

    if (in.op == Op::Tex) {
      if (in.sampler >= api::kMaxSamplers)
        fail(p, pc, "sampler s" + std::to_string(in.sampler) + " does not exist");
      try {
        detail::exec_tex(ctx, in, src[0], warp, issue_index, scratch.res);
      } catch (const Error& e) {  // a malformed bound texture: say which instruction met it
        fail(p, pc, e.what());
      }
      write_back(p, pc, warp, in.dst, false, lanes, scratch.res);
    } else {
      detail::exec_alu(in.op, src, in.dst.mask, lanes, scratch.res);
      write_back(p, pc, warp, in.dst, op_is_replicated(in.op), lanes, scratch.res);
    }
  }
}

}  // namespace gfx::func
