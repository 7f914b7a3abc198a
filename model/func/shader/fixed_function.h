// The driver's translation of D3D9 fixed-function state into ISA programs, as real hardware
// (and ATTILA) runs the fixed-function pipeline on the shader cores. The current subset:
//   vertex: transform by World*View*Projection, diffuse colour (COLOR0 or opaque white),
//           TEXCOORD0..7 passed through;
//   pixel:  stage 0 D3DTOP_MODULATE of diffuse and texture 0 (the default stage state), or
//           the diffuse colour when no texture is bound.
// Left out for now: lighting and materials, specular, fog, texgen and texture transforms,
// vertex blending, point size, pre-transformed (POSITIONT) vertices and the other texture
// stage operations. The generators take the state they need as arguments so those can be
// added as more parameters without changing how programs are built.
//
// Vertex constant layout (the driver's own, not visible to applications):
//   c0..c3  the combined matrix, written by ff_transform_constants()
//   c4      (1, 1, 1, 1), defined by the program itself (Program::literal_constants)
#pragma once

#include <cstdint>

#include "api/state.h"
#include "func/shader/isa.h"

namespace gfx::func {

constexpr uint16_t kFfTransformConst = 0;  // c0..c3
constexpr uint16_t kFfOneConst = 4;        // literal (1, 1, 1, 1)
constexpr int kFfNumVsConsts = 5;          // c0..c4 are in use

// o0 = position * WVP, COLOR0 (or white) -> Varying::Color0, TEXCOORDn -> Varying::TexCoordn.
// Throws gfx::Error when the declaration has no POSITION0 or uses POSITIONT.
Program make_ff_vertex_program(const api::VertexDeclaration& decl);

// Colour output o0 = diffuse * texture(s0, texcoord0) or = diffuse.
Program make_ff_pixel_program(bool texture0_bound);

// The four constants of the vertex program: c_i is column i of M = world * view * proj
// (row-vector convention, clip = v * M), so that o0.x = dp4(v, c0) ... o0.w = dp4(v, c3).
void ff_transform_constants(const api::Matrix4& world, const api::Matrix4& view,
                            const api::Matrix4& proj, Vec4 out[4]);

}  // namespace gfx::func
