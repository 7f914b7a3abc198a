// D3D10's immutable state objects as an application creates them (D3D10_RASTERIZER_DESC,
// D3D10_DEPTH_STENCIL_DESC, D3D10_BLEND_DESC), with D3D10's defaults (the values a D3D10 device
// starts with, and those an omitted trace field takes). BOOL members are 0/1 numbers, as the trace
// stores every flag. The enums share D3D9's numbers where D3D10 kept them (comparison, stencil op,
// fill mode); the driver maps the objects onto RenderStates.
#pragma once

#include <cstdint>
#include <vector>

#include "api/enums.h"

namespace gfx::api {

struct RasterizerDesc {
  FillMode fill_mode = FillMode::Solid;  // wireframe or solid (D3D10 has no point fill)
  D3D10Cull cull_mode = D3D10Cull::Back;
  uint32_t front_counter_clockwise = 0;
  // In units of the depth format's minimum resolvable difference (2^-24 for 24-bit
  // unorm, 2^-16 for D16): the driver scales it to depth units.
  int32_t depth_bias = 0;
  float depth_bias_clamp = 0.0f;  // 0 = no clamp
  float slope_scaled_depth_bias = 0.0f;
  uint32_t depth_clip_enable = 1;
  uint32_t scissor_enable = 0;
  uint32_t multisample_enable = 0;
  uint32_t antialiased_line_enable = 0;
};

// D3D10_DEPTH_STENCILOP_DESC: the stencil ops and compare of one face.
struct StencilFaceDesc {
  StencilOp fail_op = StencilOp::Keep;
  StencilOp depth_fail_op = StencilOp::Keep;
  StencilOp pass_op = StencilOp::Keep;
  CmpFunc func = CmpFunc::Always;
};

struct DepthStencilDesc {
  uint32_t depth_enable = 1;
  DepthWriteMask depth_write_mask = DepthWriteMask::All;
  CmpFunc depth_func = CmpFunc::Less;
  uint32_t stencil_enable = 0;
  uint8_t stencil_read_mask = 0xFF;
  uint8_t stencil_write_mask = 0xFF;
  StencilFaceDesc front_face, back_face;
};

// D3D10_BLEND_DESC: one set of factors and ops for every target, enabled per target.
// The per-target lists hold one number per target from target 0 (the trace's lists of
// numbers, as set_shader_constants_bool keeps its booleans); targets past a list's end take
// D3D10's defaults (blending off, write mask 0xF = D3D10_COLOR_WRITE_ENABLE_ALL).
struct BlendDesc {
  uint32_t alpha_to_coverage_enable = 0;
  std::vector<float> blend_enable;  // 0 or 1 per target
  Blend src_blend = Blend::One;
  Blend dest_blend = Blend::Zero;
  BlendOp blend_op = BlendOp::Add;
  Blend src_blend_alpha = Blend::One;
  Blend dest_blend_alpha = Blend::Zero;
  BlendOp blend_op_alpha = BlendOp::Add;
  std::vector<float> render_target_write_mask;  // 0..15 per target (bit 0 red .. 3 alpha)
};
constexpr unsigned kD3D10BlendTargets = 8;  // D3D10_SIMULTANEOUS_RENDER_TARGET_COUNT

// D3D10_SAMPLER_DESC with D3D10's defaults (trilinear, clamp, white border, no LOD clamp).
// The address modes share D3D9's numbers; the border colour is RGBA floats.
struct SamplerDesc {
  D3D10Filter filter = D3D10Filter::MinMagMipLinear;
  Address address_u = Address::Clamp;
  Address address_v = Address::Clamp;
  Address address_w = Address::Clamp;
  float mip_lod_bias = 0.0f;
  uint32_t max_anisotropy = 1;
  CmpFunc comparison_func = CmpFunc::Never;
  std::vector<float> border_color{1, 1, 1, 1};
  float min_lod = -3.402823466e+38f;  // -FLT_MAX
  float max_lod = 3.402823466e+38f;   // FLT_MAX
};
constexpr unsigned kD3D10SamplerSlots = 16;    // D3D10_COMMONSHADER_SAMPLER_SLOT_COUNT
constexpr unsigned kD3D10ResourceSlots = 128;  // D3D10_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT

}  // namespace gfx::api
