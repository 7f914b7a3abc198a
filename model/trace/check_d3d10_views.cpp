// D3D10 views and the output binding on their own: what a view's kind allows of its format
// and subresource fields, the eight render-target slots, and the clear flags. Whether the
// format fits the resource's, and the subresource exists, needs the resource: validate.cpp
// and the driver ask that when the view is created.
#include <cmath>
#include <string>

#include "api/texture_format.h"
#include "trace/check.h"
#include "trace/check_d3d10.h"

namespace gfx::trace {

void check_d3d10_state(const CreateView& c) {
  if (c.id == 0) throw FieldError("id", "resource id 0 is reserved for \"none\"");
  const api::Format f = c.format;
  const std::string name(api::to_name(f));
  if (f != api::Format::Unknown) {
    if (!api::texture_format_info(f) || api::is_typeless(f))
      throw FieldError("format", name + " is not a view format (a typeless format is not either)");
    switch (c.kind) {
      case api::ViewKind::DepthStencil:
        if (!api::is_depth_stencil_format(f))
          throw FieldError("format",
                           "a depth_stencil view takes d16_unorm, d24_unorm_s8_uint or "
                           "d32_float, not " +
                               name);
        break;
      case api::ViewKind::RenderTarget:
        if (!api::texture_format_info(f)->render_target)
          throw FieldError("format", name + " cannot be a render target");
        break;
      case api::ViewKind::ShaderResource:
        if (api::is_depth_stencil_format(f))
          throw FieldError("format", name +
                                         " cannot be sampled; a shader_resource view of a "
                                         "depth texture takes r16_unorm, r24_unorm_x8_typeless or "
                                         "r32_float");
        break;
    }
  }
  if (c.kind == api::ViewKind::ShaderResource) {
    if (c.resource == 0)
      throw FieldError("resource",
                       "the back buffer (resource 0) has render_target and "
                       "depth_stencil views only");
    if (c.slice != 0)
      throw FieldError("slice", "a shader_resource view sees the whole texture (slice 0)");
  } else if (c.mip_levels != 0) {
    throw FieldError("mip_levels", "only shader_resource views take mip_levels");
  }
  if (c.resource == 0 && (c.mip_slice != 0 || c.slice != 0))
    throw FieldError(c.mip_slice ? "mip_slice" : "slice", "the back buffer has one image");
}

void check_d3d10_state(const SetRenderTargets& c) {
  if (c.render_targets.size() > kD3D10RenderTargetSlots)
    throw FieldError("render_targets", std::to_string(c.render_targets.size()) +
                                           " views for D3D10's 8 render-target slots");
}

void check_d3d10_state(const ClearRenderTargetView& c) {
  if (c.view == 0) throw FieldError("view", "needs a render_target view id");
  if (c.color.size() != 4) throw FieldError("color", "must be 4 floats (RGBA)");
}

void check_d3d10_state(const ClearDepthStencilView& c) {
  if (c.view == 0) throw FieldError("view", "needs a depth_stencil view id");
  if (c.flags & ~uint32_t{api::ClearZBuffer | api::ClearStencil})
    throw FieldError("flags", "a depth-stencil view clears zbuffer and stencil only");
  if (!(c.depth >= 0.0f && c.depth <= 1.0f)) throw FieldError("depth", "must be within [0, 1]");
  if (c.stencil > 0xFF) throw FieldError("stencil", "must be 0..255");
}

}  // namespace gfx::trace
