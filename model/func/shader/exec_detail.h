// Internal pieces of the interpreter, shared by interpreter.cpp (the instruction loop),
// operands.cpp (operand fetch and writes), flow.cpp (the execution-mask machine), alu.cpp and
// alu_ext.cpp (arithmetic) and tex_exec.cpp (texture instructions). Not part of the public API.
#pragma once

#include <string>

#include "func/shader/interpreter.h"
#include "func/texture/texel_batch.h"

namespace gfx::func::detail {

// A source operand after swizzle, abs and negate: ch[i] points at the lane values feeding
// destination channel i. Unmodified registers are read in place; modified sources, constants
// and relatively addressed registers are materialised into scratch lane arrays.
struct SrcLanes {
  const float* ch[4];
};

// Per-instruction lane storage, kept by execute() for the whole warp (no allocation).
struct Scratch {
  alignas(64) float src[3][4][kMaxLanes];  // materialised sources
  alignas(64) float res[4][kMaxLanes];     // results before the masked, saturated write
};

// Lane bit set of lanes 0..lanes-1.
inline uint64_t all_lanes(int lanes) {
  return lanes >= 64 ? ~uint64_t(0) : (uint64_t(1) << lanes) - 1;
}

[[noreturn]] void fail(const Program& p, size_t pc, const std::string& what);

// Fetches the destination channels `channels` of a source operand.
SrcLanes fetch(const ExecContext& ctx, Warp& w, const Src& s, uint8_t channels, int lanes,
               float (*buf)[kMaxLanes]);

// Lane bits where p0 component `comp` is true (false when `negate`).
uint64_t pred_bits(const Warp& w, int comp, bool negate, int lanes);

// Checks the destination of instruction `pc` (throws on a malformed one).
void check_dst(const Program& p, size_t pc, const Instr& in);

// ps_1_x result modifiers (Dst::shift, Dst::range) applied to res in place, before
// write_back saturates: scale by 2^shift, then clamp to [-range, range] unless saturating.
void scale_result(const Instr& in, bool replicated, int lanes, float (*res)[kMaxLanes]);

// Writes res into the destination's masked channels, only in the lanes of `exec` (and of the
// instruction's predicate). `replicated`: every channel takes res[0].
// The destination must have passed check_dst().
void write_back(Warp& w, const Instr& in, bool replicated, int lanes, uint64_t exec,
                const float (*res)[kMaxLanes]);

// write_back for a relative destination (Dst::rel). aL (vs_3_0): lane l writes output
// p.indexed_outputs[index + aL[l]]; lanes whose o# is outside the declared outputs write
// nothing (D3D9 leaves such writes undefined). a0 (SM4 x#[] / o[]): lane l writes register
// index + a0.c[l] when it lies in Dst::rel_base .. + rel_count - 1, else nothing.
void write_back_indexed(Warp& w, const Program& p, const Instr& in, bool replicated, int lanes,
                        uint64_t exec, const float (*res)[kMaxLanes]);

// Computes an ALU op into res[c] for the channels in `mask` (replicated ops: into res[0]
// only, see op_is_replicated). `lanes` is the warp's lane count.
void exec_alu(Op op, const SrcLanes* src, uint8_t mask, int lanes, float (*res)[kMaxLanes]);
// The SM2/3 arithmetic ops (alu_ext.cpp); `cmp` is the setp comparison.
void exec_alu_ext(Op op, CmpOp cmp, const SrcLanes* src, uint8_t mask, int lanes,
                  float (*res)[kMaxLanes]);
// The shader model 4 ops (alu_sm4.cpp); `cmp` is the cmpm comparison.
void exec_alu_sm4(Op op, CmpOp cmp, const SrcLanes* src, uint8_t mask, int lanes,
                  float (*res)[kMaxLanes]);
// The SM4 integer and bit ops (alu_int.cpp); `cmp` is the icmp comparison.
void exec_alu_int(Op op, CmpOp cmp, const SrcLanes* src, uint8_t mask, int lanes,
                  float (*res)[kMaxLanes]);
// Float comparisons (CmpOp 1..6) on the values, the SM4 ones on the 32 bits.
bool compare(CmpOp cmp, float a, float b);
bool compare_bits(CmpOp cmp, float a, float b);  // the SM4 ones (alu_int.cpp)

// Executes a Tex instruction: samples for every lane that needs it (quads with an `active`
// lane in pixel programs, `active` lanes in vertex programs) and writes rgba into res[0..3].
void exec_tex(const ExecContext& ctx, const Instr& in, const SrcLanes* src, const Warp& warp,
              uint64_t active, unsigned issue_index, float (*res)[kMaxLanes]);

// The SM4 texture queries (tex_query.cpp): ld (TexMode::Fetch) for the lanes in `active`
// (whole quads in pixel programs) and resinfo (TexMode::Info*) for every lane.
void exec_tex_fetch(const PreparedSampler& s, const SrcLanes& src, int lanes, uint64_t active,
                    TexelBatch* batch, float (*res)[kMaxLanes]);
void exec_tex_info(const ExecContext& ctx, const Instr& in, const SrcLanes& src, int lanes,
                   float (*res)[kMaxLanes]);

// The execution-mask machine of structured flow control (flow.cpp).
class FlowMachine {
 public:
  static constexpr size_t kEnd = ~size_t(0);
  FlowMachine(const Program& p, const uint32_t* links, Warp& w, uint64_t all);
  uint64_t mask() const { return mask_; }
  // Executes the flow instruction at `pc`, whose per-lane condition is `cond` (ignored by
  // unconditional ops), and returns the next pc or kEnd.
  size_t step(size_t pc, const Instr& in, uint64_t cond, const Int4& ints);

 private:
  struct Frame {
    Op kind;            // If, Loop (also rep and do), Switch or Call
    uint64_t saved;     // the execution mask when the frame was entered
    uint64_t taken;     // If: lanes that took the then-branch
    uint64_t parked;    // Loop, Switch: lanes that broke; Call: lanes that returned
    uint64_t cont;      // Loop: lanes that continued, back at the next iteration
    size_t pc;          // If: else/endif; Loop: its end; Switch: the next case or
                        // endswitch; Call: return address
    bool unbounded;     // Loop: a `do`, left only by break or ret
    int32_t remaining;  // Loop: iterations left
    int32_t step;       // Loop: aL increment
    int32_t saved_al;   // Loop: aL of the enclosing loop
    bool is_loop_al;    // Loop: a `loop` (true) or a `rep`
  };
  size_t settle(size_t next);
  void push(const Frame& f, size_t pc);
  Frame* innermost(Op kind, Op or_kind = Op::Nop);
  void park(uint64_t leaving, uint64_t Frame::*into, Frame* f);
  void set_al(int32_t v);

  const Program& p_;
  const uint32_t* links_;
  Warp& w_;
  uint64_t mask_;
  uint64_t parked_ = 0;  // lanes waiting at a loop end or a return
  int32_t al_ = 0;
  int calls_ = 0;
  static constexpr size_t kMaxFrames = 64;
  Frame frames_[kMaxFrames];
  size_t depth_ = 0;
};

// Resolves Program::flow_links into `links` (one entry per instruction).
void resolve_flow(const Program& p, std::vector<uint32_t>& links);

}  // namespace gfx::func::detail
