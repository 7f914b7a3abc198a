// Internal pieces of the interpreter, shared by interpreter.cpp (operand fetch and writes),
// alu.cpp (arithmetic) and tex_exec.cpp (texture instructions). Not part of the public API.
#pragma once

#include "func/shader/interpreter.h"

namespace gfx::func::detail {

// A source operand after swizzle, abs and negate: ch[i] points at the lane values feeding
// destination channel i. Unmodified registers are read in place; modified sources and
// constants are materialised into scratch lane arrays.
struct SrcLanes {
  const float* ch[4];
};

// Per-instruction lane storage, kept by execute() for the whole warp (no allocation).
struct Scratch {
  alignas(64) float src[3][4][kMaxLanes];  // materialised sources
  alignas(64) float res[4][kMaxLanes];     // results before the masked, saturated write
};

// Computes an ALU op into res[c] for the channels in `mask` (replicated ops: into res[0]
// only, see op_is_replicated). `lanes` is the warp's lane count.
void exec_alu(Op op, const SrcLanes* src, uint8_t mask, int lanes, float (*res)[kMaxLanes]);

// Executes a Tex instruction: samples at src.xy for every lane that needs it and writes
// rgba into res[0..3].
void exec_tex(const ExecContext& ctx, const Instr& in, const SrcLanes& coord, const Warp& warp,
              unsigned issue_index, float (*res)[kMaxLanes]);

}  // namespace gfx::func::detail
