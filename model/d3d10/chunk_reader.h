// Bounds-checked little-endian reads inside one chunk, failing with the chunk's name and
// the dword offset of the read (internal to the container parsers).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "d3d10/errors.h"
#include "d3d10/shader.h"

namespace gfx::d3d10 {

class ChunkReader {
 public:
  ChunkReader(const Chunk& c, const std::string& shader)
      : data_(c.data.data()), size_(c.data.size()), chunk_(c.name()), shader_(shader) {}

  uint32_t u32(std::size_t byte_offset, const char* what) const {
    if (byte_offset + 4 > size_)
      fail(byte_offset, std::string("truncated chunk: ") + what + " lies past its end (" +
                            std::to_string(size_) + " bytes)");
    const uint8_t* p = data_ + byte_offset;
    return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
  }
  uint16_t u16(std::size_t byte_offset, const char* what) const {
    const uint32_t v = u32(byte_offset & ~std::size_t{3}, what);
    return static_cast<uint16_t>(byte_offset & 2 ? v >> 16 : v);
  }
  // The NUL-terminated string whose offset is stored at `field`; errors point at the field.
  std::string str(std::size_t field, const char* what) const {
    const uint32_t at = u32(field, what);
    if (at >= size_)
      fail(field, std::string(what) + " offset " + std::to_string(at) + " lies past the chunk (" +
                      std::to_string(size_) + " bytes)");
    std::string s;
    for (std::size_t i = at; i < size_; ++i) {
      if (data_[i] == 0) return s;
      s.push_back(static_cast<char>(data_[i]));
    }
    fail(field, std::string(what) + " is not NUL-terminated inside the chunk");
  }
  // Fails unless `count` records of `bytes` each, from `first`, lie inside the chunk.
  void need_table(std::size_t count_field, std::size_t first, std::size_t count, std::size_t bytes,
                  const char* what) const {
    if (first + count * bytes > size_)
      fail(count_field, "truncated chunk: " + std::to_string(count) + " " + what + " of " +
                            std::to_string(bytes) + " bytes from byte " + std::to_string(first) +
                            " run past its end (" + std::to_string(size_) + " bytes)");
  }
  std::size_t size() const { return size_; }
  [[noreturn]] void fail(std::size_t byte_offset, const std::string& problem) const {
    fail_at(shader_, chunk_, byte_offset / 4, problem);
  }

 private:
  const uint8_t* data_;
  std::size_t size_;
  std::string chunk_;
  const std::string& shader_;
};

}  // namespace gfx::d3d10
