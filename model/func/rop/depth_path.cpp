#include "func/rop/depth_path.h"

#include "func/geom/quad_depth.h"
#include "func/pipeline/stages.h"

namespace gfx::func {

const char* to_name(DepthPath p) {
  switch (p) {
    case DepthPath::Late: return "late";
    case DepthPath::Early: return "early";
    case DepthPath::EarlyTestLateWrite: return "early_test_late_write";
  }
  return "?";
}

bool uses_depth_stencil(const DrawContext& d) {
  const api::RenderStates& rs = d.render_states;
  // A stencil test on a surface without stencil bits is off; counting it here only keeps
  // such a draw off the EarlyTestLateWrite path, which is the safe side.
  return !d.no_depth && (rs.z_enable || rs.stencil_enable);
}

bool program_kills(const Program& ps) {
  for (const Instr& in : ps.code)
    if (in.op == Op::Texkill) return true;
  return false;
}

namespace {
bool monotonic(api::CmpFunc f) {
  return f == api::CmpFunc::Less || f == api::CmpFunc::LessEqual || f == api::CmpFunc::Greater ||
         f == api::CmpFunc::GreaterEqual;
}
}  // namespace

DepthPath depth_path(const DrawContext& d, bool early) {
  if (!early || !uses_depth_stencil(d)) return DepthPath::Late;
  const Program& ps = *d.pixel_program;
  if (ps.writes_depth) return DepthPath::Late;  // the test needs the shader's depth
  const api::RenderStates& rs = d.render_states;
  if (!rs.alpha_test_enable && !d.alpha_to_coverage && !program_kills(ps))
    return DepthPath::Early;
  // Pixels may vanish after shading: an early cull only, and only where it is conservative
  // (header comment).
  if (rs.stencil_enable || !rs.z_enable || !monotonic(rs.z_func)) return DepthPath::Late;
  return DepthPath::EarlyTestLateWrite;
}

uint8_t early_depth_quad(const DrawContext& d, const RopState& s, RenderTarget& rt, DepthPath p,
                         const TriangleSetup& t, const Quad& q, uint64_t* passed_samples) {
  float z[4];
  quad_depth(t, q, z);
  // Under MSAA each sample at its own depth, as the ROP would test it (null: z[pixel]).
  float sample_z[4 * kMaxSamples];
  const float* zs = rop_sample_depths(d, &t, q, sample_z);
  const bool ccw = !t.front_facing;
  if (p == DepthPath::Early)
    return depth_stencil_quad(s, rt, q, q.mask, z, ccw, zs, passed_samples);
  // A test that writes nothing: no depth write, and stencil is off on this path.
  RopState test = s;
  test.rs.z_write = false;
  return depth_stencil_quad(test, rt, q, q.mask, z, ccw, zs, passed_samples);
}

}  // namespace gfx::func
