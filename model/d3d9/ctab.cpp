// The compiler's constant table (D3DXSHADER_CONSTANTTABLE), read from a 'CTAB' comment.
// All offsets in the table count bytes from the start of the table, which is the DWORD
// after the FourCC. Layout: a 28-byte header (size, creator offset, version, constant
// count, constant-info offset, flags, target offset); 20-byte constant infos (name offset,
// register set, register index, register count, reserved, type-info offset, default-value
// offset); 16-byte type infos (class, type, rows, columns, elements, struct members,
// member-info offset). Default values and struct members are not read.
#include <cstdint>
#include <string>
#include <vector>

#include "d3d9/decoder.h"

namespace gfx::d3d9 {
namespace {

constexpr uint32_t kHeaderSize = 28, kInfoSize = 20, kTypeSize = 16;

class Blob {
 public:
  explicit Blob(const std::vector<uint32_t>& data) {
    bytes_.reserve((data.size() - 1) * 4);
    for (std::size_t i = 1; i < data.size(); ++i)
      for (int b = 0; b < 4; ++b) bytes_.push_back(static_cast<uint8_t>(data[i] >> (8 * b)));
  }
  std::size_t size() const { return bytes_.size(); }
  bool has(uint64_t offset, uint64_t length) const { return offset + length <= bytes_.size(); }
  uint16_t u16(std::size_t at) const {
    return static_cast<uint16_t>(bytes_[at] | bytes_[at + 1] << 8);
  }
  uint32_t u32(std::size_t at) const { return uint32_t{u16(at)} | uint32_t{u16(at + 2)} << 16; }
  // NUL-terminated string at `at`; false when it runs past the end.
  bool str(uint32_t at, std::string& out) const {
    out.clear();
    for (std::size_t i = at; i < bytes_.size(); ++i) {
      if (bytes_[i] == 0) return true;
      out += static_cast<char>(bytes_[i]);
    }
    return false;
  }

 private:
  std::vector<uint8_t> bytes_;
};

}  // namespace

bool parse_constant_table(const std::vector<uint32_t>& data, ConstantTable& table,
                          std::string& error) {
  if (data.empty()) {
    error = "empty comment";
    return false;
  }
  const Blob b(data);
  if (!b.has(0, kHeaderSize)) {
    error = "the table header needs 28 bytes, the comment holds " + std::to_string(b.size());
    return false;
  }
  if (b.u32(0) < kHeaderSize) {
    error = "header size " + std::to_string(b.u32(0)) + " is below 28";
    return false;
  }
  table = ConstantTable{};
  table.version = b.u32(8);
  table.flags = b.u32(20);
  if (!b.str(b.u32(4), table.creator) || !b.str(b.u32(24), table.target)) {
    error = "creator or target string runs past the end of the comment";
    return false;
  }
  const uint32_t count = b.u32(12), infos = b.u32(16);
  if (!b.has(infos, uint64_t{count} * kInfoSize)) {
    error = std::to_string(count) + " constant infos at byte " + std::to_string(infos) +
            " run past the end of the comment";
    return false;
  }
  for (uint32_t i = 0; i < count; ++i) {
    const std::size_t at = infos + std::size_t{i} * kInfoSize;
    ShaderConstant c;
    if (!b.str(b.u32(at), c.name)) {
      error = "the name of constant " + std::to_string(i) + " runs past the end of the comment";
      return false;
    }
    const uint16_t set = b.u16(at + 4);
    if (set > static_cast<uint16_t>(RegisterSet::Sampler)) {
      error = "constant '" + c.name + "' has unknown register set " + std::to_string(set);
      return false;
    }
    c.set = static_cast<RegisterSet>(set);
    c.index = b.u16(at + 6);
    c.count = b.u16(at + 8);
    const uint32_t type = b.u32(at + 12);
    if (type != 0) {
      if (!b.has(type, kTypeSize)) {
        error = "the type of constant '" + c.name + "' lies past the end of the comment";
        return false;
      }
      c.type_class = b.u16(type);
      c.type = b.u16(type + 2);
      c.rows = b.u16(type + 4);
      c.columns = b.u16(type + 6);
      c.elements = b.u16(type + 8);
    }
    table.constants.push_back(std::move(c));
  }
  return true;
}

}  // namespace gfx::d3d9
