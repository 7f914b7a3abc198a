// D3D10 state objects onto the device's state: the rasterizer and depth-stencil objects
// become the RenderStates fields that D3D9's render states also write (each command
// writes the state it names; the last writer wins). Plain functions, so the mapping is
// testable without a device.
//
// Leaves out: multisampling (MSAA rasterization, alpha to coverage, sample masks),
// colour targets 4..7 and antialiased lines (a draw with such a state bound fails,
// naming the field), and a depth bias clamp together with a slope-scaled bias (the slope
// is per triangle, so the clamp would belong to setup; refused at the draw).
#pragma once

#include <string>
#include <vector>

#include "api/d3d10_states.h"
#include "api/state.h"

namespace gfx::driver {

// The D3D9 cull mode (which screen winding is culled) of a D3D10 cull mode and winding:
// by default clockwise triangles are front faces, so culling back faces culls ccw ones.
api::Cull d3d10_cull(api::D3D10Cull cull, bool front_counter_clockwise);

// The depth-unit size of one D3D10 integer depth bias step: 2^-24 for the 24-bit depth
// formats, 2^-16 for D16.
float depth_bias_unit(api::Format depth_format);

// Writes the rasterizer state's fill, cull, depth bias, depth clip and scissor enable.
// A non-zero depth_bias_clamp without a slope-scaled bias clamps the constant bias here.
// depth_clip_enable FALSE turns D3D9's CLIPPING off: no near/far clipping, depth clamped
// to the viewport's range at the ROP, as D3D10 defines it (the model's D3D9 user planes,
// which D3D10 lacks, go off with it).
void apply_rasterizer_state(const api::RasterizerDesc& d, api::Format depth_format,
                            api::RenderStates& rs);

// Writes depth enable, write and func, and the two-sided stencil (D3D10 always uses both
// faces): the front face takes the winding the rasterizer state calls front, the
// clockwise D3D9 stencil fields when front_counter_clockwise is 0, the ccw_* ones otherwise.
void apply_depth_stencil_state(const api::DepthStencilDesc& d, uint32_t stencil_ref,
                               bool front_counter_clockwise, api::RenderStates& rs);

// The stencil faces alone (the part of the object that depends on the winding): a new
// rasterizer state with another winding re-assigns the bound object's faces.
void assign_stencil_faces(const api::DepthStencilDesc& d, bool front_counter_clockwise,
                          api::RenderStates& rs);

// Throws gfx::Error at `where` naming the first field of `d` the model cannot honour.
void check_rasterizer_state_modelled(const api::RasterizerDesc& d, const std::string& where);

// Writes the blend state: one set of factors and ops (alpha always separate, as D3D10
// blends it), each of targets 0..3's blend enable and write mask, and the blend factor
// (float RGBA). The device keeps the factor as D3DRS_BLENDFACTOR's 8-bit 0xAARRGGBB, so a
// component that is not a whole multiple of 1/255 fails at `where`.
void apply_blend_state(const api::BlendDesc& d, const std::vector<float>& blend_factor,
                       api::RenderStates& rs, const std::string& where);

}  // namespace gfx::driver
