// GL texture images to D3D9 texel layouts. glTexImage2D's pixels (GL_RGB, RGBA, BGR, BGRA,
// LUMINANCE, LUMINANCE_ALPHA, ALPHA as unsigned bytes, unsigned shorts or floats, rows
// padded to the unpack alignment) are stored by their internal format: 3 / GL_RGB /
// GL_RGB8 as X8R8G8B8, 4 / GL_RGBA / GL_RGBA8 as A8R8G8B8, 1 / GL_LUMINANCE(8) as L8, 2 /
// GL_LUMINANCE(8)_ALPHA(8) as A8L8, GL_ALPHA(8) as A8. GL and D3D9 both put a texture's
// first row at t = v = 0, so the rows keep their order and t is passed as v unchanged.
// Compressed DXT1/3/5 blocks are the same in both APIs and are kept as they are.
#pragma once

#include <cstdint>
#include <vector>

#include "import/gl_texture.h"

namespace gfx::import {

struct GlImageFormat {
  GlBase base;
  api::Format format;
};

// The D3D9 format of a GL internal format. UnsupportedError for others.
GlImageFormat gl_internal_format(int64_t internal_format);
GlImageFormat gl_compressed_format(uint32_t internal_format);

// Converts width x height pixels of `format`/`type` from `src` (rows aligned to
// `alignment` bytes) to the D3D texel layout of `to`. ConversionError naming the bytes
// needed when src is short.
std::vector<uint8_t> gl_convert_image(const std::vector<uint8_t>& src, uint32_t width,
                                      uint32_t height, uint32_t format, uint32_t type,
                                      uint32_t alignment, const GlImageFormat& to);

// Stores level `level` (its size checked against level 0's) into t, bumping its version.
void gl_store_level(GlTexture& t, int64_t level, uint32_t width, uint32_t height,
                    const GlImageFormat& f, std::vector<uint8_t> texels);

}  // namespace gfx::import
