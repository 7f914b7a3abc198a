// The trace's copy_rect in the driver layer: resolves the source and destination into
// surfaces and checks what D3D9's StretchRect checks (sizes, formats, filter), then hands
// the copy to the pipeline as a ClearOp carrying a func::CopyOp, so that it runs behind
// every earlier draw (the timing model's ROP reads the source lines and writes the
// destination's, like a resolve).
//
// The source's pixels are those a draw would see now: a texture level bound as a colour
// target, or unbound but not yet resolved, is read from its surface; otherwise from the
// texture. The destination is written into the surface the texture's later draws read:
// the bound target's (when the level is bound), the unresolved one, or a new surface
// kept aside like an unbound target and resolved into a new Texture under the same id
// before the next draw. That new Texture is a new object with a new address range, so no
// texture cache holds a line of it: later draws miss on the new texels, never hit stale ones.
//
// Leaves out: the back buffer or a depth surface as the destination, cube faces and volume
// slices, MSAA textures (the model has none).
#include "api/texture_format.h"
#include "common/error.h"
#include "driver/device.h"
#include "driver/target_surfaces.h"

namespace gfx::driver {
namespace {

bool argb(api::Format f) { return f == api::Format::A8R8G8B8 || f == api::Format::X8R8G8B8; }

struct Rect {
  int x0, y0, x1, y1;
};

// A trace rectangle against a surface of w x h: four zeros are the whole surface.
Rect rect_of(uint32_t l, uint32_t t, uint32_t r, uint32_t b, uint32_t w, uint32_t h,
             const std::string& what) {
  if (l == 0 && t == 0 && r == 0 && b == 0) return {0, 0, int(w), int(h)};
  if (r <= l || b <= t || r > w || b > h)
    throw Error(what + " (" + std::to_string(l) + ", " + std::to_string(t) + ", " +
                std::to_string(r) + ", " + std::to_string(b) + ") is not inside the " +
                std::to_string(w) + "x" + std::to_string(h) + " surface");
  return {int(l), int(t), int(r), int(b)};
}

}  // namespace

std::shared_ptr<func::ColorSurface> Device::copy_surface(api::ResourceId id, uint32_t level,
                                                         const std::string& what, bool for_write) {
  const auto found = textures_.find(id);
  if (found == textures_.end())
    throw Error(what + ": no texture with id " + std::to_string(id) +
                " (never created, or released)");
  const api::Texture& tex = *found->second;
  if (tex.kind != api::TextureKind::Texture2D)
    throw Error(what + ": texture " + std::to_string(id) + " is a " +
                std::string(api::to_name(tex.kind)) + ", not a 2D texture");
  if (level >= tex.levels.size())
    throw Error(what + ": texture " + std::to_string(id) + " has " +
                std::to_string(tex.levels.size()) + " levels, no level " + std::to_string(level));
  const api::TextureFormatInfo* info = api::texture_format_info(tex.format);
  if (!info || info->block != 1)
    throw Error(what + ": texture " + std::to_string(id) + " is " +
                std::string(api::to_name(tex.format)) +
                ", a block-compressed format a copy cannot read or write");
  const SurfaceKey key{id, level, 0};
  for (int t = 0; t < func::kMaxRenderTargets; ++t)
    if (color_targets_[size_t(t)] && target_ids_[size_t(t)] != 0 && target_keys_[size_t(t)] == key)
      return color_targets_[size_t(t)];
  if (auto it = unresolved_.find(key); it != unresolved_.end()) return it->second;
  auto surface = make_color_surface(tex, level, 0, tex.format);
  if (for_write) unresolved_[key] = surface;
  return surface;
}

void Device::copy_rect(const trace::CopyRect& c, const std::string& where) {
  const std::string at = where + ": copy_rect";
  auto op = std::make_shared<func::CopyOp>();
  api::Format src_format = api::Format::A8R8G8B8;  // the back buffer keeps 0xAARRGGBB
  uint32_t sw = header_.width, sh = header_.height;
  if (c.source != 0) {
    if (c.source == c.dest && c.source_level == c.dest_level)
      throw Error(at + ": source and dest are the same surface (level " +
                  std::to_string(c.dest_level) + " of texture " + std::to_string(c.dest) + ")");
    auto src = copy_surface(c.source, c.source_level, at + ": source", false);
    src_format = textures_.at(c.source)->format;
    sw = src->width;
    sh = src->height;
    op->source = std::move(src);
  }
  const api::Format dst_format =
      textures_.count(c.dest) ? textures_.at(c.dest)->format : api::Format::A8R8G8B8;
  const Rect s = rect_of(c.src_left, c.src_top, c.src_right, c.src_bottom, sw, sh,
                         at + ": the source rectangle");
  // Check the formats before the destination is kept aside as a surface to resolve.
  if (textures_.count(c.dest) && !(argb(src_format) && argb(dst_format)) &&
      src_format != dst_format)
    throw Error(at + ": cannot convert " +
                std::string(c.source ? api::to_name(src_format) : "the back buffer's a8r8g8b8") +
                " to " + std::string(api::to_name(dst_format)) +
                ": a8r8g8b8 and x8r8g8b8 convert to each other, other formats copy only into "
                "their own");
  std::shared_ptr<func::ColorSurface> dst = copy_surface(c.dest, c.dest_level, at + ": dest", true);
  const Rect d = rect_of(c.dst_left, c.dst_top, c.dst_right, c.dst_bottom, dst->width, dst->height,
                         at + ": the dest rectangle");
  const bool stretch = s.x1 - s.x0 != d.x1 - d.x0 || s.y1 - s.y0 != d.y1 - d.y0;
  if (stretch && c.filter == api::Filter::Linear && !argb(dst_format))
    throw Error(at + ": linear filtering of " + std::string(api::to_name(dst_format)) +
                ": only a8r8g8b8 and x8r8g8b8 copies filter");
  op->dest = std::move(dst);
  op->sx0 = s.x0, op->sy0 = s.y0, op->sx1 = s.x1, op->sy1 = s.y1;
  op->dx0 = d.x0, op->dy0 = d.y0, op->dx1 = d.x1, op->dy1 = d.y1;
  op->linear = c.filter == api::Filter::Linear;
  op->flip_y = c.flip_y != 0;
  op->opaque_alpha = src_format == api::Format::X8R8G8B8 && dst_format == api::Format::A8R8G8B8;
  ClearOp clear;
  clear.copy = std::move(op);
  last_clear_ = clear;
}

}  // namespace gfx::driver
