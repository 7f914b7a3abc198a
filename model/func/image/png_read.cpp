// PNG decoder of png.h, over libpng's simplified API (png_image): any PNG libpng reads
// (grey, palette, 16-bit and interlaced ones too) comes out as 8-bit RGBA. libpng checks
// the CRCs and the image data; its messages are passed on, prefixed with the file name.
#include <png.h>

#include <fstream>
#include <iterator>
#include <string>

#include "common/error.h"
#include "func/image/png.h"
#include "func/image/png_format.h"

namespace gfx::func {

namespace {

[[noreturn]] void fail(const std::string& name, const std::string& msg) {
  throw Error(located(name, 0, 0, msg));
}

// Frees libpng's read state whatever happens.
struct ImageGuard {
  png_image& image;
  ~ImageGuard() { png_image_free(&image); }
};

}  // namespace

Image decode_png(const uint8_t* data, size_t size, const std::string& name) {
  // Our own check first: libpng's message for a file that is no PNG at all is terse.
  if (size < sizeof png::kSignature || !std::equal(png::kSignature, png::kSignature + 8, data))
    fail(name, "not a PNG file (bad signature)");
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  ImageGuard guard{image};
  if (!png_image_begin_read_from_memory(&image, data, size))
    fail(name, std::string("libpng: ") + image.message);
  if (image.width == 0 || image.height == 0 ||
      uint64_t(image.width) * image.height > png::kMaxPixels)
    fail(name, "image size " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                   " out of range");
  image.format = PNG_FORMAT_RGBA;
  std::vector<uint8_t> rgba(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, rgba.data(), 0, nullptr))
    fail(name, std::string("libpng: ") + image.message);
  Image img;
  img.width = image.width;
  img.height = image.height;
  img.pixels.resize(size_t(img.width) * img.height);
  for (size_t i = 0; i < img.pixels.size(); ++i) {
    const uint8_t* p = &rgba[i * 4];
    img.pixels[i] = uint32_t(p[3]) << 24 | uint32_t(p[0]) << 16 | uint32_t(p[1]) << 8 | p[2];
  }
  return img;
}

Image read_png(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw Error(located(path, 0, 0, "cannot open"));
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(f)),
                                   std::istreambuf_iterator<char>());
  if (f.bad()) throw Error(located(path, 0, 0, "read failed"));
  return decode_png(bytes.data(), bytes.size(), path);
}

}  // namespace gfx::func
