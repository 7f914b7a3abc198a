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
// SM2/3 semantics (sources: the D3D9 asm reference pages of each instruction):
//  * pow(x, y) = exp2(y * log2|x|) with log2(0) = -inf, the expansion the reference gives, so
//    pow(0, y>0) = 0, pow(0, y<0) = +inf, but pow(x, 0) = 1 (also for x = 0, where the
//    expansion gives NaN: D3D9 hardware gives 1, Wine's visual.c fp_special_test); nrm =
//    v * rsq(dot3(v)) on all masked channels (w too), but the zero vector gives 0 on every
//    channel (hardware again, where 0 * inf would be NaN); lit clamps the power to +-127.9961 (the
//    reference's MAXPOWER); expp/logp compute at full precision (= exp/log, replicated);
//    sincos writes cos to x and sin to y; sgn(+-0) = 0; cmp takes src1 where src0 >= 0
//    (so -0 selects src1); mova rounds to nearest (floor(x + 0.5)), clamped to +-32768.
//  * Relative addressing adds a0.<c> or aL to the register index per lane; reads outside a
//    file (c# outside 0..255, others outside the declared counts) read 0.
//  * Predication masks the written channels per lane; setp writes p0.
//  * Flow control runs with a per-lane execution mask and a frame stack (structured D3D9
//    flow only). Loop/rep counts are clamped to 0..255 (the D3D9 i#.x range); a block whose
//    mask is empty for every lane is branched over. `ret` returns every active lane of the
//    current call; `ret` outside any call, or a `label` reached by falling through, ends the
//    routine. Call nesting deeper than 16, or more than kMaxIssued issued instructions in one
//    warp, is an error (it would be a hang).
//  * SM4 flow (the D3D10 translator's): `do`/`enddo` loops without a count until every lane
//    has left by break or ret; `continue(c)` parks lanes until the end of the innermost
//    loop's body; `switch` runs no lane until a `case` (src0.x <cmp> src1.x per lane) lets
//    lanes in, which then fall through the following cases until break (which leaves the
//    innermost loop or switch). A `do` that never ends is caught by the kMaxIssued bound,
//    the same guard as every other program. SM4 comparisons (CmpOp::IEq ... Z) and the
//    integer ops work on the registers' 32 bits; Src::int_mod makes negate/abs integer
//    operations; movi loads a0 with integer bits, and SM4 relative operands are bounded by
//    Src/Dst::rel_base and rel_count (reads outside give 0, writes outside are dropped).
//  * texkill adds lanes to Warp::killed (and removes them from Warp::live in pixel warps);
//    they keep executing. dsx/dsy are coarse: per quad, lane1 - lane0 and lane2 - lane0.
//
// ps_1_x (the translator's sequences): Src::clamp and Src::ps1 apply after the swizzle and
// before abs/negate; a Dst's shift scales the result, which is then saturated or clamped to
// [-Dst::range, Dst::range]; divz divides per channel with x / 0 = 1.
//
// Left out for now: relative addressing of destinations, partial precision and the vs_1_1
// expp/logp four-component forms.
#pragma once

#include <vector>

#include "func/shader/constant_sink.h"
#include "func/shader/isa.h"
#include "func/shader/warp.h"
#include "func/texture/access_sink.h"
#include "func/texture/sampler.h"

namespace gfx::func {

struct ExecContext {
  const Program* program = nullptr;
  const Vec4* constants = nullptr;            // c0..c255 of this draw; null reads as all zero
  const SamplerBinding* samplers = nullptr;   // api::kMaxSamplers entries; null = none bound
  TextureAccessSink* texture_sink = nullptr;  // null in functional-only runs
  const Int4* int_constants = nullptr;        // i0..i15 of this draw; null reads as zero
  const bool* bool_constants = nullptr;       // b0..b15 of this draw; null reads as false
  // Timing hook beside `record`: receives the Op of every issued instruction, in the same
  // order and at the same positions as the OpClass record (null: not wanted).
  std::vector<Op>* op_record = nullptr;
  // Timing hook: told which constant registers each instruction reads, per lane (null: not
  // wanted, the fast path of functional runs and of draws without constant buffers).
  ConstantReadSink* constant_sink = nullptr;
};

// Upper bound of instructions one warp may issue before execute() throws.
constexpr unsigned kMaxIssued = 1u << 20;

// Resolves the jump targets of the program's flow control into Program::flow_links, so that
// execute() need not resolve them per warp. Throws gfx::Error naming the instruction when the
// structure is malformed (unmatched else/endif/endloop/endrep, break outside a loop, a call
// to a missing label, flow left open at a label or at the end).
void prepare_flow(Program& program);

// Runs the whole program on `warp`. `record` (may be null) receives, in issue order, the
// OpClass of every issued instruction, End included: a loop body run three times appears
// three times, and every flow instruction reached (if, else, endloop per iteration ...) is
// recorded as Flow. The texture sink's issue_index is a Tex instruction's position in
// that record.
//
// Texture instructions: pixel programs take the LOD of each 2x2 quad from the coordinate
// differences inside it (dx = lane 1 - lane 0, dy = lane 2 - lane 0); vertex programs use
// LOD 0 (TexMode changes this). Quads without a live, active lane (pixel) or lanes that are
// dead or inactive (vertex) are not sampled: they read (0,0,0,0)
// and report no texels. An unbound sampler reads (0, 0, 0, 1).
void execute(const ExecContext& ctx, Warp& warp, std::vector<OpClass>* record);

}  // namespace gfx::func
