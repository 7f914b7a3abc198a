// glCopyTexImage2D and glCopyTexSubImage2D as the trace's copy_rect: pure functions of the
// call's arguments, the window's size and the texture level written, so the GL texture
// table (glGenTextures / glBindTexture / glTexImage2D) only has to find the bound texture
// and its level and write what they return.
//
// GL's window origin is the lower left and texture row 0 is t = 0: the window rectangle
// (x, y, w, h) is the back buffer's rows H - (y + h) .. H - y, taken bottom row first
// (copy_rect's flip_y) into texture rows yoffset .. yoffset + h. Pixels outside the window
// are undefined in GL: the rectangle is cut to the window, and the texels they would have
// written keep their values.
// Leaves out: GL_READ_BUFFER other than the back buffer, border texels, internal formats
// other than RGB and RGBA (8 bits a channel), cube-map and proxy targets.
#pragma once

#include <cstdint>
#include <optional>

#include "api/enums.h"
#include "trace/commands.h"

namespace gfx::import {

// The level a copy writes: the texture's trace id, the level and its size.
struct GlCopyDest {
  api::ResourceId texture = 0;
  uint32_t level = 0;
  uint32_t width = 0, height = 0;
};

// glCopyTexSubImage2D(GL_TEXTURE_2D, level, xoffset, yoffset, x, y, width, height) from a
// window_width x window_height back buffer. Empty when nothing of the rectangle is inside
// the window (or it is empty). ConversionError when the texel rectangle leaves the level
// or a size is negative (GL_INVALID_VALUE).
std::optional<trace::CopyRect> gl_copy_tex_sub_image(const GlCopyDest& dest, uint32_t window_width,
                                                     uint32_t window_height, int32_t xoffset,
                                                     int32_t yoffset, int32_t x, int32_t y,
                                                     int32_t width, int32_t height);

// glCopyTexImage2D(GL_TEXTURE_2D, level, internal_format, x, y, width, height, border): the
// level is redefined as width x height texels of `format` (which the caller creates under
// `texture`), then filled by `copy` (empty when nothing of it is inside the window).
struct GlCopyImage {
  api::Format format = api::Format::A8R8G8B8;
  uint32_t width = 0, height = 0;
  std::optional<trace::CopyRect> copy;
};
// UnsupportedError for an internal format other than RGB/RGBA (8 bits) or a border;
// ConversionError for a negative size.
GlCopyImage gl_copy_tex_image(api::ResourceId texture, uint32_t level, uint32_t internal_format,
                              uint32_t window_width, uint32_t window_height, int32_t x, int32_t y,
                              int32_t width, int32_t height, int32_t border);

}  // namespace gfx::import
