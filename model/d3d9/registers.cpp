// Register counts per version and asm names. The table in docs/shader-asm.md mirrors
// register_count(); keep the two together.
#include "d3d9/registers.h"

#include <iterator>

namespace gfx::d3d9 {
namespace {

constexpr uint16_t V20 = 0x0200, V2X = 0x0201, V30 = 0x0300;

constexpr const char* kUsageNames[] = {
    "position", "blendweight", "blendindices", "normal",     "psize", "texcoord",
    "tangent",  "binormal",    "tessfactor",   "positiont",  "color", "fog",
    "depth",    "sample",      "vertexid",     "instanceid",  // gfxsim extension: usages 14 and 15
};

constexpr const char* kTextureTypeNames[] = {nullptr, "1d", "2d", "cube", "volume"};

// ps_1_x (D3D9 asm reference, "ps_1_1 - ps_1_4 registers"): r0 is also the colour
// output, t# are texture registers, no samplers, outputs or side files.
int ps1_register_count(const Version& v, RegType type) {
  const bool v14 = v.minor >= 4;
  switch (type) {
    case RegType::Temp: return v14 ? 6 : 2;
    case RegType::Input: return 2;
    case RegType::Const: return 8;
    case RegType::Addr: return v14 ? 6 : 4;  // t#
    default: return 0;
  }
}

}  // namespace

int register_count(const Version& v, RegType type, bool extensions) {
  const bool vs = v.is_vs();
  const uint16_t c = v.code();
  if (!vs && v.major == 1) return ps1_register_count(v, type);
  switch (type) {
    case RegType::Temp:  // 2_x: D3DCAPS9 NumTemps ranges 12..32, take 32
      return c == 0x0101 || c == V20 ? 12 : 32;
    case RegType::Input: return vs ? 16 : (c >= V30 ? 10 : 2);
    case RegType::Const: return vs ? 256 : (c >= V30 ? 224 : 32);
    case RegType::Addr: return vs ? 1 : (c >= V30 ? 0 : 8);     // a0, or t0..t7
    case RegType::RastOut: return vs && c < V30 ? 3 : 0;        // oPos, oFog, oPts
    case RegType::AttrOut: return vs && c < V30 ? 2 : 0;        // oD0, oD1
    case RegType::Output: return vs ? (c >= V30 ? 12 : 8) : 0;  // o# or oT#
    case RegType::ConstInt:
    case RegType::ConstBool: return c >= (vs ? V20 : V2X) ? 16 : 0;
    case RegType::ColorOut: return vs ? 0 : 4;
    case RegType::DepthOut: return vs ? 0 : 1;
    case RegType::Sampler: return vs ? (c >= V30 ? 4 : 0) : 16;
    case RegType::Loop: return c >= (vs ? V20 : V30) ? 1 : 0;
    case RegType::Misc: return !vs && c >= V30 ? (extensions ? 3 : 2) : 0;
    case RegType::Label: return c >= (vs ? V20 : V2X) ? 2048 : 0;
    case RegType::Predicate: return c >= V2X ? 1 : 0;
    case RegType::Const2:  // c2048 and up: beyond every constant file in scope
    case RegType::Const3:
    case RegType::Const4:
    case RegType::TempFloat16: return 0;
  }
  return 0;
}

std::string register_file_prefix(const Version& v, RegType type) {
  switch (type) {
    case RegType::Temp: return "r";
    case RegType::Input: return "v";
    case RegType::Const:
    case RegType::Const2:
    case RegType::Const3:
    case RegType::Const4: return "c";
    case RegType::Addr: return v.is_vs() ? "a" : "t";
    case RegType::RastOut: return "oRast";
    case RegType::AttrOut: return "oD";
    case RegType::Output: return v.is_vs() && v.major >= 3 ? "o" : "oT";
    case RegType::ConstInt: return "i";
    case RegType::ColorOut: return "oC";
    case RegType::DepthOut: return "oDepth";
    case RegType::Sampler: return "s";
    case RegType::ConstBool: return "b";
    case RegType::Loop: return "aL";
    case RegType::TempFloat16: return "half";
    case RegType::Misc: return "misc";
    case RegType::Label: return "l";
    case RegType::Predicate: return "p";
  }
  return "?";
}

std::string register_name(const Version& v, RegType type, uint16_t number) {
  switch (type) {
    case RegType::RastOut:
      if (number == kRastPosition) return "oPos";
      if (number == kRastFog) return "oFog";
      if (number == kRastPointSize) return "oPts";
      break;
    case RegType::DepthOut:
      if (number == 0) return "oDepth";
      break;
    case RegType::Loop:
      if (number == 0) return "aL";
      break;
    case RegType::Misc:
      if (number == kMiscPosition) return "vPos";
      if (number == kMiscFace) return "vFace";
      if (number == kMiscPrimitiveId) return "vPrimID";
      break;
    case RegType::Const2: return "c" + std::to_string(number + 2048);
    case RegType::Const3: return "c" + std::to_string(number + 4096);
    case RegType::Const4: return "c" + std::to_string(number + 6144);
    default: break;
  }
  return register_file_prefix(v, type) + std::to_string(number);
}

const char* usage_name(uint8_t usage) {
  return usage < std::size(kUsageNames) ? kUsageNames[usage] : nullptr;
}

std::optional<uint8_t> usage_by_name(std::string_view name) {
  for (unsigned i = 0; i < std::size(kUsageNames); ++i)
    if (name == kUsageNames[i]) return static_cast<uint8_t>(i);
  return std::nullopt;
}

const char* texture_type_name(TextureType t) {
  auto i = static_cast<unsigned>(t);
  return i < std::size(kTextureTypeNames) ? kTextureTypeNames[i] : nullptr;
}

std::optional<TextureType> texture_type_by_name(std::string_view name) {
  for (unsigned i = 1; i < std::size(kTextureTypeNames); ++i)
    if (name == kTextureTypeNames[i]) return static_cast<TextureType>(i);
  return std::nullopt;
}

std::string swizzle_suffix(uint8_t swizzle) {
  if (swizzle == kSwizzleIdentity) return "";
  int comp[4];
  for (int i = 0; i < 4; ++i) comp[i] = (swizzle >> (2 * i)) & 3;
  int n = 4;  // drop trailing channels that repeat the one before
  while (n > 1 && comp[n - 1] == comp[n - 2]) --n;
  std::string s = ".";
  for (int i = 0; i < n; ++i) s += "xyzw"[comp[i]];
  return s;
}

std::string mask_suffix(uint8_t mask) {
  if ((mask & 0xF) == 0xF || (mask & 0xF) == 0) return "";
  std::string s = ".";
  for (int i = 0; i < 4; ++i)
    if (mask & (1 << i)) s += "xyzw"[i];
  return s;
}

}  // namespace gfx::d3d9
