// SHA-256 (FIPS 180-4), for provenance: the hashes of a run's resolved config and trace
// file in stats.json, which `sha256sum` reproduces for the trace. Streaming: update() with
// any split of the input gives the same digest.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gfx {

class Sha256 {
 public:
  Sha256();
  void update(const void* data, size_t size);
  void update(std::string_view s) { update(s.data(), s.size()); }
  // The digest as 64 lower-case hex digits; the object is spent afterwards.
  std::string hex_digest();

 private:
  void block(const uint8_t* p);

  std::array<uint32_t, 8> h_;
  std::array<uint8_t, 64> buffer_{};
  size_t buffered_ = 0;
  uint64_t length_ = 0;  // bytes hashed so far
};

// The SHA-256 of a string, and of a file's bytes (gfx::Error naming the file when it
// cannot be read).
std::string sha256_hex(std::string_view data);
std::string sha256_file_hex(const std::string& path);

}  // namespace gfx
