// What a D3D10 draw adds to the pixel stage in the driver layer: the NULL pixel shader,
// the register-by-register linkage of the vertex outputs to the pixel inputs, and the
// varyings the rasterizer takes from the leading vertex (constant interpolation).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "func/shader/isa.h"

namespace gfx::driver {

// set_pixel_shader 0 on a D3D10 draw whose vertex shader is SM4: no pixel shader, so no
// colour is written while depth and stencil still test and write. D3D9 draws, and D3D10
// draws on a D3D9-era or fixed-function vertex stage (which the bundled traces use), take
// the fixed-function pixel program instead.
// An empty program: its quads still pass through the shader cores in the timing model.
std::shared_ptr<const func::Program> null_pixel_program();

// D3D10 links vs o# to ps v# by register (this model does too: both become Varying::Attr#)
// and requires the signatures to agree there. Throws gfx::Error (prefixed by `where`) for a
// pixel input whose register the vertex shader does not write with the same semantic name
// and index. Only a pair of SM4 programs (Program::sm4) is checked.
void check_d3d10_linkage(const func::Program& vs, const func::Program& ps,
                         const std::string& where);

// Varyings (bit v = Varying v) that `ps` reads with constant interpolation.
uint32_t constant_varyings(const func::Program& ps);

}  // namespace gfx::driver
