#include "trace/views.h"

#include <string>

#include "api/texture_format.h"
#include "trace/check.h"

namespace gfx::trace {

api::Format view_format(const CreateView& c, const api::Texture& texture) {
  return c.format == api::Format::Unknown ? texture.format : c.format;
}

void check_view_of(const CreateView& c, const api::Texture& t) {
  const std::string tex =
      "texture " + std::to_string(c.resource) + " (" + std::string(api::to_name(t.format)) + ")";
  const api::Format f = view_format(c, t);
  const std::string name(api::to_name(f));
  if (c.format == api::Format::Unknown) {
    if (api::is_typeless(t.format))
      throw FieldError("format", tex + " is typeless: the view must name a format of its family");
  } else if (!api::view_format_fits(c.format, t.format)) {
    throw FieldError("format", name + " does not fit " + tex +
                                   ": a view takes the texture's format or, of a typeless "
                                   "texture, a format of its family");
  }
  const bool depth = api::is_depth_stencil_format(f);
  if (c.kind == api::ViewKind::DepthStencil && !depth)
    throw FieldError("format", "a depth_stencil view of " + tex +
                                   " needs d16_unorm, "
                                   "d24_unorm_s8_uint or d32_float, not " +
                                   name);
  if (c.kind != api::ViewKind::DepthStencil && depth)
    throw FieldError("format", name +
                                   " is a depth format: only a depth_stencil view takes it (a "
                                   "texture to sample is created typeless)");
  if (c.kind == api::ViewKind::RenderTarget && !api::texture_format_info(f)->render_target)
    throw FieldError("format", name + " cannot be a render target");
  const uint32_t levels = uint32_t(t.levels.size());
  if (c.mip_slice >= levels)
    throw FieldError("mip_slice", "level " + std::to_string(c.mip_slice) + " of " + tex +
                                      ", which has " + std::to_string(levels));
  if (c.mip_levels != 0 && uint64_t{c.mip_slice} + c.mip_levels > levels)
    throw FieldError("mip_levels", "levels " + std::to_string(c.mip_slice) + ".." +
                                       std::to_string(uint64_t{c.mip_slice} + c.mip_levels - 1) +
                                       " of " + tex + ", which has " + std::to_string(levels));
  if (c.kind != api::ViewKind::ShaderResource) {
    const uint32_t images = api::texture_images(t.kind, t.depth, c.mip_slice);
    if (c.slice >= images)
      throw FieldError("slice", "image " + std::to_string(c.slice) + " of level " +
                                    std::to_string(c.mip_slice) + " of " + tex + ", which has " +
                                    std::to_string(images));
  }
}

}  // namespace gfx::trace
