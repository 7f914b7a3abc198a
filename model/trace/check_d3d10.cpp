// D3D10 state objects: the BOOL members are 0 or 1, the numbers finite, and only values
// D3D10 defines (no point fill mode, an 8-bit stencil reference). Whether the model can
// honour a valid state is the driver's question, asked at the draw that uses it.
#include "trace/check_d3d10.h"

#include <cmath>
#include <string>
#include <vector>

#include "trace/check.h"

namespace gfx::trace {
namespace {

void check_flag(const char* field, uint32_t value) {
  if (value > 1) throw FieldError(field, "must be 0 or 1 (a BOOL), got " + std::to_string(value));
}

void check_finite(const char* field, float value) {
  if (!std::isfinite(value)) throw FieldError(field, "must be a finite number");
}

void check_object_id(ResourceId id) {
  if (id == 0) throw FieldError("id", "state object id 0 is reserved for D3D10's default state");
}

// A per-target list: at most 8 entries (D3D10's targets), each a whole number 0..max.
void check_target_list(const char* field, const std::vector<float>& list, float max) {
  if (list.size() > api::kD3D10BlendTargets)
    throw FieldError(field, std::to_string(list.size()) + " entries; D3D10 has 8 render targets");
  for (std::size_t i = 0; i < list.size(); ++i)
    if (!(list[i] >= 0.0f && list[i] <= max && list[i] == std::trunc(list[i])))
      throw FieldError(field, "entry " + std::to_string(i) + " must be a whole number 0.." +
                                  std::to_string(int(max)));
}

// D3D10_BLEND has no BOTHSRCALPHA / BOTHINVSRCALPHA (D3D9's 12 and 13); the alpha factors
// may not be the *_color ones (D3D10_BLEND_DESC).
void check_blend(const char* field, api::Blend b, bool alpha) {
  using api::Blend;
  if (b == Blend::BothSrcAlpha || b == Blend::BothInvSrcAlpha)
    throw FieldError(field, std::string(api::to_name(b)) + " is D3D9 only, not a D3D10 blend");
  if (alpha && (b == Blend::SrcColor || b == Blend::InvSrcColor || b == Blend::DestColor ||
                b == Blend::InvDestColor))
    throw FieldError(field, "an alpha blend factor may not be a *_color one (D3D10_BLEND_DESC)");
}

}  // namespace

void check_d3d10_state(const CreateRasterizerState& c) {
  const api::RasterizerDesc& d = c.desc;
  check_object_id(c.id);
  if (d.fill_mode == api::FillMode::Point)
    throw FieldError("fill_mode", "D3D10 fills wireframe or solid; point is D3D9 only");
  check_flag("front_counter_clockwise", d.front_counter_clockwise);
  check_finite("depth_bias_clamp", d.depth_bias_clamp);
  check_finite("slope_scaled_depth_bias", d.slope_scaled_depth_bias);
  check_flag("depth_clip_enable", d.depth_clip_enable);
  check_flag("scissor_enable", d.scissor_enable);
  check_flag("multisample_enable", d.multisample_enable);
  check_flag("antialiased_line_enable", d.antialiased_line_enable);
}

void check_d3d10_state(const CreateDepthStencilState& c) {
  check_object_id(c.id);
  check_flag("depth_enable", c.desc.depth_enable);
  check_flag("stencil_enable", c.desc.stencil_enable);
}

void check_d3d10_state(const SetDepthStencilState& c) {
  if (c.stencil_ref > 0xFF)
    throw FieldError("stencil_ref", "the stencil buffer has 8 bits: must be 0..255, got " +
                                        std::to_string(c.stencil_ref));
}

void check_d3d10_state(const CreateBlendState& c) {
  const api::BlendDesc& d = c.desc;
  check_object_id(c.id);
  check_flag("alpha_to_coverage_enable", d.alpha_to_coverage_enable);
  check_target_list("blend_enable", d.blend_enable, 1.0f);
  check_target_list("render_target_write_mask", d.render_target_write_mask, 15.0f);
  check_blend("src_blend", d.src_blend, false);
  check_blend("dest_blend", d.dest_blend, false);
  check_blend("src_blend_alpha", d.src_blend_alpha, true);
  check_blend("dest_blend_alpha", d.dest_blend_alpha, true);
}

void check_d3d10_state(const SetBlendState& c) {
  if (c.blend_factor.size() != 4)
    throw FieldError("blend_factor", std::to_string(c.blend_factor.size()) +
                                         " values; expected 4 (red, green, blue, alpha)");
  for (float f : c.blend_factor) check_finite("blend_factor", f);
}

}  // namespace gfx::trace
