#include "driver/d3d10_states.h"

#include <algorithm>
#include <cmath>

#include "common/error.h"
#include "func/rop/render_target.h"

namespace gfx::driver {

namespace {

// Entry t of a per-target list, or D3D10's default past its end.
unsigned target_entry(const std::vector<float>& list, unsigned t, unsigned fallback) {
  return t < list.size() ? unsigned(list[t]) : fallback;
}

}  // namespace

api::Cull d3d10_cull(api::D3D10Cull cull, bool front_counter_clockwise) {
  switch (cull) {
    case api::D3D10Cull::None: return api::Cull::None;
    case api::D3D10Cull::Front: return front_counter_clockwise ? api::Cull::Ccw : api::Cull::Cw;
    case api::D3D10Cull::Back: return front_counter_clockwise ? api::Cull::Cw : api::Cull::Ccw;
  }
  return api::Cull::None;
}

float depth_bias_unit(api::Format depth_format) {
  const bool d16 = depth_format == api::Format::D16 || depth_format == api::Format::D16_UNORM;
  return d16 ? 1.0f / 65536.0f : 1.0f / 16777216.0f;
}

void apply_rasterizer_state(const api::RasterizerDesc& d, api::Format depth_format,
                            api::RenderStates& rs) {
  rs.fill_mode = d.fill_mode;
  rs.cull_mode = d3d10_cull(d.cull_mode, d.front_counter_clockwise != 0);
  float bias = float(d.depth_bias) * depth_bias_unit(depth_format);
  // D3D10 clamps the total bias towards 0 by the clamp's sign (D3D11.3 spec 15.10); with
  // no slope term the total is the constant bias, so the clamp is exact here.
  if (d.depth_bias_clamp > 0.0f) bias = std::min(bias, d.depth_bias_clamp);
  if (d.depth_bias_clamp < 0.0f) bias = std::max(bias, d.depth_bias_clamp);
  rs.depth_bias = bias;
  rs.slope_scale_depth_bias = d.slope_scaled_depth_bias;
  rs.clipping = d.depth_clip_enable != 0;
  rs.scissor_enable = d.scissor_enable != 0;
}

void apply_depth_stencil_state(const api::DepthStencilDesc& d, uint32_t stencil_ref,
                               bool front_counter_clockwise, api::RenderStates& rs) {
  rs.z_enable = d.depth_enable != 0;
  rs.z_write = d.depth_write_mask == api::DepthWriteMask::All;
  rs.z_func = d.depth_func;
  rs.stencil_enable = d.stencil_enable != 0;
  rs.stencil_ref = stencil_ref;
  rs.stencil_mask = d.stencil_read_mask;
  rs.stencil_write_mask = d.stencil_write_mask;
  assign_stencil_faces(d, front_counter_clockwise, rs);
}

void assign_stencil_faces(const api::DepthStencilDesc& d, bool front_counter_clockwise,
                          api::RenderStates& rs) {
  rs.two_sided_stencil = true;
  const api::StencilFaceDesc& cw = front_counter_clockwise ? d.back_face : d.front_face;
  const api::StencilFaceDesc& ccw = front_counter_clockwise ? d.front_face : d.back_face;
  rs.stencil_func = cw.func;
  rs.stencil_fail = cw.fail_op;
  rs.stencil_zfail = cw.depth_fail_op;
  rs.stencil_pass = cw.pass_op;
  rs.ccw_stencil_func = ccw.func;
  rs.ccw_stencil_fail = ccw.fail_op;
  rs.ccw_stencil_zfail = ccw.depth_fail_op;
  rs.ccw_stencil_pass = ccw.pass_op;
}

void check_rasterizer_state_modelled(const api::RasterizerDesc& d, const std::string& where) {
  const auto refuse = [&](const std::string& what) {
    throw Error(where + ": the bound rasterizer state has " + what + ", which is not modelled");
  };
  // multisample_enable only picks the line algorithm (quadrilateral lines when set,
  // RasterParams::quad_lines): triangles take per-sample coverage from the render
  // target's sample count whatever it says.
  if (d.antialiased_line_enable) refuse("antialiased_line_enable 1 (line antialiasing)");
  if (d.depth_bias_clamp != 0.0f && d.slope_scaled_depth_bias != 0.0f)
    refuse("a depth_bias_clamp with a slope_scaled_depth_bias (the clamp of a per-triangle bias)");
}

}  // namespace gfx::driver

namespace gfx::driver {

void apply_blend_state(const api::BlendDesc& d, const std::vector<float>& blend_factor,
                       api::RenderStates& rs, const std::string& where) {
  rs.independent_blend = true;
  rs.blend_enable = false;
  for (unsigned t = 0; t < rs.blend_enable_target.size(); ++t) {
    rs.blend_enable_target[t] = target_entry(d.blend_enable, t, 0) != 0;
    rs.blend_enable |= rs.blend_enable_target[t];
  }
  rs.src_blend = d.src_blend;
  rs.dest_blend = d.dest_blend;
  rs.blend_op = d.blend_op;
  rs.separate_alpha_blend = true;
  rs.src_blend_alpha = d.src_blend_alpha;
  rs.dest_blend_alpha = d.dest_blend_alpha;
  rs.blend_op_alpha = d.blend_op_alpha;
  rs.color_write_mask = uint8_t(target_entry(d.render_target_write_mask, 0, 0xF));
  for (unsigned t = 1; t <= rs.color_write_mask_rt.size(); ++t)
    rs.color_write_mask_rt[t - 1] = uint8_t(target_entry(d.render_target_write_mask, t, 0xF));
  // RGBA floats into 0xAARRGGBB bytes.
  static const char* const kChannel[] = {"red", "green", "blue", "alpha"};
  static const unsigned kShift[] = {16, 8, 0, 24};
  uint32_t packed = 0;
  for (unsigned c = 0; c < 4; ++c) {
    const float scaled = blend_factor[c] * 255.0f;
    const float whole = std::round(scaled);
    if (!(whole >= 0.0f && whole <= 255.0f && std::fabs(scaled - whole) < 1e-3f))
      throw Error(where + ": blend_factor " + kChannel[c] + " " + std::to_string(blend_factor[c]) +
                  " is not modelled: the model keeps the blend factor in 8 bits, so each "
                  "component must be a whole multiple of 1/255 within [0, 1]");
    packed |= uint32_t(whole) << kShift[c];
  }
  rs.blend_factor = packed;
}

// Every field of a D3D10 blend object is modelled: all eight targets
// (func::kMaxRenderTargets); alpha to coverage and the sample mask are applied by the ROP
// (func::RopState), so a draw checks nothing here.
static_assert(api::kD3D10BlendTargets == unsigned(func::kMaxRenderTargets), "one per target");

}  // namespace gfx::driver
