// Operand access of the interpreter: source fetch with swizzle, abs, negate and relative
// addressing, and the masked, predicated, saturating write-back to every register file.
#include <cmath>
#include <cstring>
#include <string>

#include "api/state.h"
#include "common/error.h"
#include "func/shader/exec_detail.h"
#include "func/shader/op_info.h"

namespace gfx::func::detail {
namespace {

alignas(64) const float kZeros[kMaxLanes] = {};

// Value of c[index] for this draw: the program's own definitions win over the draw's. A
// read of the draw's constants by `lanes` is reported to the constant sink, if any.
Vec4 constant(const ExecContext& ctx, long index, uint64_t lanes) {
  if (index < 0 || index >= long(api::kMaxShaderConstants)) return {};  // outside: reads 0
  const auto& lits = ctx.program->literal_constants;
  for (size_t i = lits.size(); i-- > 0;)
    if (lits[i].first == index) return lits[i].second;
  if (ctx.constant_sink) ctx.constant_sink->read(unsigned(index), lanes);
  if (ctx.constants == nullptr) return {};
  return ctx.constants[index];
}

// Lane array of register component (file, index, comp), or zeros outside the declared range.
const float* reg_lanes(const Program& p, Warp& w, RegFile file, long index, int comp) {
  if (index < 0) return kZeros;
  switch (file) {
    case RegFile::Temp: return index < p.num_temps ? w.temp(int(index), comp) : kZeros;
    case RegFile::Input: return index < p.num_inputs ? w.input(int(index), comp) : kZeros;
    case RegFile::Output: return index < p.num_outputs ? w.output(int(index), comp) : kZeros;
    default: break;
  }
  return kZeros;
}

// SM4 integer source modifiers: abs and negate of the two's-complement value.
float modify_int(const Src& s, float v) {
  uint32_t u;
  std::memcpy(&u, &v, 4);
  if (s.abs && int32_t(u) < 0) u = 0u - u;
  if (s.negate) u = 0u - u;
  std::memcpy(&v, &u, 4);
  return v;
}

float modify(const Src& s, float v) {
  if (s.int_mod) return modify_int(s, v);
  if (s.clamp == InClamp::Unit) v = v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;
  if (s.clamp == InClamp::Signed) v = v > -1.0f ? (v < 1.0f ? v : 1.0f) : -1.0f;
  switch (s.ps1) {
    case Ps1Mod::None: break;
    case Ps1Mod::Bias: v -= 0.5f; break;
    case Ps1Mod::Bx2: v = 2.0f * v - 1.0f; break;
    case Ps1Mod::Comp: v = 1.0f - v; break;
    case Ps1Mod::X2: v *= 2.0f; break;
  }
  if (s.abs) v = std::fabs(v);
  return s.negate ? -v : v;
}

Vec4 icb_entry(const Program& p, long index) {
  return index >= 0 && index < long(p.icb.size()) ? p.icb[size_t(index)] : Vec4{};
}

// Relative addressing: every lane reads its own register, index + a0.c or + aL.
SrcLanes fetch_relative(const ExecContext& ctx, Warp& w, const Src& s, uint8_t channels, int lanes,
                        float (*buf)[kMaxLanes]) {
  SrcLanes out{{kZeros, kZeros, kZeros, kZeros}};
  const int32_t* off = s.rel == RelAddr::Loop ? w.loop_counter() : w.addr(s.rel_comp & 3);
  for (int l = 0; l < lanes; ++l) {
    const long index = long(s.index) + off[l];
    Vec4 v;
    if (s.rel_count && (index < s.rel_base || index >= long(s.rel_base) + s.rel_count)) {
      v = Vec4{};  // outside the indexed range (SM4): reads 0
    } else if (s.file == RegFile::Icb) {
      v = icb_entry(*ctx.program, index);
    } else if (s.file == RegFile::Const) {
      v = constant(ctx, index, uint64_t(1) << l);
    } else {
      for (int k = 0; k < 4; ++k) v[k] = reg_lanes(*ctx.program, w, s.file, index, k)[l];
    }
    for (int c = 0; c < 4; ++c)
      if (channels & (1u << c)) buf[c][l] = modify(s, v[(s.swz >> (2 * c)) & 3]);
  }
  for (int c = 0; c < 4; ++c)
    if (channels & (1u << c)) out.ch[c] = buf[c];
  return out;
}

}  // namespace

void fail(const Program& p, size_t pc, const std::string& what) {
  std::string where = "shader '" + (p.name.empty() ? std::string("?") : p.name) + "'";
  if (pc != size_t(-1)) {
    where += " instruction " + std::to_string(pc);
    if (pc < p.code.size()) where += " (" + disassemble(p.code[pc]) + ")";
  }
  throw Error(where + ": " + what);
}

SrcLanes fetch(const ExecContext& ctx, Warp& w, const Src& s, uint8_t channels, int lanes,
               float (*buf)[kMaxLanes]) {
  if (s.file != RegFile::Temp && s.file != RegFile::Input && s.file != RegFile::Output &&
      s.file != RegFile::Const && s.file != RegFile::Icb)
    throw Error("source register file cannot be read by this instruction");
  if (s.rel != RelAddr::None) return fetch_relative(ctx, w, s, channels, lanes, buf);
  SrcLanes out{{kZeros, kZeros, kZeros, kZeros}};
  const bool modified = s.abs || s.negate || s.clamp != InClamp::None || s.ps1 != Ps1Mod::None;
  const bool uniform = s.file == RegFile::Const || s.file == RegFile::Icb;
  const Vec4 k = s.file == RegFile::Const ? constant(ctx, s.index, all_lanes(lanes))
                 : s.file == RegFile::Icb ? icb_entry(*ctx.program, s.index)
                                          : Vec4{};
  for (int c = 0; c < 4; ++c) {
    if (!(channels & (1u << c))) continue;
    const int comp = (s.swz >> (2 * c)) & 3;
    if (uniform) {
      const float v = modify(s, k[comp]);
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
    if (s.clamp != InClamp::None || s.ps1 != Ps1Mod::None || s.int_mod) {  // the general path
      for (int l = 0; l < lanes; ++l) d[l] = modify(s, r[l]);
    } else if (s.abs && s.negate) {
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

uint64_t pred_bits(const Warp& w, int comp, bool negate, int lanes) {
  const uint8_t* p = w.pred(comp);
  uint64_t bits = 0;
  for (int l = 0; l < lanes; ++l) bits |= uint64_t(p[l] != 0) << l;
  return negate ? ~bits & all_lanes(lanes) : bits;
}

void check_dst(const Program& p, size_t pc, const Instr& in) {
  const Dst& d = in.dst;
  const bool want_addr = in.op == Op::Mova || in.op == Op::Movi, want_pred = in.op == Op::Setp;
  if (want_addr || want_pred) {
    if (d.file != (want_addr ? RegFile::Addr : RegFile::Pred) || d.index != 0)
      fail(p, pc, want_addr ? "mova/movi must write a0" : "setp must write p0");
    return;
  }
  if ((d.mask & 0xF) == 0) return;
  if (d.rel == RelAddr::Loop) {
    if (d.file != RegFile::Output)
      fail(p, pc, "only output registers can be written relative to aL");
    return;  // the index is checked per lane (write_back_indexed)
  }
  if (d.rel == RelAddr::A0) {
    const int limit = d.file == RegFile::Temp     ? p.num_temps
                      : d.file == RegFile::Output ? p.num_outputs
                                                  : 0;
    if (limit == 0 || d.rel_count == 0 || d.rel_base + d.rel_count > limit)
      fail(p, pc, "a relative destination needs a temp or output range inside the program's");
    return;  // the index is checked per lane (write_back_indexed)
  }
  if (d.file == RegFile::Temp && d.index < p.num_temps) return;
  if (d.file == RegFile::Output && d.index < p.num_outputs) return;
  if (d.file == RegFile::Temp || d.file == RegFile::Output) {
    fail(p, pc,
         "writes register " + std::to_string(d.index) + " beyond the program's " +
             std::to_string(d.file == RegFile::Temp ? p.num_temps : p.num_outputs) +
             (d.file == RegFile::Temp ? " temps" : " outputs"));
  }
  fail(p, pc, "destination must be a temp or output register");
}

void scale_result(const Instr& in, bool replicated, int lanes, float (*res)[kMaxLanes]) {
  const Dst& d = in.dst;
  if (d.shift == 0 && d.range <= 0.0f) return;
  const float k = std::ldexp(1.0f, d.shift);
  const float hi = d.saturate ? 0.0f : d.range;  // saturation happens at the write
  for (int c = 0; c < (replicated ? 1 : 4); ++c) {
    if (!replicated && !(d.mask & (1u << c))) continue;
    float* r = res[c];
    for (int l = 0; l < lanes; ++l) {
      float v = r[l] * k;
      if (hi > 0.0f) v = v > -hi ? (v < hi ? v : hi) : -hi;
      r[l] = v;
    }
  }
}

void write_back(Warp& w, const Instr& in, bool replicated, int lanes, uint64_t exec,
                const float (*res)[kMaxLanes]) {
  const Dst& d = in.dst;
  const uint64_t all = all_lanes(lanes);
  for (int c = 0; c < 4; ++c) {
    if (!(d.mask & (1u << c))) continue;
    uint64_t wm = exec & all;
    if (in.pred.enabled) wm &= pred_bits(w, (in.pred.swz >> (2 * c)) & 3, in.pred.negate, lanes);
    if (wm == 0) continue;
    const float* __restrict r = res[replicated ? 0 : c];
    if (d.file == RegFile::Addr) {
      int32_t* a = w.addr(c);
      if (in.op == Op::Movi) {  // SM4 indices: the integer bits as they are
        for (int l = 0; l < lanes; ++l)
          if ((wm >> l) & 1u) std::memcpy(&a[l], &r[l], 4);
        continue;
      }
      for (int l = 0; l < lanes; ++l) {
        if (!((wm >> l) & 1u)) continue;
        // Round to nearest (floor for vs_1_1 mov); huge values clamp and NaN gives 0 so the
        // conversion is defined.
        const float f = std::floor(in.addr_floor ? r[l] : r[l] + 0.5f);
        a[l] = f != f ? 0 : (f >= 32768.0f ? 32768 : (f > -32768.0f ? int32_t(f) : -32768));
      }
      continue;
    }
    if (d.file == RegFile::Pred) {
      uint8_t* pr = w.pred(c);
      for (int l = 0; l < lanes; ++l)
        if ((wm >> l) & 1u) pr[l] = r[l] != 0.0f;
      continue;
    }
    float* __restrict out = d.file == RegFile::Temp ? w.temp(d.index, c) : w.output(d.index, c);
    if (wm == all) {
      if (d.saturate) {
        // Written so that NaN fails both tests and becomes 0, as D3D10 defines saturate.
        for (int l = 0; l < lanes; ++l) out[l] = r[l] > 0.0f ? (r[l] < 1.0f ? r[l] : 1.0f) : 0.0f;
      } else {
        std::memcpy(out, r, sizeof(float) * size_t(lanes));
      }
      continue;
    }
    for (int l = 0; l < lanes; ++l) {
      if (!((wm >> l) & 1u)) continue;
      out[l] = d.saturate ? (r[l] > 0.0f ? (r[l] < 1.0f ? r[l] : 1.0f) : 0.0f) : r[l];
    }
  }
}

void write_back_indexed(Warp& w, const Program& p, const Instr& in, bool replicated, int lanes,
                        uint64_t exec, const float (*res)[kMaxLanes]) {
  const Dst& d = in.dst;
  const bool sm4 = d.rel == RelAddr::A0;
  const int32_t* off = sm4 ? w.addr(d.rel_comp & 3) : w.loop_counter();
  const long outputs = long(p.indexed_outputs.size());
  for (int l = 0; l < lanes; ++l) {
    if (!((exec >> l) & 1u)) continue;
    const long o = long(d.index) + off[l];
    int reg;
    if (sm4) {  // SM4: the register itself, inside its declared range
      if (o < d.rel_base || o >= long(d.rel_base) + d.rel_count) continue;
      reg = int(o);
    } else {
      if (o < 0 || o >= outputs || p.indexed_outputs[size_t(o)] < 0) continue;
      reg = p.indexed_outputs[size_t(o)];
    }
    for (int c = 0; c < 4; ++c) {
      if (!(d.mask & (1u << c))) continue;
      if (in.pred.enabled &&
          !((pred_bits(w, (in.pred.swz >> (2 * c)) & 3, in.pred.negate, lanes) >> l) & 1u))
        continue;
      const float r = res[replicated ? 0 : c][l];
      float* out = d.file == RegFile::Temp ? w.temp(reg, c) : w.output(reg, c);
      out[l] = d.saturate ? (r > 0.0f ? (r < 1.0f ? r : 1.0f) : 0.0f) : r;
    }
  }
}

}  // namespace gfx::func::detail
