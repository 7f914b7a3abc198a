// PNG decoder of png.h: chunk walk with CRC checks, IHDR validation, inflate of the
// concatenated IDAT data, and the five row filters.
#include <zlib.h>

#include <algorithm>
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

// Inflate exactly `expect` bytes; fewer (truncated data) or a zlib error is an error.
std::vector<uint8_t> inflate_all(const std::vector<uint8_t>& in, size_t expect,
                                 const std::string& name) {
  std::vector<uint8_t> out(expect);
  z_stream zs{};
  if (inflateInit(&zs) != Z_OK) fail(name, "zlib inflateInit failed");
  zs.next_in = const_cast<Bytef*>(in.data());
  zs.avail_in = uInt(in.size());
  zs.next_out = out.data();
  zs.avail_out = uInt(expect);
  const int rc = inflate(&zs, Z_FINISH);
  const size_t got = expect - zs.avail_out;
  inflateEnd(&zs);
  // Extra data after the last row is tolerated; missing rows or a zlib error are not.
  if (rc == Z_DATA_ERROR || rc == Z_MEM_ERROR || rc == Z_STREAM_ERROR || got != expect)
    fail(name, rc == Z_DATA_ERROR ? "corrupt image data (zlib)"
                                  : "image data too short: " + std::to_string(got) + " of " +
                                        std::to_string(expect) + " bytes");
  return out;
}

}  // namespace

Image decode_png(const uint8_t* data, size_t size, const std::string& name) {
  if (size < 8 || !std::equal(png::kSignature, png::kSignature + 8, data))
    fail(name, "not a PNG file (bad signature)");
  uint32_t width = 0, height = 0;
  size_t bpp = 0;  // bytes per pixel: 3 (RGB) or 4 (RGBA)
  bool seen_end = false;
  std::vector<uint8_t> idat;
  size_t pos = 8;
  while (!seen_end) {
    if (size - pos < 12) fail(name, "truncated chunk at byte " + std::to_string(pos));
    const uint32_t len = png::be32(data + pos);
    const std::string type(reinterpret_cast<const char*>(data + pos + 4), 4);
    if (len > size - pos - 12) fail(name, "chunk " + type + " runs past the end of the file");
    const uint8_t* body = data + pos + 8;
    const uLong crc = crc32(crc32(0L, data + pos + 4, 4), body, uInt(len));
    if (crc != png::be32(body + len)) fail(name, "CRC mismatch in chunk " + type);
    pos += 12 + size_t(len);

    if (type == "IHDR") {
      if (len != 13) fail(name, "IHDR has length " + std::to_string(len));
      width = png::be32(body);
      height = png::be32(body + 4);
      const uint8_t depth = body[8], ctype = body[9];
      if (width == 0 || height == 0 || uint64_t(width) * height > png::kMaxPixels)
        fail(name, "unsupported size " + std::to_string(width) + "x" + std::to_string(height));
      if (depth != 8 || (ctype != 2 && ctype != 6))
        fail(name, "only 8-bit RGB and RGBA are supported (bit depth " + std::to_string(depth) +
                       ", colour type " + std::to_string(ctype) + ")");
      if (body[10] != 0 || body[11] != 0) fail(name, "unknown compression or filter method");
      if (body[12] != 0) fail(name, "interlaced PNGs are not supported");
      bpp = ctype == 6 ? 4 : 3;
    } else if (type == "IDAT") {
      if (!bpp) fail(name, "IDAT before IHDR");
      idat.insert(idat.end(), body, body + len);
    } else if (type == "IEND") {
      seen_end = true;
    } else if (!bpp) {
      fail(name, "first chunk is " + type + ", not IHDR");
    } else if (!(type[0] & 0x20) && type != "PLTE") {
      fail(name, "unknown critical chunk " + type);  // ancillary chunks are skipped
    }
  }
  if (!bpp) fail(name, "no IHDR chunk");
  if (idat.empty()) fail(name, "no image data");

  const size_t row_bytes = size_t(width) * bpp;
  std::vector<uint8_t> raw = inflate_all(idat, (row_bytes + 1) * height, name);
  Image img;
  img.width = width;
  img.height = height;
  img.pixels.resize(size_t(width) * height);
  for (uint32_t y = 0; y < height; ++y) {
    uint8_t* line = raw.data() + y * (row_bytes + 1);
    const uint8_t f = line[0];
    if (f > png::kPaeth)
      fail(name, "row " + std::to_string(y) + " has filter type " + std::to_string(f));
    uint8_t* row = line + 1;
    const uint8_t* prev = y ? row - (row_bytes + 1) : nullptr;  // already unfiltered
    for (size_t i = 0; i < row_bytes; ++i)
      row[i] = uint8_t(row[i] + png::predict(png::Filter(f), row, prev, i, bpp));
    for (uint32_t x = 0; x < width; ++x) {
      const uint8_t* p = row + x * bpp;
      const uint32_t a = bpp == 4 ? p[3] : 0xFF;
      img.pixels[size_t(y) * width + x] =
          (a << 24) | (uint32_t(p[0]) << 16) | (uint32_t(p[1]) << 8) | p[2];
    }
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
