#include "import/gl_teximage.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "import/conversion_error.h"
#include "import/gli_enums.h"

namespace gfx::import {

namespace {

constexpr uint32_t kAlpha = 0x1906, kRgb = 0x1907, kRgba = 0x1908, kLum = 0x1909,
                   kLumAlpha = 0x190A, kBgr = 0x80E0, kBgra = 0x80E1;

uint32_t channels(uint32_t format) {
  switch (format) {
    case kAlpha:
    case kLum: return 1;
    case kLumAlpha: return 2;
    case kRgb:
    case kBgr: return 3;
    case kRgba:
    case kBgra: return 4;
  }
  throw UnsupportedError("pixel format " + std::to_string(format) + " is not supported");
}

// One component as GL's 8-bit internal storage keeps it (GL 2.1 table 2.9 then rounding
// to the nearest step).
uint8_t component(const uint8_t* p, uint32_t type) {
  switch (type) {
    case gl::UNSIGNED_BYTE: return *p;
    case gl::UNSIGNED_SHORT: {
      uint16_t v;
      std::memcpy(&v, p, 2);
      return uint8_t((uint32_t(v) * 255 + 32767) / 65535);
    }
    case gl::FLOAT: {
      float f;
      std::memcpy(&f, p, 4);
      return uint8_t(std::lround(std::clamp(double(f), 0.0, 1.0) * 255.0));
    }
  }
  throw UnsupportedError("pixel type " + std::to_string(type) + " is not supported");
}

}  // namespace

GlImageFormat gl_internal_format(int64_t f) {
  switch (f) {
    case 3:
    case kRgb:
    case 0x8051: return {GlBase::Rgb, api::Format::X8R8G8B8};  // GL_RGB8
    case 4:
    case kRgba:
    case 0x8058: return {GlBase::Rgba, api::Format::A8R8G8B8};  // GL_RGBA8
    case 1:
    case kLum:
    case 0x8040: return {GlBase::Luminance, api::Format::L8};  // GL_LUMINANCE8
    case 2:
    case kLumAlpha:
    case 0x8045: return {GlBase::LuminanceAlpha, api::Format::A8L8};  // GL_LUMINANCE8_ALPHA8
    case kAlpha:
    case 0x803C: return {GlBase::Alpha, api::Format::A8};  // GL_ALPHA8
  }
  throw UnsupportedError("internal format " + std::to_string(f) + " is not supported");
}

GlImageFormat gl_compressed_format(uint32_t f) {
  switch (f) {
    // GL's RGB DXT1 decodes a block's fourth colour as opaque black, D3D9's DXT1 as
    // transparent black: the colour is the same, and the stages of an RGB texture never
    // read its alpha (d3d_texture.cpp), so the difference does not show.
    case 0x83F0: return {GlBase::Rgb, api::Format::DXT1};
    case 0x83F1: return {GlBase::Rgba, api::Format::DXT1};
    case 0x83F2: return {GlBase::Rgba, api::Format::DXT3};
    case 0x83F3: return {GlBase::Rgba, api::Format::DXT5};
  }
  throw UnsupportedError("compressed format " + std::to_string(f) + " is not DXT1/3/5");
}

std::vector<uint8_t> gl_convert_image(const std::vector<uint8_t>& src, uint32_t w, uint32_t h,
                                      uint32_t format, uint32_t type, uint32_t alignment,
                                      const GlImageFormat& to) {
  const uint32_t n = channels(format);
  if (type != gl::UNSIGNED_BYTE && type != gl::UNSIGNED_SHORT && type != gl::FLOAT)
    throw UnsupportedError("pixel type " + std::to_string(type) + " is not supported");
  const uint32_t size = type == gl::UNSIGNED_BYTE ? 1 : type == gl::UNSIGNED_SHORT ? 2 : 4;
  const uint64_t row = (uint64_t(w) * n * size + alignment - 1) / alignment * alignment;
  const uint64_t need = h == 0 ? 0 : row * (h - 1) + uint64_t(w) * n * size;
  if (src.size() < need)
    throw ConversionError("the image needs " + std::to_string(need) + " bytes (" +
                          std::to_string(w) + "x" + std::to_string(h) + ", rows of " +
                          std::to_string(row) + ") but the buffer holds " +
                          std::to_string(src.size()));
  const uint32_t texel = to.format == api::Format::L8 || to.format == api::Format::A8 ? 1
                         : to.format == api::Format::A8L8                             ? 2
                                                                                      : 4;
  std::vector<uint8_t> out(size_t(w) * h * texel);
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) {
      const uint8_t* p = src.data() + y * row + uint64_t(x) * n * size;
      uint8_t c[4];
      for (uint32_t i = 0; i < n; ++i) c[i] = component(p + i * size, type);
      uint8_t r = 0, g = 0, b = 0, a = 255;  // GL's conversion to RGBA (2.14.4)
      switch (format) {
        case kAlpha: a = c[0]; break;
        case kLum: r = g = b = c[0]; break;
        case kLumAlpha: r = g = b = c[0], a = c[1]; break;
        case kRgb: r = c[0], g = c[1], b = c[2]; break;
        case kRgba: r = c[0], g = c[1], b = c[2], a = c[3]; break;
        case kBgr: b = c[0], g = c[1], r = c[2]; break;
        case kBgra: b = c[0], g = c[1], r = c[2], a = c[3]; break;
      }
      uint8_t* o = out.data() + (size_t(y) * w + x) * texel;
      switch (to.format) {
        case api::Format::L8: o[0] = r; break;  // luminance takes red (GL 3.8.1)
        case api::Format::A8: o[0] = a; break;
        case api::Format::A8L8: o[0] = r, o[1] = a; break;
        case api::Format::X8R8G8B8: o[0] = b, o[1] = g, o[2] = r, o[3] = 255; break;
        default: o[0] = b, o[1] = g, o[2] = r, o[3] = a; break;  // A8R8G8B8
      }
    }
  return out;
}

void gl_store_level(GlTexture& t, int64_t level, uint32_t w, uint32_t h, const GlImageFormat& f,
                    std::vector<uint8_t> texels) {
  if (level < 0 || level > 15) throw ConversionError("mip level " + std::to_string(level));
  if (level == 0) {
    // A new level 0 of another size or format starts the texture anew.
    if (w != t.width || h != t.height || f.format != t.format) t.levels.clear();
    t.width = w;
    t.height = h;
    t.format = f.format;
    t.base = f.base;
  } else {
    if (t.levels.empty() || t.levels[0].empty())
      throw UnsupportedError("mip level " + std::to_string(level) + " before level 0");
    uint32_t ew = std::max(1u, t.width >> level), eh = std::max(1u, t.height >> level);
    if (w != ew || h != eh || f.format != t.format)
      throw UnsupportedError("mip level " + std::to_string(level) + " is " + std::to_string(w) +
                             "x" + std::to_string(h) +
                             " in another format or size than level 0's " + std::to_string(ew) +
                             "x" + std::to_string(eh) + " (GL: incomplete)");
  }
  if (t.levels.size() <= size_t(level)) t.levels.resize(size_t(level) + 1);
  t.levels[size_t(level)] = std::move(texels);
  ++t.version;
}

bool GlTexture::complete() const {
  if (levels.empty() || levels[0].empty()) return false;
  if (!mipmapped()) return true;
  uint32_t n = 1;
  for (uint32_t s = std::max(width, height); s > 1; s >>= 1) ++n;
  if (levels.size() < n) return false;
  for (uint32_t i = 0; i < n; ++i)
    if (levels[i].empty()) return false;
  return true;
}

uint32_t GlTexture::level_count() const {
  if (!mipmapped()) return 1;
  uint32_t n = 1;
  for (uint32_t s = std::max(width, height); s > 1; s >>= 1) ++n;
  return n;
}

}  // namespace gfx::import
