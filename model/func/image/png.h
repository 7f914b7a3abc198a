// PNG files for frames and golden images, through libpng (Debian's libpng-dev).
// Writes 8-bit RGB (alpha dropped) with libpng's default compression and filters, so the
// same pixels always give the same file with the same libpng. Reads any PNG libpng reads
// (RGB, RGBA, grey, palette, 16-bit, interlaced) as 8-bit RGBA; libpng checks every CRC.
// Leaves out: gamma and colour-space conversion on read (libpng's simplified reader applies
// none for sRGB-tagged 8-bit images); text chunks on write.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gfx::func {

struct Image {
  uint32_t width = 0, height = 0;
  std::vector<uint32_t> pixels;  // 0xAARRGGBB, row-major; alpha 0xFF for RGB files
};

// Whole PNG file in memory. Throws gfx::Error for a zero or too large size.
std::vector<uint8_t> encode_png(uint32_t width, uint32_t height, const uint32_t* argb);

// Decode a PNG file held in memory; `name` is the file name used in error messages.
Image decode_png(const uint8_t* data, size_t size, const std::string& name);

// Write via "<path>.tmp" and a rename, so a reader never sees a half-written file.
void write_png(const std::string& path, uint32_t width, uint32_t height, const uint32_t* argb);
Image read_png(const std::string& path);

}  // namespace gfx::func
