// Register files per shader version (how many of each exist), their asm names, and the
// names of dcl usages, sampler texture types, swizzles and write masks.
//
// The counts are the D3D9 asm reference's register tables; where a count is a device cap
// (r# in 2_x, c# in vertex shaders) gfxsim takes the largest value the cap may have.
// docs/shader-asm.md lists the table.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "d3d9/shader.h"

namespace gfx::d3d9 {

// Registers of this type in this version: r0..r(n-1). 0 when the version has none.
// `extensions` adds the gfxsim PrimitiveID misc register (vPrimID) to ps_3_0.
int register_count(const Version& v, RegType type, bool extensions = true);

// Asm name: "r3", "c[", "oPos", "oT2" (vs < 3.0) / "o2" (vs_3_0), "vFace", "aL", "p0".
std::string register_name(const Version& v, RegType type, uint16_t number);
// The name of the register file without a number, for c[a0.x + 3]: "c", "v", "o".
std::string register_file_prefix(const Version& v, RegType type);

// Usage names as dcl suffixes: "position", "texcoord", ..., "vertexid", "instanceid".
const char* usage_name(uint8_t usage);  // nullptr for unknown values
std::optional<uint8_t> usage_by_name(std::string_view name);

const char* texture_type_name(TextureType t);  // "2d", "cube", ...; nullptr for Unknown
std::optional<TextureType> texture_type_by_name(std::string_view name);

// ".xyzw" suffixes. Swizzles drop trailing repeats (.xyyy prints as .xy, identity as "");
// the assembler repeats the last named channel, so both directions agree.
std::string swizzle_suffix(uint8_t swizzle);
std::string mask_suffix(uint8_t mask);  // "" for the full mask

}  // namespace gfx::d3d9
