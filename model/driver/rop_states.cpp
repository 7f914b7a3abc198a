#include "driver/rop_states.h"

#include "common/error.h"

namespace gfx::driver {

namespace {

bool is_both(api::Blend b) {
  return b == api::Blend::BothSrcAlpha || b == api::Blend::BothInvSrcAlpha;
}

}  // namespace

void check_output_merger_states(const api::RenderStates& rs, api::Format depth_format,
                                const std::string& where) {
  // D3D9 leaves stencil on a surface without stencil bits to the hardware; not modelled.
  // (D3D10's depth-stencil views without stencil pass the test; no view: no test.)
  if (rs.stencil_enable && (depth_format == api::Format::D24X8 || depth_format == api::Format::D16))
    throw Error(where + ": stencil_enable with a " + std::string(api::to_name(depth_format)) +
                " depth surface, which has no stencil bits, is not modelled");
  if (!rs.blend_enable) return;
  if (is_both(rs.dest_blend))
    throw Error(where + ": dest_blend " + std::string(api::to_name(rs.dest_blend)) +
                " is not modelled (D3D9 takes it as src_blend only)");
  if (rs.separate_alpha_blend && (is_both(rs.src_blend_alpha) || is_both(rs.dest_blend_alpha)))
    throw Error(where +
                ": both_src_alpha / both_inv_src_alpha as an alpha blend factor "
                "(src_blend_alpha, dest_blend_alpha) is not modelled");
}

}  // namespace gfx::driver
