// The functional shader interpreter: runs a Program (isa.h) over a Warp (warp.h), all lanes
// in lock step, one instruction at a time. Per instruction it walks the written channels
// and, inside, a flat loop over lanes on structure-of-arrays registers, so the compiler can
// vectorise and no call is made per lane except for texture sampling.
//
// Semantics are D3D9 asm: source swizzle, then abs, then negate; `_sat` clamps to [0, 1]
// (NaN -> 0); write masks. Special values follow the D3D9 reference: rcp(+-0) = +inf,
// rsq(x) = 1/sqrt(|x|) with rsq(0) = +inf, log(x) = log2(|x|) with log(0) = -inf, exp = 2^x
// at full precision. rcp/rsq/exp/log read the source channel the swizzle selects for x and
// write it to every masked channel; dp3/dp4 replicate likewise. mad is a*b + c rounded
// twice (never fused).
//
// Register rules: temps and outputs start at 0 for every warp; reads of v#, r# or o# beyond
// the program's counts and of c# beyond 255 read 0. Constants: the caller passes c0..c255
// of the draw; the interpreter applies Program::literal_constants itself (they override the
// draw's values), so callers must not merge them (doing so is harmless but wasted work).
// Writes outside the declared counts, or to v#/c#, are malformed programs: gfx::Error.
//
// Left out for now: flow control, predication, relative addressing, texkill, derivatives
// as instructions, partial precision.
#pragma once

#include <vector>

#include "func/shader/isa.h"
#include "func/shader/warp.h"
#include "func/texture/access_sink.h"
#include "func/texture/sampler.h"

namespace gfx::func {

struct ExecContext {
  const Program* program = nullptr;
  const Vec4* constants = nullptr;          // c0..c255 of this draw; null reads as all zero
  const SamplerBinding* samplers = nullptr;  // api::kMaxSamplers entries; null = none bound
  TextureAccessSink* texture_sink = nullptr; // null in functional-only runs
};

// Runs the whole program on `warp`. `record` (may be null) receives, in issue order, the
// OpClass of every executed instruction, End included (straight-line code today; flow
// control arrives later). The texture sink's issue_index is a Tex instruction's position in
// that record.
//
// Texture instructions: pixel programs take the LOD of each 2x2 quad from the coordinate
// differences inside it (dx = lane 1 - lane 0, dy = lane 2 - lane 0); vertex programs use
// LOD 0. Fully dead quads (pixel) or dead lanes (vertex) are not sampled: they read (0,0,0,0)
// and report no texels. An unbound sampler reads (0, 0, 0, 1).
void execute(const ExecContext& ctx, Warp& warp, std::vector<OpClass>* record);

}  // namespace gfx::func
