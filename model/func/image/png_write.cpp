// PNG encoder of png.h, over libpng's simplified API (png_image_write_to_memory): 8-bit
// RGB, libpng's default compression and filters, so the same pixels give the same file with
// the same libpng.
#include <png.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "common/error.h"
#include "func/image/png.h"
#include "func/image/png_format.h"

namespace gfx::func {

std::vector<uint8_t> encode_png(uint32_t width, uint32_t height, const uint32_t* argb) {
  if (width == 0 || height == 0 || uint64_t(width) * height > png::kMaxPixels)
    throw Error("png: cannot encode a " + std::to_string(width) + "x" + std::to_string(height) +
                " image");
  // Work buffers live across calls: frames of one run have one size, and fresh large
  // buffers cost page faults and clearing on every frame.
  thread_local std::vector<uint8_t> rgb, out;
  const size_t pixels = size_t(width) * height;
  rgb.resize(pixels * 3);
  for (size_t i = 0; i < pixels; ++i) {  // 0xAARRGGBB -> R, G, B (alpha dropped)
    rgb[i * 3] = uint8_t(argb[i] >> 16);
    rgb[i * 3 + 1] = uint8_t(argb[i] >> 8);
    rgb[i * 3 + 2] = uint8_t(argb[i]);
  }
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = width;
  image.height = height;
  image.format = PNG_FORMAT_RGB;
  png_alloc_size_t size = 0;  // first call: the size needed
  if (!png_image_write_to_memory(&image, nullptr, &size, 0, rgb.data(), 0, nullptr))
    throw Error(std::string("png: libpng: ") + image.message);
  out.resize(size);
  if (!png_image_write_to_memory(&image, out.data(), &size, 0, rgb.data(), 0, nullptr))
    throw Error(std::string("png: libpng: ") + image.message);
  return std::vector<uint8_t>(out.begin(), out.begin() + std::ptrdiff_t(size));
}

void write_png(const std::string& path, uint32_t width, uint32_t height, const uint32_t* argb) {
  const std::vector<uint8_t> bytes = encode_png(width, height, argb);
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) throw Error(located(path, 0, 0, "cannot create " + tmp));
    f.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    f.close();
    if (!f) {
      std::remove(tmp.c_str());
      throw Error(located(path, 0, 0, "write to " + tmp + " failed"));
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw Error(located(path, 0, 0, "cannot rename " + tmp + " to it"));
  }
}

}  // namespace gfx::func
