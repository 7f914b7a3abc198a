// set_render_target and render-to-texture in the driver layer. A texture bound as a colour
// target is rendered into a ColorSurface (its level 0, started from the texture's pixels);
// the draws carry the surfaces and the ROPs write them. Textures are immutable, so when a
// target leaves its slot its surface is kept aside and, before the next draw is built, its
// pixels become a new Texture under the same id (what a real driver's resolve does). The
// Drain action makes the timing model finish the draws that wrote it first.
//
// Leaves out: automatic mipmap generation (the other levels keep their contents),
// separate depth-stencil surfaces for D3D9 (the back buffer's depth is used with every
// target, so a target may not be larger than the back buffer; D3D10's depth-stencil views
// are in d3d10_views.cpp) and formats other than A8R8G8B8, X8R8G8B8 and those of
// func/rop/target_format.h.
#include <cstring>

#include "api/texture_format.h"
#include "common/error.h"
#include "driver/device.h"
#include "driver/target_surfaces.h"
#include "func/rop/target_format.h"

namespace gfx::driver {

bool Device::set_render_target(const trace::SetRenderTarget& c, const std::string& where) {
  if (c.index >= unsigned(func::kMaxRenderTargets))
    throw Error(where + ": render target index " + std::to_string(c.index) +
                " is out of range (0.." + std::to_string(func::kMaxRenderTargets - 1) + ")");
  if (c.id == target_ids_[c.index] && (c.id != 0 || c.index != 0)) return false;
  std::shared_ptr<func::ColorSurface> surface;
  if (c.id != 0) {
    const auto found = textures_.find(c.id);
    if (found == textures_.end())
      throw Error(where + ": no texture with id " + std::to_string(c.id) +
                  " (never created, or released)");
    const auto& tex = found->second;
    const bool argb = tex->format == api::Format::A8R8G8B8 || tex->format == api::Format::X8R8G8B8;
    if ((!argb && !func::native_target(tex->format)) || tex->kind != api::TextureKind::Texture2D)
      throw Error(where + ": texture " + std::to_string(c.id) + " (" +
                  std::string(api::to_name(tex->format)) + ", " +
                  std::string(api::to_name(tex->kind)) +
                  ") cannot be a render target: 2D textures in a8r8g8b8, x8r8g8b8, r5g6b5, "
                  "x1r5g5b5, a1r5g5b5, a4r4g4b4, g16r16, a16b16g16r16, r16f, a16b16g16r16f, "
                  "r32f or a32b32g32r32f can");
    if (tex->width > header_.width || tex->height > header_.height)
      throw Error(where + ": texture " + std::to_string(c.id) + " (" + std::to_string(tex->width) +
                  "x" + std::to_string(tex->height) +
                  ") is larger than the back buffer, whose depth buffer it must share");
    for (int t = 0; t < func::kMaxRenderTargets; ++t)
      if (t != int(c.index) && target_ids_[t] == c.id)
        throw Error(where + ": texture " + std::to_string(c.id) + " is already render target " +
                    std::to_string(t));
    // A surface unbound earlier and not yet resolved holds newer pixels than the texture.
    if (auto it = unresolved_.find(SurfaceKey{c.id, 0, 0}); it != unresolved_.end()) {
      surface = it->second;
      unresolved_.erase(it);
    } else {
      surface = make_color_surface(*tex, 0, 0, tex->format);
    }
  }
  bool unbound = false;
  if (color_targets_[c.index] && target_ids_[c.index] != 0) {
    unresolved_[target_keys_[c.index]] = color_targets_[c.index];
    unbound = true;
  }
  color_targets_[c.index] = surface;
  target_ids_[c.index] = c.id;
  target_keys_[c.index] = SurfaceKey{c.id, 0, 0};
  rtv_ids_[c.index] = 0;
  if (c.index == 0) {
    // D3D9: setting render target 0 resets the viewport to the whole new target.
    rt_width_ = surface ? surface->width : header_.width;
    rt_height_ = surface ? surface->height : header_.height;
    viewport_ = api::Viewport{};
    viewport_.width = rt_width_;
    viewport_.height = rt_height_;
  }
  return unbound;
}

void Device::resolve(const trace::Resolve& c, const std::string& where) {
  const auto found = textures_.find(c.texture);
  if (found == textures_.end())
    throw Error(where + ": resolve: no texture with id " + std::to_string(c.texture) +
                " (never created, or released)");
  const api::Texture& tex = *found->second;
  const std::string what = where + ": resolve: texture " + std::to_string(c.texture);
  // StretchRect without filtering and ResolveSubresource both copy at the same size, and
  // the back buffer's 0xAARRGGBB words are these two formats' texels as they are.
  if (tex.kind != api::TextureKind::Texture2D ||
      (tex.format != api::Format::A8R8G8B8 && tex.format != api::Format::X8R8G8B8))
    throw Error(what + " (" + std::string(api::to_name(tex.format)) + ", " +
                std::string(api::to_name(tex.kind)) +
                ") cannot take the back buffer's colour: 2D textures in a8r8g8b8 or x8r8g8b8 can");
  if (tex.width != header_.width || tex.height != header_.height)
    throw Error(what + " is " + std::to_string(tex.width) + "x" + std::to_string(tex.height) +
                ", not the back buffer's " + std::to_string(header_.width) + "x" +
                std::to_string(header_.height));
  if (bound_as_output(c.texture)) throw Error(what + " is bound as a render target");
  auto surface = make_color_surface(tex, 0, 0, tex.format);
  unresolved_[SurfaceKey{c.texture, 0, 0}] = surface;  // replaces older unresolved pixels
  ClearOp op;
  op.x1 = int(header_.width);
  op.y1 = int(header_.height);
  op.resolve_into = std::move(surface);
  last_clear_ = op;
}

void Device::resolve_render_textures() {
  if (unresolved_.empty() && unresolved_depth_.empty()) return;
  std::map<api::ResourceId, std::shared_ptr<const api::Texture>> replaced;  // id -> old texture
  const auto resolve = [&](const SurfaceKey& key, const auto& surface) {
    auto it = textures_.find(key.texture);
    if (it == textures_.end()) return;  // released meanwhile: the pixels are gone
    replaced.emplace(key.texture, it->second);
    it->second = with_surface(*it->second, key.level, key.image, *surface);
  };
  for (const auto& [key, surface] : unresolved_) resolve(key, surface);
  for (const auto& [key, surface] : unresolved_depth_) resolve(key, surface);
  unresolved_.clear();
  unresolved_depth_.clear();
  // Every slot reading a resolved texture reads its new pixels: directly, or through a view.
  for (unsigned slot = 0; slot < api::kMaxSamplers; ++slot) {
    const auto old = replaced.find(resource_ids_bound_[slot]);
    if (old == replaced.end() || !textures_bound_[slot]) continue;
    if (srv_ids_bound_[slot] != 0) {
      const auto v = views_.find(srv_ids_bound_[slot]);
      if (v != views_.end()) textures_bound_[slot] = view_texture(v->second, "resolve");
    } else if (textures_bound_[slot] == old->second) {
      textures_bound_[slot] = textures_.at(old->first);
    }
  }
}

}  // namespace gfx::driver
