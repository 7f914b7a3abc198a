// PNG encoder of png.h: RGB rows, per-row filter choice, zlib, chunks, atomic file write.
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>

#include "common/error.h"
#include "func/image/png.h"
#include "func/image/png_format.h"

namespace gfx::func {

namespace {

void append_chunk(std::vector<uint8_t>& out, const char type[4], const uint8_t* data,
                  size_t size) {
  uint8_t head[8];
  png::put_be32(head, uint32_t(size));
  for (int i = 0; i < 4; ++i) head[4 + i] = uint8_t(type[i]);
  out.insert(out.end(), head, head + 8);
  if (size) out.insert(out.end(), data, data + size);
  // The CRC covers the type and the data, not the length.
  uLong crc = crc32(0L, head + 4, 4);
  if (size) crc = crc32(crc, data, uInt(size));
  uint8_t tail[4];
  png::put_be32(tail, uint32_t(crc));
  out.insert(out.end(), tail, tail + 4);
}

// Filter one row with each filter type and keep the one whose output bytes, read as
// signed, have the smallest sum of magnitudes (the PNG specification's suggested
// heuristic); ties go to the lower filter number, so the choice is deterministic.
void filter_row(const uint8_t* row, const uint8_t* prev, size_t n, uint8_t* out,
                uint8_t* scratch) {
  uint64_t best_cost = ~uint64_t(0);
  for (int f = png::kNone; f <= png::kPaeth; ++f) {
    uint64_t cost = 0;
    scratch[0] = uint8_t(f);
    for (size_t i = 0; i < n; ++i) {
      const uint8_t v = uint8_t(row[i] - png::predict(png::Filter(f), row, prev, i, 3));
      scratch[1 + i] = v;
      cost += v < 128 ? v : 256 - v;
    }
    if (cost < best_cost) {
      best_cost = cost;
      std::copy(scratch, scratch + n + 1, out);
    }
  }
}

}  // namespace

std::vector<uint8_t> encode_png(uint32_t width, uint32_t height, const uint32_t* argb) {
  if (width == 0 || height == 0 || uint64_t(width) * height > png::kMaxPixels)
    throw Error("png: cannot encode a " + std::to_string(width) + "x" + std::to_string(height) +
                " image");
  const size_t row_bytes = size_t(width) * 3;
  std::vector<uint8_t> filtered((row_bytes + 1) * height);
  std::vector<uint8_t> rows(row_bytes * 2), scratch(row_bytes + 1);
  for (uint32_t y = 0; y < height; ++y) {
    uint8_t* row = rows.data() + (y % 2) * row_bytes;
    const uint8_t* prev = y ? rows.data() + ((y + 1) % 2) * row_bytes : nullptr;
    for (uint32_t x = 0; x < width; ++x) {
      const uint32_t p = argb[size_t(y) * width + x];
      row[3 * x] = uint8_t(p >> 16);
      row[3 * x + 1] = uint8_t(p >> 8);
      row[3 * x + 2] = uint8_t(p);
    }
    filter_row(row, prev, row_bytes, filtered.data() + y * (row_bytes + 1), scratch.data());
  }

  uLongf zsize = compressBound(uLong(filtered.size()));
  std::vector<uint8_t> z(zsize);
  if (compress2(z.data(), &zsize, filtered.data(), uLong(filtered.size()), 6) != Z_OK)
    throw Error("png: zlib compression failed");

  std::vector<uint8_t> out(png::kSignature, png::kSignature + 8);
  uint8_t ihdr[13] = {};
  png::put_be32(ihdr, width);
  png::put_be32(ihdr + 4, height);
  ihdr[8] = 8;  // bit depth
  ihdr[9] = 2;  // colour type: truecolour (RGB)
  append_chunk(out, "IHDR", ihdr, sizeof ihdr);
  append_chunk(out, "IDAT", z.data(), zsize);
  append_chunk(out, "IEND", nullptr, 0);
  return out;
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
