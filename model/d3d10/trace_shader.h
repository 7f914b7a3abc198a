// A trace's D3D10 shader (create_shader formats dxbc and sm4_asm, api/state.h) -> the
// checked Shader the driver translates: one step shared by the replay (driver/shaders.cpp)
// and `gfxsim-trace validate`, so both refuse the same shaders with the same words.
//
// dxbc: the container bytes, read with the checksum checked, decoded and validated
// (container.h). sm4_asm: the text is assembled (assembler.h), wrapped in a container with
// derived signatures (encode.h: inputs ATTRIB<n>, outputs TEXCOORD<n> / SV_Target<n>) and
// read back the same way. Then the stage: vs_4_0 / vs_4_1 for a vertex shader, ps_4_x for a
// pixel one; a gs_4_x is refused ("geometry shaders are not modelled yet").
// Errors are gfx::Error "<label>: <chunk> dword <n>: <problem>" (errors.h), or
// "<label>:<line>:<column>: <problem>" for asm text, or "<label>: <problem>" for the stage.
#pragma once

#include <string>

#include "api/state.h"
#include "d3d10/shader.h"

namespace gfx::d3d10 {

// Whether `format` is one of the D3D10 shader formats this file reads.
bool is_d3d10_format(api::ShaderFormat format);

// The label both callers give shader `id`: "vertex shader 10", "pixel shader 11".
std::string trace_shader_label(api::ShaderStage stage, uint32_t id);

// `label` names the shader in errors, e.g. "vertex shader 10".
Shader load_trace_shader(const api::Shader& source, const std::string& label);

}  // namespace gfx::d3d10
