// The fxc spellings of the fields that declarations carry, both ways: interpolation
// modes, system values, resource dimensions and return types, sampler modes, geometry
// shader primitives and topologies, global flags. A number with no name is no valid
// D3D10 value, so the decoder rejects it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gfx::d3d10 {

enum class NameSet : uint8_t {
  Interpolation,  // dcl_input_ps*: "linear", "constant", "linear noperspective centroid" ...
  SystemValue,    // "position", "vertex_id", "is_front_face" ...
  ResourceDim,    // "texture2d" (after "dcl_resource_")
  ReturnType,     // "float", "uint" ...
  SamplerMode,    // "mode_default" ...
  Primitive,      // dcl_inputprimitive: "point", "triangle" ...
  Topology,       // dcl_outputtopology: "trianglestrip" ...
  GlobalFlag,     // one bit: "refactoringAllowed" ...
};

// nullptr when `value` has no name in the set.
const char* value_name(NameSet set, uint32_t value);
std::optional<uint32_t> value_by_name(NameSet set, std::string_view name);
const char* set_description(NameSet set);  // "interpolation mode"

}  // namespace gfx::d3d10
