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

void append_chunk(std::vector<uint8_t>& out, const char type[4], const uint8_t* data, size_t size) {
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

// Filter one row with Sub and with Up and keep the one whose output bytes, read as
// signed, have the smaller sum of magnitudes (the PNG specification's heuristic, over the
// two filters that are cheap and vectorise); ties go to Sub, so the choice is
// deterministic. Frames are written at every Present, so speed beats the last few percent
// of file size here.
void filter_row(const uint8_t* row, const uint8_t* prev, size_t n, uint8_t* out, uint8_t* scratch) {
  uint64_t sub_cost = 0, up_cost = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint8_t v = uint8_t(row[i] - (i >= 3 ? row[i - 3] : 0));
    scratch[1 + i] = v;
    sub_cost += v < 128 ? v : 256 - v;
  }
  for (size_t i = 0; i < n; ++i) {
    const uint8_t v = uint8_t(row[i] - (prev ? prev[i] : 0));
    out[1 + i] = v;
    up_cost += v < 128 ? v : 256 - v;
  }
  out[0] = uint8_t(png::kUp);
  if (sub_cost <= up_cost) {
    out[0] = uint8_t(png::kSub);
    std::copy(scratch + 1, scratch + n + 1, out + 1);
  }
}

}  // namespace

std::vector<uint8_t> encode_png(uint32_t width, uint32_t height, const uint32_t* argb) {
  if (width == 0 || height == 0 || uint64_t(width) * height > png::kMaxPixels)
    throw Error("png: cannot encode a " + std::to_string(width) + "x" + std::to_string(height) +
                " image");
  const size_t row_bytes = size_t(width) * 3;
  // Work buffers live across calls: frames of one run have one size, and fresh large
  // buffers cost page faults and clearing on every frame.
  thread_local std::vector<uint8_t> filtered, rows, scratch, z;
  filtered.resize((row_bytes + 1) * height);
  rows.resize(row_bytes * 2);
  scratch.resize(row_bytes + 1);
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
  z.resize(zsize);
  // Fastest zlib level: frames are written every Present and size matters less than time.
  if (compress2(z.data(), &zsize, filtered.data(), uLong(filtered.size()), Z_BEST_SPEED) != Z_OK)
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
