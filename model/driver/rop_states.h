// Draw-time checks of the output-merger states the model does not render: a draw that
// uses one fails with a located error naming the state, instead of drawing wrong pixels.
#pragma once

#include <string>

#include "api/state.h"

namespace gfx::driver {

// Throws gfx::Error at `where` for: stencil enabled on a depth format without stencil
// (d24x8, d16); BOTHSRCALPHA/BOTHINVSRCALPHA as a destination blend (D3D9 takes them only
// as the source blend) or as a separate alpha factor.
void check_output_merger_states(const api::RenderStates& rs, api::Format depth_format,
                                const std::string& where);

}  // namespace gfx::driver
