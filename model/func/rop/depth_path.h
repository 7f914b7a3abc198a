// Where a draw's depth and stencil work happens: the one place that decides it, per draw,
// for both run modes (the functional renderer and the timing model's early-Z stage call
// depth_path with the same switch and so make the same choice).
//
//   Late                the ROP tests and writes after shading (the only path when the
//                       early stage is off, the pixel shader writes oDepth or the draw
//                       needs neither depth nor stencil);
//   Early               the early stage tests and writes before shading; pixels that fail
//                       are never shaded and the ROP runs only the colour half;
//   EarlyTestLateWrite  the shader may remove pixels (texkill/discard, alpha test, alpha to
//                       coverage): the early stage only culls pixels that would surely fail
//                       the late test; the ROP tests and writes as in Late.
//
// Why the pixels stay identical (D3D's as-if rule, reference 5.5). The early stage of a
// draw waits until every earlier draw that tests or writes depth/stencil at the ROP, and
// every earlier depth/stencil Clear, has been performed, so it sees the depth every earlier
// draw left. Early: the draw's whole depth/stencil work then runs in API order at the early
// stage, no later work can overtake it (later draws pass the same in-order stage), and the
// ROP's colour half gets exactly the pixels the late test would have passed (no pixel can
// be removed after shading: no kill, no alpha test, no oDepth). EarlyTestLateWrite: only the
// draw's own late writes change depth until it retires; with a monotonic compare (LESS,
// LESSEQUAL, GREATER, GREATEREQUAL) each write moves a stored value in the passing
// direction only, so a pixel failing against the value seen early fails against every
// later one too, and dropping it changes nothing. Stencil could move either way, so a
// stencil-tested draw that may remove pixels stays Late; so does EQUAL, NOTEQUAL, ALWAYS
// and NEVER (nothing to gain or not monotonic).
//
// MSAA takes the same paths by the same rules: the early test is the ROP's, per covered
// sample at the sample's own depth (func::rop_sample_depths, the depths the ROP would use),
// and a pixel goes on to shading when any of its samples survives. On Early the samples
// that passed travel to the ROP (PixelWarp::depth_samples), whose colour half writes just
// those; the quad's own coverage (Quad::samples) stays the rasterizer's, since the shader
// reads it (centroid, helper lanes' derivatives). On EarlyTestLateWrite the ROP tests
// every covered sample again; a sample that failed early fails again (monotonic compare).
#pragma once

#include <cstdint>

#include "func/draw_context.h"
#include "func/geom/setup.h"
#include "func/rop/rop.h"

namespace gfx::func {

enum class DepthPath : uint8_t { Late, Early, EarlyTestLateWrite };
constexpr int kDepthPaths = 3;
const char* to_name(DepthPath p);

// The draw tests or writes depth or stencil at all (a bound surface, not D3D10's NULL view).
bool uses_depth_stencil(const DrawContext& d);
// The pixel program may remove pixels after shading (texkill or discard).
bool program_kills(const Program& ps);

// The path of draw d; `early` is the early-Z switch (early_z.enable).
DepthPath depth_path(const DrawContext& d, bool early);

// Whether d tests or writes depth/stencil at the ROP on path p: what a later draw's early
// test must wait for.
inline bool depth_at_rop(const DrawContext& d, DepthPath p) {
  return p != DepthPath::Early && uses_depth_stencil(d);
}

// The early half of a quad of an Early or EarlyTestLateWrite draw d (t is its triangle): the
// interpolated depth (quad_depth.h; per sample under MSAA, rop_sample_depths) tested, and
// for Early written, with stencil, as depth_stencil_quad does at the ROP. Returns the
// pixels of q.mask that go on to shading; passed_samples (if not null) gets the samples
// that passed (depth_stencil_quad's form: bit kMaxSamples * pixel + sample).
uint8_t early_depth_quad(const DrawContext& d, const RopState& s, RenderTarget& rt, DepthPath p,
                         const TriangleSetup& t, const Quad& q,
                         uint64_t* passed_samples = nullptr);

}  // namespace gfx::func
