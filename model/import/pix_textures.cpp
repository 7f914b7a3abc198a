#include "import/pix_textures.h"

#include <cstring>
#include <string>

#include "api/texture_format.h"
#include "import/conversion_error.h"

namespace gfx::import {

namespace {

constexpr uint32_t kR8G8B8 = 20, kA8B8G8R8 = 32, kX8B8G8R8 = 33;

std::string rect_text(const LockedRect& r) {
  return "(" + std::to_string(r.left) + "," + std::to_string(r.top) + ")-(" +
         std::to_string(r.right) + "," + std::to_string(r.bottom) + ")";
}

// One unit of the capture's format as the trace's format stores it.
void convert_unit(uint32_t d3d, const uint8_t* src, uint8_t* dst, uint32_t dst_bytes) {
  switch (d3d) {
    case kR8G8B8:  // B, G, R in memory -> B, G, R, X
      dst[0] = src[0];
      dst[1] = src[1];
      dst[2] = src[2];
      dst[3] = 0xFF;
      return;
    case kA8B8G8R8:  // R, G, B, A in memory -> B, G, R, A
    case kX8B8G8R8:
      dst[0] = src[2];
      dst[1] = src[1];
      dst[2] = src[0];
      dst[3] = d3d == kA8B8G8R8 ? src[3] : 0xFF;
      return;
    default: std::memcpy(dst, src, dst_bytes);
  }
}

}  // namespace

std::optional<PixTexFormat> pix_texture_format(uint32_t d3d_format) {
  PixTexFormat f;
  f.d3d = d3d_format;
  if (d3d_format == kR8G8B8) {
    f.format = api::Format::X8R8G8B8;
    f.src_bytes = 3;
    return f;
  }
  if (d3d_format == kA8B8G8R8 || d3d_format == kX8B8G8R8) {
    f.format = d3d_format == kA8B8G8R8 ? api::Format::A8R8G8B8 : api::Format::X8R8G8B8;
    return f;
  }
  // DXGI formats sit at 1000 and up: a D3DFORMAT never names one.
  if (d3d_format >= 1000 && d3d_format < 2000) return std::nullopt;
  const api::TextureFormatInfo* info = api::texture_format_info(api::Format(d3d_format));
  if (!info) return std::nullopt;
  f.format = api::Format(d3d_format);
  f.block = info->block;
  f.src_bytes = f.dst_bytes = info->block_bytes;
  return f;
}

void copy_locked_rect(const PixTexFormat& f, uint32_t w, uint32_t h, const LockedRect& r,
                      const std::vector<uint8_t>& bytes, uint8_t* image) {
  if (r.right > w || r.bottom > h || r.left >= r.right || r.top >= r.bottom)
    throw ConversionError("locked rectangle " + rect_text(r) + " is not inside the " +
                          std::to_string(w) + "x" + std::to_string(h) + " level");
  const uint32_t b = f.block;
  if (r.left % b || r.top % b || (r.right % b && r.right != w) || (r.bottom % b && r.bottom != h))
    throw ConversionError("locked rectangle " + rect_text(r) + " is not aligned to " +
                          std::to_string(b) + "x" + std::to_string(b) + " blocks");
  const uint32_t units = (r.right - r.left + b - 1) / b;  // per row of units
  const uint32_t rows = (r.bottom - r.top + b - 1) / b;
  const uint32_t level_units = (w + b - 1) / b;
  const uint64_t row_bytes = uint64_t(units) * f.src_bytes;
  if (r.pitch < row_bytes)
    throw ConversionError("pitch " + std::to_string(r.pitch) + " is below the " +
                          std::to_string(row_bytes) + " bytes of a locked row");
  const uint64_t need = uint64_t(rows - 1) * r.pitch + row_bytes;
  if (bytes.size() < need)
    throw ConversionError("the locked rectangle " + rect_text(r) + " needs " +
                          std::to_string(need) + " bytes, the capture holds " +
                          std::to_string(bytes.size()));
  for (uint32_t y = 0; y < rows; ++y) {
    const uint8_t* src = bytes.data() + uint64_t(y) * r.pitch;
    uint8_t* dst = image + (uint64_t(r.top / b + y) * level_units + r.left / b) * f.dst_bytes;
    for (uint32_t x = 0; x < units; ++x)
      convert_unit(f.d3d, src + uint64_t(x) * f.src_bytes, dst + uint64_t(x) * f.dst_bytes,
                   f.dst_bytes);
  }
}

}  // namespace gfx::import
