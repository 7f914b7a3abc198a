// The data files beside a GLInterceptor capture. A call argument `*N` names buffer
// descriptor N: BufferDescriptors.dat holds 16-byte little-endian records (u32 descriptor
// id, u32 the application's address, u32 size in bytes, u32 memory region id), and
// MemoryRegions.dat the bytes, as records of u32 region id, u32 address, u32 size and then
// size bytes. GLInterceptor stores equal contents once, so several descriptors may name one
// region. Both files are read on the first `*N` a translated call needs, so a capture that
// never reads recorded data imports without them (every capture's wgl calls name *0, *1).
// Used by vertex arrays, buffer objects, textures, ARB program text and glCopyTexImage2D.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gfx::import {

class GliData {
 public:
  // dir: the capture's folder ("" is the current directory).
  explicit GliData(std::string dir) : dir_(std::move(dir)) {}

  // The bytes of buffer descriptor `descriptor`. ConversionError naming the file, the
  // descriptor or region and the byte offset when a file is missing, truncated or does not
  // hold the descriptor.
  const std::vector<uint8_t>& buffer(uint32_t descriptor);
  // The descriptor a pointer argument names: "*12" -> 12. ConversionError for any other
  // text (an untraced "U0x..." pointer has no recorded bytes).
  static uint32_t descriptor_of(const std::string& pointer_text);

  // Parse the two files' contents (paths only name them in errors). Public for tests.
  void load(const std::vector<uint8_t>& descriptors, const std::string& descriptors_path,
            const std::vector<uint8_t>& regions, const std::string& regions_path);

 private:
  struct Descriptor {
    uint32_t size = 0, region = 0;
    uint64_t record_offset = 0;  // in BufferDescriptors.dat, for errors
  };
  struct Region {
    uint64_t data_offset = 0;  // of its bytes in MemoryRegions.dat
    uint32_t size = 0;
  };
  void load_files();

  std::string dir_;
  bool loaded_ = false;
  std::string descriptors_path_, regions_path_;
  std::map<uint32_t, Descriptor> descriptors_;
  std::map<uint32_t, Region> regions_;
  std::vector<uint8_t> region_bytes_;                 // the whole MemoryRegions.dat
  std::map<uint32_t, std::vector<uint8_t>> buffers_;  // descriptors already read
};

}  // namespace gfx::import
