// Well-formedness rules of the D3D10 state-object commands, apart from check.cpp so that
// each file stays one topic. Internal to gfx_trace: check_command calls them.
#pragma once

#include "trace/commands.h"

namespace gfx::trace {

void check_d3d10_state(const CreateRasterizerState& c);    // throws FieldError
void check_d3d10_state(const CreateDepthStencilState& c);  // throws FieldError
void check_d3d10_state(const SetDepthStencilState& c);     // throws FieldError
void check_d3d10_state(const CreateBlendState& c);         // throws FieldError
void check_d3d10_state(const SetBlendState& c);            // throws FieldError
// Buffers and bindings (check_d3d10_bind.cpp).
void check_d3d10_state(const CreateConstantBuffer& c);  // throws FieldError
void check_d3d10_state(const UpdateConstantBuffer& c);  // throws FieldError
void check_d3d10_state(const SetConstantBuffers& c);    // throws FieldError
void check_d3d10_state(const CreateSamplerState& c);    // throws FieldError
void check_d3d10_state(const SetSamplers& c);           // throws FieldError
void check_d3d10_state(const SetShaderResources& c);    // throws FieldError
// Input layouts (check_d3d10_layout.cpp).
void check_d3d10_state(const CreateInputLayout& c);  // throws FieldError
// Views and the output binding (check_d3d10_views.cpp).
void check_d3d10_state(const CreateView& c);             // throws FieldError
void check_d3d10_state(const SetRenderTargets& c);       // throws FieldError
void check_d3d10_state(const ClearRenderTargetView& c);  // throws FieldError
void check_d3d10_state(const ClearDepthStencilView& c);  // throws FieldError

}  // namespace gfx::trace
