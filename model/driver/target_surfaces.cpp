#include "driver/target_surfaces.h"

#include <algorithm>
#include <cstring>

#include "api/texture_format.h"

namespace gfx::driver {
namespace {

uint32_t level_size(uint32_t size, uint32_t level) { return std::max(1u, size >> level); }

// The byte range of (level, image) in `t`'s level blob, for `format`'s bytes per pixel.
struct ImageRange {
  uint64_t offset, bytes;
};
ImageRange image_range(const api::Texture& t, uint32_t level, uint32_t image, api::Format f) {
  const uint64_t bytes =
      api::texture_image_bytes(f, level_size(t.width, level), level_size(t.height, level));
  return {bytes * image, bytes};
}

// The image's bytes, zero-filled where the blob is short (a texture created without data).
std::vector<uint8_t> image_bytes(const api::Texture& t, uint32_t level, uint32_t image,
                                 api::Format f) {
  const ImageRange r = image_range(t, level, image, f);
  std::vector<uint8_t> out(r.bytes);
  if (level < t.levels.size() && t.levels[level].size() > r.offset) {
    const uint64_t n = std::min<uint64_t>(r.bytes, t.levels[level].size() - r.offset);
    std::memcpy(out.data(), t.levels[level].data() + r.offset, n);
  }
  return out;
}

std::shared_ptr<api::Texture> with_bytes(const api::Texture& t, uint32_t level, uint32_t image,
                                         api::Format f, const uint8_t* bytes) {
  auto fresh = std::make_shared<api::Texture>(t);
  if (fresh->levels.size() <= level) fresh->levels.resize(level + 1);
  const ImageRange r = image_range(t, level, image, f);
  std::vector<uint8_t>& blob = fresh->levels[level];
  if (blob.size() < r.offset + r.bytes) blob.resize(r.offset + r.bytes);
  std::memcpy(blob.data() + r.offset, bytes, r.bytes);
  return fresh;
}

}  // namespace

std::shared_ptr<func::ColorSurface> make_color_surface(const api::Texture& t, uint32_t level,
                                                       uint32_t image, api::Format format) {
  auto s = std::make_shared<func::ColorSurface>();
  s->width = level_size(t.width, level);
  s->height = level_size(t.height, level);
  s->format = format;
  std::vector<uint8_t> bytes = image_bytes(t, level, image, format);
  if (format == api::Format::A8R8G8B8 || format == api::Format::X8R8G8B8) {
    s->color.resize(size_t(s->width) * s->height);
    std::memcpy(s->color.data(), bytes.data(), s->color.size() * 4);
  } else {  // kept in the format's own bytes (func/rop/target_format.h)
    s->native = std::move(bytes);
  }
  return s;
}

std::shared_ptr<func::DepthSurface> make_depth_surface(const api::Texture& t, uint32_t level,
                                                       uint32_t image, api::Format format) {
  auto s = std::make_shared<func::DepthSurface>();
  s->width = level_size(t.width, level);
  s->height = level_size(t.height, level);
  s->format = format;
  s->native = image_bytes(t, level, image, format);
  return s;
}

std::shared_ptr<api::Texture> with_surface(const api::Texture& t, uint32_t level, uint32_t image,
                                           const func::ColorSurface& s) {
  if (!s.native.empty()) return with_bytes(t, level, image, s.format, s.native.data());
  return with_bytes(t, level, image, api::Format::A8R8G8B8,
                    reinterpret_cast<const uint8_t*>(s.color.data()));
}

std::shared_ptr<api::Texture> with_surface(const api::Texture& t, uint32_t level, uint32_t image,
                                           const func::DepthSurface& s) {
  return with_bytes(t, level, image, s.format, s.native.data());
}

}  // namespace gfx::driver
