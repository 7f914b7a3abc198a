// CreateInputLayout's match of a D3D10 input layout against the input signature (ISGN) of
// the vertex shader it is created with: every input the shader reads that is not a
// system value the input assembler generates (SV_VertexID, SV_InstanceID) must be given by
// an element of the same semantic name (compared without regard to case) and index.
//
// Models: the error D3D10 raises for a missing element. A format whose number class differs
// from the signature's component type (an R32G32_SINT element feeding a float input), and
// a format with fewer components than the shader reads, are not errors in D3D10 (its
// debug layer warns at most): the bits arrive as the format converts them, missing
// components as (0, 0, 0, 1). Shared by the driver and `gfxsim-trace validate`.
#pragma once

#include <string>

#include "api/input_layout.h"
#include "d3d10/shader.h"

namespace gfx::d3d10 {

// Throws gfx::Error "<shader_label> reads <SEMANTIC><index> (v<reg>), which no element of the
// input layout gives" for the first signature input without an element.
void check_input_signature(const api::InputLayout& layout, const Shader& vertex_shader,
                           const std::string& shader_label);

}  // namespace gfx::d3d10
