// The render states of trace version 1: their D3D9 numbers, YAML names and value types.
// The binary form stores (number, raw D3D9 value) pairs; the YAML form spells each value
// by type (true/false, an enum name, or an integer). apply_render_state() folds one pair
// into api::RenderStates, for consumers such as the command processor.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "api/state.h"
#include "trace/commands.h"

namespace gfx::trace {

enum class RenderStateType : uint8_t {
  Bool,
  CmpFunc,
  Cull,
  ShadeMode,
  Blend,
  BlendOp,
  Mask4,
  Color,           // 0xAARRGGBB, spelt in hex
  Float,           // an IEEE float carried as its bit pattern, spelt as a number
  FogMode,         // D3DFOGMODE name
  MaterialSource,  // D3DMATERIALCOLORSOURCE name
  PatchEdgeStyle,  // D3DPATCHEDGESTYLE name
  Degree,          // D3DDEGREETYPE name
  Byte,            // an integer 0..255 (ALPHAREF)
  StencilOp,       // D3DSTENCILOP name
  UInt,            // any 32-bit integer, spelt in decimal (STENCILREF)
  Mask32,          // any 32-bit mask, spelt in hex (STENCILMASK, STENCILWRITEMASK)
  FillMode,        // D3DFILLMODE name
  Mask6,           // a 6-bit mask spelt in hex (CLIPPLANEENABLE)
};

struct RenderStateInfo {
  api::RenderStateId id;
  const char* name;  // YAML key, e.g. "z_enable"
  RenderStateType type;
};

const RenderStateInfo* find_render_state(uint16_t id);
const RenderStateInfo* find_render_state(std::string_view name);

// Whether a raw value is legal for the state (bools are 0 or 1, so that both forms agree).
bool render_state_value_valid(const RenderStateInfo& rs, uint32_t value);

// The YAML spelling of a valid value, and back (std::nullopt when it does not parse).
std::string render_state_value_text(const RenderStateInfo& rs, uint32_t value);
std::optional<uint32_t> parse_render_state_value(const RenderStateInfo& rs, std::string_view text);

// What the value of a state may be, for error messages ("true or false", "a cmp_func name").
std::string render_state_expectation(const RenderStateInfo& rs);

// Sets the field of `states` the pair names. The pair must be valid (check_command).
void apply_render_state(api::RenderStates& states, const RenderStateValue& v);

}  // namespace gfx::trace
