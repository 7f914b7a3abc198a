// Surfaces of a PIX capture: the back buffer (GetBackBuffer), render targets
// (CreateRenderTarget, render-target textures' levels), depth surfaces, the calls that
// bind them (SetRenderTarget, SetDepthStencilSurface and their Get*) and the calls that
// copy or fill them: StretchRect, UpdateSurface and UpdateTexture become the trace's
// copy_rect, ColorFill a clear of the rectangle with the surface bound.
//
// An offscreen render target is a one-level texture of the trace (never sampled), so the
// trace can render into it and copy from it. Leaves out: depth surfaces other than the
// device's own (the trace's D3D9 targets share the back buffer's depth), rendering into
// levels other than 0 and cube faces, multisampled render targets, copies of depth
// surfaces, offscreen plain surfaces.
#include <cstdio>
#include <cstring>

#include "api/texture_format.h"
#include "import/pix_translator.h"

namespace gfx::import {

namespace {

uint32_t load_u32(const std::vector<uint8_t>& b, size_t at) {
  uint32_t v;
  std::memcpy(&v, b.data() + at, 4);
  return v;
}

}  // namespace

const PixTranslator::Surface& PixTranslator::surface(uint32_t handle) const {
  auto it = surfaces_.find(handle);
  if (it == surfaces_.end()) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%X", handle);
    throw ConversionError(std::string("unknown surface ") + buf);
  }
  return it->second;
}

PixTranslator::SurfaceSize PixTranslator::surface_size(const Surface& s) {
  if (s.kind == SurfaceKind::BackBuffer || s.kind == SurfaceKind::AutoDepth)
    return {device_.width, device_.height};
  if (s.kind == SurfaceKind::Depth) return {s.width, s.height};
  const Texture& t = object(textures_, s.texture, "texture");
  return {std::max(1u, t.texture.width >> s.level), std::max(1u, t.texture.height >> s.level)};
}

ResourceId PixTranslator::surface_id(const Surface& s, const char* role) {
  if (s.kind == SurfaceKind::BackBuffer) return 0;
  if (s.kind != SurfaceKind::Level)
    throw UnsupportedError(std::string("a depth surface as ") + role);
  const Texture& t = object(textures_, s.texture, "texture");
  if (t.faces != 1 || t.texture.kind != api::TextureKind::Texture2D)
    throw UnsupportedError(std::string("a cube face as ") + role);
  return emitted_texture(s.texture);
}

void PixTranslator::get_back_buffer(PixArgs& a, bool swap_chain) {
  if (!swap_chain) a.u32();  // iSwapChain
  const uint32_t index = a.u32();
  a.u32();  // Type: D3DBACKBUFFER_TYPE_MONO
  const uint32_t handle = a.created();
  if (index != 0) throw UnsupportedError("back buffer " + std::to_string(index));
  surfaces_[handle] = Surface::of(SurfaceKind::BackBuffer);
}

void PixTranslator::get_render_target(PixArgs& a) {
  const uint32_t index = a.u32();
  const uint32_t handle = a.created();
  if (index >= targets_.size() || !targets_[index])
    throw ConversionError("render target " + std::to_string(index) + " is not set");
  surfaces_[handle] = *targets_[index];
}

void PixTranslator::get_depth_stencil_surface(PixArgs& a) {
  const uint32_t handle = a.created();
  surfaces_[handle] = depth_;
}

void PixTranslator::create_render_target(PixArgs& a) {
  const uint32_t w = a.u32(), h = a.u32(), format = a.u32(), multisample = a.u32();
  a.u32();  // MultisampleQuality
  a.u32();  // Lockable
  const uint32_t handle = a.created();
  a.pointed(4);  // pSharedHandle
  if (multisample != 0) throw UnsupportedError("multisampled render targets are not supported");
  std::optional<PixTexFormat> f = pix_texture_format(format);
  if (!f)
    throw UnsupportedError("render target format " + std::to_string(format) + " is not supported");
  if (w == 0 || h == 0 || w > 8192 || h > 8192)
    throw ConversionError("render target size " + std::to_string(w) + "x" + std::to_string(h) +
                          " is outside 1..8192");
  // One level of a texture under the surface's own handle, which no texture has.
  Texture t;
  t.format = *f;
  t.texture.format = f->format;
  t.texture.width = w;
  t.texture.height = h;
  t.texture.levels.emplace_back(api::texture_image_bytes(f->format, w, h), 0);
  textures_[handle] = std::move(t);
  surfaces_[handle] = Surface{handle, 0, 0};
}

void PixTranslator::create_depth_stencil_surface(PixArgs& a) {
  Surface s = Surface::of(SurfaceKind::Depth);
  s.width = a.u32();
  s.height = a.u32();
  for (int i = 0; i < 4; ++i) a.u32();  // Format, MultiSample, MultisampleQuality, Discard
  const uint32_t handle = a.created();
  a.pointed(4);  // pSharedHandle
  surfaces_[handle] = s;
}

void PixTranslator::set_render_target(PixArgs& a) {
  const uint32_t index = a.u32(), handle = a.u32();
  if (index >= targets_.size())
    throw UnsupportedError("render target " + std::to_string(index) + " (the trace has 0..3)");
  if (handle == 0) {
    if (index == 0) throw ConversionError("render target 0 set to NULL");
    targets_[index].reset();
    out_.command(trace::SetRenderTarget{index, 0});
    return;
  }
  const Surface& s = surface(handle);
  if (s.kind == SurfaceKind::BackBuffer && index != 0)
    throw UnsupportedError("the back buffer as render target " + std::to_string(index));
  if (s.kind == SurfaceKind::Level && s.level != 0)
    throw UnsupportedError("rendering into level " + std::to_string(s.level) +
                           " (the trace renders into level 0)");
  const ResourceId id = surface_id(s, "a render target");
  targets_[index] = s;
  out_.command(trace::SetRenderTarget{index, id});
  if (index == 0) {  // D3D9 sets the viewport to the whole new target
    const SurfaceSize size = surface_size(s);
    viewport_ = api::Viewport{};
    viewport_.width = size.width;
    viewport_.height = size.height;
  }
}

void PixTranslator::set_depth_stencil_surface(PixArgs& a) {
  const uint32_t handle = a.u32();
  if (handle == 0) throw UnsupportedError("no depth-stencil surface (NULL)");
  const Surface& s = surface(handle);
  if (s.kind != SurfaceKind::AutoDepth)
    throw UnsupportedError(
        "a depth-stencil surface other than the device's own (the trace's targets share it)");
  depth_ = s;
}

// A RECT argument: the whole surface when the pointer is NULL.
PixTranslator::PixRect PixTranslator::rect_arg(PixArgs& a, const Surface& s) {
  uint32_t pointer = 0;
  std::vector<uint8_t> r = a.pointed(16, &pointer);
  const SurfaceSize size = surface_size(s);
  if (!pointer) return {0, 0, size.width, size.height};
  PixRect out{load_u32(r, 0), load_u32(r, 4), load_u32(r, 8), load_u32(r, 12)};
  if (out.right <= out.left || out.bottom <= out.top || out.right > size.width ||
      out.bottom > size.height)
    throw ConversionError(
        "rectangle (" + std::to_string(int32_t(out.left)) + ", " +
        std::to_string(int32_t(out.top)) + ", " + std::to_string(int32_t(out.right)) + ", " +
        std::to_string(int32_t(out.bottom)) + ") is not inside the " + std::to_string(size.width) +
        "x" + std::to_string(size.height) + " surface");
  return out;
}

void PixTranslator::copy(const Surface& src, const PixRect& s, const Surface& dst, const PixRect& d,
                         api::Filter filter) {
  if (dst.kind != SurfaceKind::Level)
    throw UnsupportedError(dst.kind == SurfaceKind::BackBuffer ? "a copy into the back buffer"
                                                               : "a copy into a depth surface");
  trace::CopyRect c;
  c.source = surface_id(src, "a copy's source");
  c.source_level = src.kind == SurfaceKind::Level ? src.level : 0;
  c.dest = surface_id(dst, "a copy's destination");
  c.dest_level = dst.level;
  c.src_left = s.left, c.src_top = s.top, c.src_right = s.right, c.src_bottom = s.bottom;
  c.dst_left = d.left, c.dst_top = d.top, c.dst_right = d.right, c.dst_bottom = d.bottom;
  c.filter = filter;
  out_.command(c);
}

void PixTranslator::stretch_rect(PixArgs& a) {
  const Surface src = surface(a.u32());
  const PixRect s = rect_arg(a, src);
  const Surface dst = surface(a.u32());
  const PixRect d = rect_arg(a, dst);
  const uint32_t filter = a.u32();  // D3DTEXF_NONE, POINT or LINEAR
  if (filter > 2) throw UnsupportedError("StretchRect filter " + std::to_string(filter));
  if (!in_range()) return;  // what it would copy was not drawn
  copy(src, s, dst, d, filter == 2 ? api::Filter::Linear : api::Filter::Point);
}

void PixTranslator::update_surface(PixArgs& a) {
  const Surface src = surface(a.u32());
  const PixRect s = rect_arg(a, src);
  const Surface dst = surface(a.u32());
  uint32_t point_pointer = 0;
  std::vector<uint8_t> p = a.pointed(8, &point_pointer);  // POINT
  const uint32_t x = point_pointer ? load_u32(p, 0) : 0, y = point_pointer ? load_u32(p, 4) : 0;
  const PixRect d{x, y, x + (s.right - s.left), y + (s.bottom - s.top)};
  const SurfaceSize size = surface_size(dst);
  if (d.right > size.width || d.bottom > size.height)
    throw ConversionError("the copy at (" + std::to_string(x) + ", " + std::to_string(y) +
                          ") leaves the " + std::to_string(size.width) + "x" +
                          std::to_string(size.height) + " destination");
  copy(src, s, dst, d, api::Filter::Point);
}

void PixTranslator::update_texture(PixArgs& a) {
  const uint32_t src = a.u32(), dst = a.u32();
  const Texture& s = object(textures_, src, "texture");
  const Texture& d = object(textures_, dst, "texture");
  if (s.faces != 1 || d.faces != 1) throw UnsupportedError("UpdateTexture of cube textures");
  // D3D9 matches levels by size: the destination's level 0 is the source level of its size.
  const size_t skip = s.texture.levels.size() >= d.texture.levels.size()
                          ? s.texture.levels.size() - d.texture.levels.size()
                          : 0;
  for (uint32_t l = 0; l < d.texture.levels.size() && l + skip < s.texture.levels.size(); ++l) {
    const Surface from{src, uint32_t(l + skip), 0};
    const Surface to{dst, l, 0};
    const SurfaceSize fs = surface_size(from), ts = surface_size(to);
    if (fs.width != ts.width || fs.height != ts.height)
      throw ConversionError("level " + std::to_string(l) + " is " + std::to_string(ts.width) + "x" +
                            std::to_string(ts.height) + ", its source level " +
                            std::to_string(fs.width) + "x" + std::to_string(fs.height));
    copy(from, {0, 0, fs.width, fs.height}, to, {0, 0, ts.width, ts.height}, api::Filter::Point);
  }
}

void PixTranslator::color_fill(PixArgs& a) {
  const Surface s = surface(a.u32());
  const PixRect r = rect_arg(a, s);
  const uint32_t color = a.u32();
  if (!in_range()) return;
  if (s.kind == SurfaceKind::Level && s.level != 0)
    throw UnsupportedError("ColorFill of level " + std::to_string(s.level));
  for (size_t t = 1; t < targets_.size(); ++t)
    if (targets_[t])
      throw UnsupportedError("ColorFill while render target " + std::to_string(t) + " is set");
  // The trace clears what is bound, inside the viewport and the scissor rectangle:
  // bind the surface, cut nothing, then restore.
  const ResourceId id = surface_id(s, "a ColorFill target");
  const bool rebind = !(targets_[0] && *targets_[0] == s);
  if (rebind) out_.command(trace::SetRenderTarget{0, id});
  if (scissor_test_) out_.set_render_state(api::RenderStateId::ScissorTestEnable, 0u);
  api::Viewport v;
  v.x = r.left, v.y = r.top, v.width = r.right - r.left, v.height = r.bottom - r.top;
  out_.set_viewport(v);
  out_.clear(api::ClearTarget, color);
  if (scissor_test_) out_.set_render_state(api::RenderStateId::ScissorTestEnable, 1u);
  if (rebind) out_.command(trace::SetRenderTarget{0, surface_id(*targets_[0], "render target 0")});
  out_.set_viewport(viewport_);
}

}  // namespace gfx::import
