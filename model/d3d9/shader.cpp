// Version names and the set of versions gfxsim reads.
#include "d3d9/shader.h"

#include <cctype>

namespace gfx::d3d9 {
namespace {

constexpr uint16_t kVsCodes[] = {0x0101, 0x0200, 0x0201, 0x0300};
constexpr uint16_t kPsCodes[] = {0x0101, 0x0102, 0x0103, 0x0104, 0x0200, 0x0201, 0x0300};

bool listed(const uint16_t* begin, const uint16_t* end, uint16_t code) {
  for (const uint16_t* p = begin; p != end; ++p)
    if (*p == code) return true;
  return false;
}

}  // namespace

std::string Version::name() const {
  std::string s = is_vs() ? "vs_" : "ps_";
  s += std::to_string(major);
  s += '_';
  // Minor 1 of shader model 2 is the "2_x" profile; 0xFF is the software "sw" profile.
  if (major == 2 && minor == 1)
    s += 'x';
  else if (minor == 0xFF)
    s += "sw";
  else
    s += std::to_string(minor);
  return s;
}

bool operator==(const Version& a, const Version& b) {
  return a.type == b.type && a.major == b.major && a.minor == b.minor;
}

std::optional<Version> supported_version(uint32_t token) {
  const uint32_t kind = token >> 16;
  const auto code = static_cast<uint16_t>(token & 0xFFFF);
  Version v;
  v.major = static_cast<uint8_t>(code >> 8);
  v.minor = static_cast<uint8_t>(code & 0xFF);
  if (kind == 0xFFFE && listed(std::begin(kVsCodes), std::end(kVsCodes), code)) {
    v.type = ShaderType::Vertex;
    return v;
  }
  if (kind == 0xFFFF && listed(std::begin(kPsCodes), std::end(kPsCodes), code)) {
    v.type = ShaderType::Pixel;
    return v;
  }
  return std::nullopt;
}

std::optional<Version> parse_version_name(const std::string& text) {
  // vs_M_N or vs.M.N, N a digit or x; case-insensitive.
  if (text.size() != 6) return std::nullopt;
  std::string s;
  for (char ch : text) s += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  const bool sep_ok = (s[2] == '_' && s[4] == '_') || (s[2] == '.' && s[4] == '.');
  if (!sep_ok || !std::isdigit(static_cast<unsigned char>(s[3]))) return std::nullopt;
  uint32_t kind;
  if (s.compare(0, 2, "vs") == 0)
    kind = 0xFFFE0000u;
  else if (s.compare(0, 2, "ps") == 0)
    kind = 0xFFFF0000u;
  else
    return std::nullopt;
  uint32_t major = static_cast<uint32_t>(s[3] - '0'), minor;
  if (s[5] == 'x' && major == 2)
    minor = 1;
  else if (std::isdigit(static_cast<unsigned char>(s[5])) && !(major == 2 && s[5] == '1'))
    minor = static_cast<uint32_t>(s[5] - '0');
  else
    return std::nullopt;
  return supported_version(kind | major << 8 | minor);
}

}  // namespace gfx::d3d9
