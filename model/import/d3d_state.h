// GL state -> D3D9 fixed-function state, as pure functions (docs/importers.md has the
// table). Unsupported combinations throw UnsupportedError.
#pragma once

#include <map>

#include "api/state.h"
#include "import/gl_state.h"
#include "trace/commands.h"

namespace gfx::import {

// Every render state the importer controls, with its D3D9 value for this GL state
// (floats as bit patterns). Includes `lighting` always: D3D9's default is TRUE.
std::map<api::RenderStateId, uint32_t> d3d_render_states(const GlState& s);

// GL light `index` as a D3D9 light (positions already in eye space = D3D world space).
trace::SetLight d3d_light(const GlLight& l, uint32_t index);

trace::SetMaterial d3d_material(const GlMaterial& m);

// 0xAARRGGBB of a GL colour, clamped to [0, 1] and rounded to the nearest 8-bit step.
uint32_t d3d_color(const Vec4& c);

}  // namespace gfx::import
