// D3D10 views on the device: render-target, depth-stencil and shader-resource views of
// textures (and of the back buffer: resource 0), OMSetRenderTargets, and the two view
// clears. A view names its texture by id, so a render-to-texture resolve (a new Texture
// under the same id) is what later views and bindings see.
//
// D3D10's rules kept here: a view's format fits its texture (trace/views.h); binding a
// resource as an output unbinds it from every shader-resource slot, and binding a resource
// that is an output as a shader resource binds NULL instead (D3D10 does both, with a debug
// layer warning); a NULL depth-stencil view turns depth and stencil off; every bound view
// has the same size (checked at the draw); OMSetRenderTargets keeps the viewport (unlike
// D3D9's SetRenderTarget).
// Leaves out: texture arrays and multisampled views (the model has neither); the back
// buffer as a shader resource and as a render target in slots 1..7; a view keeps no
// reference to its texture (releasing the texture makes the view unusable).
#include <algorithm>
#include <string>

#include "api/texture_format.h"
#include "common/error.h"
#include "driver/d3d10_states.h"
#include "driver/device.h"
#include "driver/target_surfaces.h"
#include "trace/check.h"
#include "trace/views.h"

namespace gfx::driver {
namespace {

[[noreturn]] void fail(const std::string& where, const std::string& what) {
  throw Error(where + ": " + what);
}

std::string view_name(api::ResourceId id, const trace::CreateView& v) {
  return std::string(api::to_name(v.kind)) + " view " + std::to_string(id);
}

}  // namespace

void Device::create_view(const trace::CreateView& c, const std::string& where) {
  if (c.resource != 0) {
    const auto found = textures_.find(c.resource);
    if (found == textures_.end())
      fail(where, "create_view: no texture with id " + std::to_string(c.resource) +
                      " (never created, or released)");
    try {
      trace::check_view_of(c, *found->second);
    } catch (const trace::FieldError& e) {
      fail(where, "create_view: field '" + e.field() + "': " + e.what());
    }
  } else {
    // The back buffer: A8R8G8B8 colour (B8G8R8A8_UNORM in DXGI) and the header's depth.
    const bool rt = c.kind == api::ViewKind::RenderTarget;
    const bool fits =
        c.format == api::Format::Unknown ||
        (rt && (c.format == api::Format::B8G8R8A8_UNORM || c.format == api::Format::A8R8G8B8));
    if (!fits)
      fail(where, "create_view: field 'format': the back buffer's " +
                      std::string(rt ? "colour is a8r8g8b8 (b8g8r8a8_unorm)" : "depth is ") +
                      (rt ? "" : std::string(api::to_name(header_.depth_format))) +
                      "; leave the format unknown");
  }
  textures_.erase(c.id);  // one id space: the id now names the view
  texture_lod_.erase(c.id);
  views_[c.id] = c;
}

const trace::CreateView& Device::view(api::ResourceId id, api::ViewKind kind,
                                      const std::string& where) const {
  const auto found = views_.find(id);
  if (found == views_.end())
    fail(where, "no view with id " + std::to_string(id) + " (never created, or released)");
  if (found->second.kind != kind)
    fail(where,
         view_name(id, found->second) + " is not a " + std::string(api::to_name(kind)) + " view");
  return found->second;
}

std::shared_ptr<const api::Texture> Device::view_texture(const trace::CreateView& v,
                                                         const std::string& where) const {
  const auto found = textures_.find(v.resource);
  if (found == textures_.end())
    fail(where, "view of texture " + std::to_string(v.resource) + ", which was released");
  const std::shared_ptr<const api::Texture>& t = found->second;
  const api::Format f = trace::view_format(v, *t);
  const uint32_t levels = uint32_t(t->levels.size());
  const uint32_t count = v.mip_levels ? v.mip_levels : levels - std::min(v.mip_slice, levels);
  if (f == t->format && v.mip_slice == 0 && count == levels) return t;
  // Another format over the same bytes, or fewer levels: a texture of just what the view sees.
  auto seen = std::make_shared<api::Texture>(*t);
  seen->format = f;
  seen->width = std::max(1u, t->width >> v.mip_slice);
  seen->height = std::max(1u, t->height >> v.mip_slice);
  if (t->kind == api::TextureKind::Volume) seen->depth = std::max(1u, t->depth >> v.mip_slice);
  seen->levels.assign(t->levels.begin() + std::min(v.mip_slice, levels),
                      t->levels.begin() + std::min(v.mip_slice + count, levels));
  return seen;
}

bool Device::bound_as_output(api::ResourceId id) const {
  if (id == 0) return false;
  if (depth_target_ && depth_key_.texture == id) return true;
  return std::find(target_ids_.begin(), target_ids_.end(), id) != target_ids_.end();
}

void Device::unbind_shader_resource(api::ResourceId id) {
  for (unsigned slot = 0; slot < api::kMaxSamplers; ++slot)
    if (resource_ids_bound_[slot] == id && textures_bound_[slot]) {
      textures_bound_[slot] = nullptr;
      texture_ids_bound_[slot] = resource_ids_bound_[slot] = srv_ids_bound_[slot] = 0;
    }
}

std::shared_ptr<func::ColorSurface> Device::color_surface(const trace::CreateView& v,
                                                          const std::string& where) {
  const SurfaceKey key{v.resource, v.mip_slice, v.slice};
  for (int t = 0; t < func::kMaxRenderTargets; ++t)
    if (target_ids_[t] != 0 && target_keys_[t] == key) return color_targets_[t];
  if (auto it = unresolved_.find(key); it != unresolved_.end()) return it->second;
  const auto found = textures_.find(v.resource);
  if (found == textures_.end())
    fail(where, "view of texture " + std::to_string(v.resource) + ", which was released");
  return make_color_surface(*found->second, v.mip_slice, v.slice,
                            trace::view_format(v, *found->second));
}

std::shared_ptr<func::DepthSurface> Device::depth_surface(const trace::CreateView& v,
                                                          const std::string& where) {
  const SurfaceKey key{v.resource, v.mip_slice, v.slice};
  if (depth_target_ && depth_key_ == key) return depth_target_;
  if (auto it = unresolved_depth_.find(key); it != unresolved_depth_.end()) return it->second;
  const auto found = textures_.find(v.resource);
  if (found == textures_.end())
    fail(where, "view of texture " + std::to_string(v.resource) + ", which was released");
  return make_depth_surface(*found->second, v.mip_slice, v.slice,
                            trace::view_format(v, *found->second));
}

bool Device::set_render_targets(const trace::SetRenderTargets& c, const std::string& where) {
  // Resolve every view first, so a bad id changes nothing.
  func::ColorTargets targets{};
  std::array<SurfaceKey, func::kMaxRenderTargets> keys{};
  std::array<api::ResourceId, func::kMaxRenderTargets> ids{};
  for (std::size_t t = 0; t < c.render_targets.size(); ++t) {
    const api::ResourceId id = c.render_targets[t];
    if (id == 0) continue;
    const trace::CreateView& v = view(id, api::ViewKind::RenderTarget, where);
    for (std::size_t u = 0; u < t; ++u)
      if (c.render_targets[u] != 0 && keys[u].texture == v.resource && v.resource != 0 &&
          keys[u] == SurfaceKey{v.resource, v.mip_slice, v.slice})
        fail(where, "render target views " + std::to_string(c.render_targets[u]) + " and " +
                        std::to_string(id) + " write the same image");
    if (v.resource == 0) {
      if (t != 0)
        fail(where, "render target view " + std::to_string(id) +
                        " is the back buffer, which the model draws as render target 0 only");
      continue;  // a null slot 0 is the back buffer
    }
    keys[t] = SurfaceKey{v.resource, v.mip_slice, v.slice};
    ids[t] = v.resource;
    targets[t] = color_surface(v, where);
  }
  const bool back_buffer = !c.render_targets.empty() && c.render_targets[0] != 0 && ids[0] == 0;
  if (!back_buffer && !targets[0]) targets[0] = null_target_;  // slot 0 draws nothing
  std::shared_ptr<func::DepthSurface> depth;
  SurfaceKey depth_key{};
  const bool none = c.depth_stencil == 0;
  if (!none) {
    const trace::CreateView& v = view(c.depth_stencil, api::ViewKind::DepthStencil, where);
    if (v.resource != 0) {
      depth = depth_surface(v, where);
      depth_key = SurfaceKey{v.resource, v.mip_slice, v.slice};
    }
  }

  // Surfaces leaving their slot keep their pixels until the next draw resolves them.
  bool unbound = false;
  for (int t = 0; t < func::kMaxRenderTargets; ++t) {
    if (target_ids_[t] == 0) continue;
    if (std::find(keys.begin(), keys.end(), target_keys_[t]) != keys.end()) continue;
    unresolved_[target_keys_[t]] = color_targets_[t];
    unbound = true;
  }
  if (depth_target_ && !(depth && depth_key == depth_key_)) {
    unresolved_depth_[depth_key_] = depth_target_;
    unbound = true;
  }
  for (int t = 0; t < func::kMaxRenderTargets; ++t) unresolved_.erase(keys[t]);
  if (depth) unresolved_depth_.erase(depth_key);

  color_targets_ = targets;
  target_keys_ = keys;
  target_ids_ = ids;
  for (int t = 0; t < func::kMaxRenderTargets; ++t)
    rtv_ids_[t] = t < int(c.render_targets.size()) ? c.render_targets[t] : 0;
  dsv_id_ = c.depth_stencil;
  depth_target_ = depth;
  depth_key_ = depth_key;
  depth_none_ = none;
  d3d10_outputs_ = true;
  // D3D10 unbinds outputs from the shader-resource slots.
  for (api::ResourceId id : ids) unbind_shader_resource(id);
  if (depth) unbind_shader_resource(depth_key.texture);

  // The render area: the first bound view's size (check_output_sizes makes them agree).
  rt_width_ = rt_height_ = 0;
  for (int t = func::kMaxRenderTargets - 1; t >= 0; --t) {
    if (rtv_ids_[t] == 0) continue;
    rt_width_ = targets[t] && targets[t] != null_target_ ? targets[t]->width : header_.width;
    rt_height_ = targets[t] && targets[t] != null_target_ ? targets[t]->height : header_.height;
  }
  if (rt_width_ == 0 && !none) {
    rt_width_ = depth ? depth->width : header_.width;
    rt_height_ = depth ? depth->height : header_.height;
  }
  // The depth bias unit follows the bound depth format.
  if (rasterizer_bound_.depth_bias != 0) {
    api::RenderStates with_bias = render_states_;
    apply_rasterizer_state(rasterizer_bound_, bound_depth_format(), with_bias);
    render_states_.depth_bias = with_bias.depth_bias;
  }
  return unbound;
}

api::Format Device::bound_depth_format() const {
  if (depth_none_) return api::Format::Unknown;
  return depth_target_ ? depth_target_->format : header_.depth_format;
}

void Device::check_output_sizes(const std::string& at) const {
  if (!d3d10_outputs_) return;
  uint32_t w = 0, h = 0;
  std::string first;
  const auto agree = [&](uint32_t vw, uint32_t vh, const std::string& name) {
    if (first.empty()) {
      w = vw, h = vh, first = name;
    } else if (vw != w || vh != h) {
      fail(at, name + " (" + std::to_string(vw) + "x" + std::to_string(vh) + ") and " + first +
                   " (" + std::to_string(w) + "x" + std::to_string(h) +
                   ") differ in size; D3D10 draws need every bound view the same size");
    }
  };
  for (int t = 0; t < func::kMaxRenderTargets; ++t) {
    if (rtv_ids_[t] == 0) continue;
    const func::ColorSurface* s = color_targets_[t].get();
    const bool bb = !s || s == null_target_.get();
    agree(bb ? header_.width : s->width, bb ? header_.height : s->height,
          "render target view " + std::to_string(rtv_ids_[t]));
  }
  if (dsv_id_ != 0)
    agree(depth_target_ ? depth_target_->width : header_.width,
          depth_target_ ? depth_target_->height : header_.height,
          "depth-stencil view " + std::to_string(dsv_id_));
}

void Device::clear_render_target_view(const trace::ClearRenderTargetView& c,
                                      const std::string& where) {
  const trace::CreateView& v = view(c.view, api::ViewKind::RenderTarget, where);
  ClearOp op;
  op.float_color = true;
  std::copy(c.color.begin(), c.color.end(), op.rgba.begin());
  op.flags = api::ClearTarget;
  if (v.resource == 0) {
    op.x1 = int(header_.width), op.y1 = int(header_.height);  // slot 0 null: the back buffer
  } else {
    const SurfaceKey key{v.resource, v.mip_slice, v.slice};
    std::shared_ptr<func::ColorSurface> s = color_surface(v, where);
    // An unbound view's surface waits to be resolved like one that left its slot.
    bool bound = false;
    for (int t = 0; t < func::kMaxRenderTargets; ++t)
      bound |= target_ids_[t] != 0 && target_keys_[t] == key;
    if (!bound) unresolved_[key] = s;
    op.color_targets[0] = s;
    op.x1 = int(s->width), op.y1 = int(s->height);
  }
  last_clear_ = op;
}

void Device::clear_depth_stencil_view(const trace::ClearDepthStencilView& c,
                                      const std::string& where) {
  const trace::CreateView& v = view(c.view, api::ViewKind::DepthStencil, where);
  ClearOp op;
  op.flags = c.flags;
  op.depth = c.depth;
  op.stencil = c.stencil;
  op.color_targets[0] = null_target_;  // no colour
  if (v.resource == 0) {
    // D3D10 clears the stencil a format has; the back buffer's D24X8 or D16 has none.
    if (header_.depth_format != api::Format::D24S8) op.flags &= ~uint32_t(api::ClearStencil);
    op.x1 = int(header_.width), op.y1 = int(header_.height);
  } else {
    const SurfaceKey key{v.resource, v.mip_slice, v.slice};
    op.depth_surface = depth_surface(v, where);
    if (!(depth_target_ && depth_key_ == key)) unresolved_depth_[key] = op.depth_surface;
    op.x1 = int(op.depth_surface->width), op.y1 = int(op.depth_surface->height);
  }
  last_clear_ = op;
}

}  // namespace gfx::driver
