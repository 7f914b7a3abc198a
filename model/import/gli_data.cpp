#include "import/gli_data.h"

#include <filesystem>
#include <fstream>
#include <iterator>

#include "import/conversion_error.h"

namespace gfx::import {

namespace {

uint32_t u32(const std::vector<uint8_t>& b, uint64_t at) {
  return uint32_t(b[at]) | uint32_t(b[at + 1]) << 8 | uint32_t(b[at + 2]) << 16 |
         uint32_t(b[at + 3]) << 24;
}

std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw ConversionError(path +
                          ": the capture's data file is missing (the call reads recorded "
                          "bytes from it)");
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

std::string at_offset(const std::string& path, uint64_t offset) {
  return path + ": byte offset " + std::to_string(offset) + ": ";
}

}  // namespace

uint32_t GliData::descriptor_of(const std::string& text) {
  bool digits = text.size() > 1 && text[0] == '*' &&
                text.find_first_not_of("0123456789", 1) == std::string::npos;
  if (!digits || text.size() > 11)
    throw ConversionError("pointer " + text +
                          " names no recorded buffer (only *N pointers have data)");
  uint64_t n = std::stoull(text.substr(1));
  if (n > UINT32_MAX) throw ConversionError("pointer " + text + " is out of range");
  return uint32_t(n);
}

void GliData::load(const std::vector<uint8_t>& d, const std::string& dpath,
                   const std::vector<uint8_t>& r, const std::string& rpath) {
  descriptors_path_ = dpath;
  regions_path_ = rpath;
  descriptors_.clear();
  regions_.clear();
  buffers_.clear();
  if (d.size() % 16 != 0)
    throw ConversionError(at_offset(dpath, d.size() / 16 * 16) + "truncated descriptor record (" +
                          std::to_string(d.size() % 16) + " of 16 bytes)");
  for (uint64_t at = 0; at < d.size(); at += 16) {
    uint32_t id = u32(d, at);
    Descriptor desc{u32(d, at + 8), u32(d, at + 12), at};
    if (!descriptors_.emplace(id, desc).second)
      throw ConversionError(at_offset(dpath, at) + "descriptor " + std::to_string(id) +
                            " appears twice");
  }
  for (uint64_t at = 0; at < r.size();) {
    if (r.size() - at < 12)
      throw ConversionError(at_offset(rpath, at) + "truncated region header (" +
                            std::to_string(r.size() - at) + " of 12 bytes)");
    uint32_t id = u32(r, at), size = u32(r, at + 8);
    if (r.size() - (at + 12) < size)
      throw ConversionError(at_offset(rpath, at) + "region " + std::to_string(id) + " holds " +
                            std::to_string(size) + " bytes but the file ends " +
                            std::to_string(r.size() - (at + 12)) + " bytes after its header");
    if (!regions_.emplace(id, Region{at + 12, size}).second)
      throw ConversionError(at_offset(rpath, at) + "region " + std::to_string(id) +
                            " appears twice");
    at += 12 + uint64_t(size);
  }
  region_bytes_ = r;
  loaded_ = true;
}

void GliData::load_files() {
  namespace fs = std::filesystem;
  fs::path dir = dir_.empty() ? fs::path(".") : fs::path(dir_);
  std::string dpath = (dir / "BufferDescriptors.dat").string();
  std::string rpath = (dir / "MemoryRegions.dat").string();
  std::vector<uint8_t> d = read_file(dpath);
  std::vector<uint8_t> r = read_file(rpath);
  load(d, dpath, r, rpath);
}

const std::vector<uint8_t>& GliData::buffer(uint32_t id) {
  if (!loaded_) load_files();
  auto done = buffers_.find(id);
  if (done != buffers_.end()) return done->second;
  auto it = descriptors_.find(id);
  if (it == descriptors_.end())
    throw ConversionError(descriptors_path_ + ": buffer descriptor " + std::to_string(id) +
                          " is not in the file (" + std::to_string(descriptors_.size()) +
                          " descriptors)");
  const Descriptor& desc = it->second;
  auto reg = regions_.find(desc.region);
  if (reg == regions_.end())
    throw ConversionError(at_offset(descriptors_path_, desc.record_offset) + "descriptor " +
                          std::to_string(id) + " names memory region " +
                          std::to_string(desc.region) + ", which " + regions_path_ +
                          " does not hold");
  if (desc.size > reg->second.size)
    throw ConversionError(at_offset(descriptors_path_, desc.record_offset) + "descriptor " +
                          std::to_string(id) + " is " + std::to_string(desc.size) +
                          " bytes but memory region " + std::to_string(desc.region) + " (" +
                          regions_path_ + " byte offset " +
                          std::to_string(reg->second.data_offset - 12) + ") holds only " +
                          std::to_string(reg->second.size));
  auto begin = region_bytes_.begin() + std::ptrdiff_t(reg->second.data_offset);
  return buffers_.emplace(id, std::vector<uint8_t>(begin, begin + desc.size)).first->second;
}

}  // namespace gfx::import
