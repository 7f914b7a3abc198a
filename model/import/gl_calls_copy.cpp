#include "import/gl_calls_copy.h"

#include <string>

#include "import/conversion_error.h"

namespace gfx::import {
namespace {

// GL's internal formats that keep 8 bits a channel, by their value: the legacy component
// counts 3 and 4, GL_RGB, GL_RGBA, GL_RGB8, GL_RGBA8.
constexpr uint32_t kRgb = 0x1907, kRgba = 0x1908, kRgb8 = 0x8051, kRgba8 = 0x8058;

std::string text(int64_t v) { return std::to_string(v); }

}  // namespace

std::optional<trace::CopyRect> gl_copy_tex_sub_image(const GlCopyDest& dest, uint32_t window_width,
                                                     uint32_t window_height, int32_t xoffset,
                                                     int32_t yoffset, int32_t x, int32_t y,
                                                     int32_t width, int32_t height) {
  if (width < 0 || height < 0)
    throw ConversionError("negative size " + text(width) + "x" + text(height));
  if (xoffset < 0 || yoffset < 0 || int64_t(xoffset) + width > int64_t(dest.width) ||
      int64_t(yoffset) + height > int64_t(dest.height))
    throw ConversionError("texels (" + text(xoffset) + ", " + text(yoffset) + ") + " + text(width) +
                          "x" + text(height) + " leave level " + text(dest.level) + " (" +
                          text(dest.width) + "x" + text(dest.height) + ")");
  // Cut the window rectangle to the window, moving the texel offset with it.
  int64_t x0 = x, y0 = y, x1 = int64_t(x) + width, y1 = int64_t(y) + height;
  int64_t tx = xoffset, ty = yoffset;
  if (x0 < 0) tx -= x0, x0 = 0;
  if (y0 < 0) ty -= y0, y0 = 0;
  if (x1 > int64_t(window_width)) x1 = window_width;
  if (y1 > int64_t(window_height)) y1 = window_height;
  if (x1 <= x0 || y1 <= y0) return std::nullopt;
  trace::CopyRect c;
  c.source = 0;  // the back buffer
  c.dest = dest.texture;
  c.dest_level = dest.level;
  c.src_left = uint32_t(x0);
  c.src_right = uint32_t(x1);
  c.src_top = uint32_t(int64_t(window_height) - y1);  // D3D rows count down from the top
  c.src_bottom = uint32_t(int64_t(window_height) - y0);
  c.dst_left = uint32_t(tx);
  c.dst_top = uint32_t(ty);
  c.dst_right = uint32_t(tx + (x1 - x0));
  c.dst_bottom = uint32_t(ty + (y1 - y0));
  c.flip_y = 1;  // texture row 0 is the window's lowest row
  return c;
}

GlCopyImage gl_copy_tex_image(api::ResourceId texture, uint32_t level, uint32_t internal_format,
                              uint32_t window_width, uint32_t window_height, int32_t x, int32_t y,
                              int32_t width, int32_t height, int32_t border) {
  if (border != 0) throw UnsupportedError("texture borders are not supported");
  GlCopyImage out;
  switch (internal_format) {
    case 3:
    case kRgb:
    case kRgb8: out.format = api::Format::X8R8G8B8; break;
    case 4:
    case kRgba:
    case kRgba8: out.format = api::Format::A8R8G8B8; break;
    default:
      throw UnsupportedError("internal format " + text(internal_format) +
                             " is not supported (RGB, RGBA, RGB8 and RGBA8 are)");
  }
  if (width < 0 || height < 0)
    throw ConversionError("negative size " + text(width) + "x" + text(height));
  out.width = uint32_t(width);
  out.height = uint32_t(height);
  if (width == 0 || height == 0) return out;
  out.copy = gl_copy_tex_sub_image(GlCopyDest{texture, level, out.width, out.height}, window_width,
                                   window_height, 0, 0, x, y, width, height);
  return out;
}

}  // namespace gfx::import
