// Render-state table of trace version 1 and the conversions of its values.
#include "trace/render_states.h"

#include <array>
#include <cmath>
#include <cstring>

#include "trace/text_format.h"

namespace gfx::trace {
namespace {

using api::RenderStateId;

constexpr std::array<RenderStateInfo, 79> kStates = {{
    {RenderStateId::ZEnable, "z_enable", RenderStateType::Bool},
    {RenderStateId::ZFunc, "z_func", RenderStateType::CmpFunc},
    {RenderStateId::ZWriteEnable, "z_write", RenderStateType::Bool},
    {RenderStateId::CullMode, "cull_mode", RenderStateType::Cull},
    {RenderStateId::ShadeMode, "shade_mode", RenderStateType::ShadeMode},
    {RenderStateId::ColorWriteEnable, "color_write_mask", RenderStateType::Mask4},
    {RenderStateId::AlphaBlendEnable, "blend_enable", RenderStateType::Bool},
    {RenderStateId::SrcBlend, "src_blend", RenderStateType::Blend},
    {RenderStateId::DestBlend, "dest_blend", RenderStateType::Blend},
    {RenderStateId::BlendOp, "blend_op", RenderStateType::BlendOp},
    {RenderStateId::ScissorTestEnable, "scissor_enable", RenderStateType::Bool},
    {RenderStateId::FogEnable, "fog_enable", RenderStateType::Bool},
    {RenderStateId::SpecularEnable, "specular_enable", RenderStateType::Bool},
    {RenderStateId::FogColor, "fog_color", RenderStateType::Color},
    {RenderStateId::FogStart, "fog_start", RenderStateType::Float},
    {RenderStateId::FogEnd, "fog_end", RenderStateType::Float},
    {RenderStateId::FogDensity, "fog_density", RenderStateType::Float},
    {RenderStateId::TextureFactor, "texture_factor", RenderStateType::Color},
    {RenderStateId::Lighting, "lighting", RenderStateType::Bool},
    {RenderStateId::Ambient, "ambient", RenderStateType::Color},
    {RenderStateId::FogVertexMode, "fog_vertex_mode", RenderStateType::FogMode},
    {RenderStateId::ColorVertex, "color_vertex", RenderStateType::Bool},
    {RenderStateId::LocalViewer, "local_viewer", RenderStateType::Bool},
    {RenderStateId::NormalizeNormals, "normalize_normals", RenderStateType::Bool},
    {RenderStateId::DiffuseMaterialSource, "diffuse_material_source",
     RenderStateType::MaterialSource},
    {RenderStateId::SpecularMaterialSource, "specular_material_source",
     RenderStateType::MaterialSource},
    {RenderStateId::AmbientMaterialSource, "ambient_material_source",
     RenderStateType::MaterialSource},
    {RenderStateId::EmissiveMaterialSource, "emissive_material_source",
     RenderStateType::MaterialSource},
    {RenderStateId::PatchEdgeStyle, "patch_edge_style", RenderStateType::PatchEdgeStyle},
    {RenderStateId::PositionDegree, "position_degree", RenderStateType::Degree},
    {RenderStateId::NormalDegree, "normal_degree", RenderStateType::Degree},
    {RenderStateId::MinTessellationLevel, "min_tessellation_level", RenderStateType::Float},
    {RenderStateId::MaxTessellationLevel, "max_tessellation_level", RenderStateType::Float},
    {RenderStateId::AdaptiveTessX, "adaptive_tess_x", RenderStateType::Float},
    {RenderStateId::AdaptiveTessY, "adaptive_tess_y", RenderStateType::Float},
    {RenderStateId::AdaptiveTessZ, "adaptive_tess_z", RenderStateType::Float},
    {RenderStateId::AdaptiveTessW, "adaptive_tess_w", RenderStateType::Float},
    {RenderStateId::EnableAdaptiveTessellation, "enable_adaptive_tessellation",
     RenderStateType::Bool},
    {RenderStateId::FogTableMode, "fog_table_mode", RenderStateType::FogMode},
    {RenderStateId::AlphaTestEnable, "alpha_test_enable", RenderStateType::Bool},
    {RenderStateId::AlphaFunc, "alpha_func", RenderStateType::CmpFunc},
    {RenderStateId::AlphaRef, "alpha_ref", RenderStateType::Byte},
    {RenderStateId::StencilEnable, "stencil_enable", RenderStateType::Bool},
    {RenderStateId::StencilFail, "stencil_fail", RenderStateType::StencilOp},
    {RenderStateId::StencilZFail, "stencil_zfail", RenderStateType::StencilOp},
    {RenderStateId::StencilPass, "stencil_pass", RenderStateType::StencilOp},
    {RenderStateId::StencilFunc, "stencil_func", RenderStateType::CmpFunc},
    {RenderStateId::StencilRef, "stencil_ref", RenderStateType::UInt},
    {RenderStateId::StencilMask, "stencil_mask", RenderStateType::Mask32},
    {RenderStateId::StencilWriteMask, "stencil_write_mask", RenderStateType::Mask32},
    {RenderStateId::TwoSidedStencilMode, "two_sided_stencil", RenderStateType::Bool},
    {RenderStateId::CcwStencilFail, "ccw_stencil_fail", RenderStateType::StencilOp},
    {RenderStateId::CcwStencilZFail, "ccw_stencil_zfail", RenderStateType::StencilOp},
    {RenderStateId::CcwStencilPass, "ccw_stencil_pass", RenderStateType::StencilOp},
    {RenderStateId::CcwStencilFunc, "ccw_stencil_func", RenderStateType::CmpFunc},
    {RenderStateId::ColorWriteEnable1, "color_write_mask1", RenderStateType::Mask4},
    {RenderStateId::ColorWriteEnable2, "color_write_mask2", RenderStateType::Mask4},
    {RenderStateId::ColorWriteEnable3, "color_write_mask3", RenderStateType::Mask4},
    {RenderStateId::BlendFactor, "blend_factor", RenderStateType::Color},
    {RenderStateId::SeparateAlphaBlendEnable, "separate_alpha_blend", RenderStateType::Bool},
    {RenderStateId::SrcBlendAlpha, "src_blend_alpha", RenderStateType::Blend},
    {RenderStateId::DestBlendAlpha, "dest_blend_alpha", RenderStateType::Blend},
    {RenderStateId::BlendOpAlpha, "blend_op_alpha", RenderStateType::BlendOp},
    {RenderStateId::MultisampleAntialias, "multisample_antialias", RenderStateType::Bool},
    {RenderStateId::MultisampleMask, "multisample_mask", RenderStateType::Mask32},
    // Geometry and rasterizer states.
    {RenderStateId::FillMode, "fill_mode", RenderStateType::FillMode},
    {RenderStateId::RangeFogEnable, "range_fog_enable", RenderStateType::Bool},
    {RenderStateId::Clipping, "clipping", RenderStateType::Bool},
    {RenderStateId::ClipPlaneEnable, "clip_plane_enable", RenderStateType::Mask6},
    {RenderStateId::PointSize, "point_size", RenderStateType::Float},
    {RenderStateId::PointSizeMin, "point_size_min", RenderStateType::Float},
    {RenderStateId::PointSpriteEnable, "point_sprite_enable", RenderStateType::Bool},
    {RenderStateId::PointScaleEnable, "point_scale_enable", RenderStateType::Bool},
    {RenderStateId::PointScaleA, "point_scale_a", RenderStateType::Float},
    {RenderStateId::PointScaleB, "point_scale_b", RenderStateType::Float},
    {RenderStateId::PointScaleC, "point_scale_c", RenderStateType::Float},
    {RenderStateId::PointSizeMax, "point_size_max", RenderStateType::Float},
    {RenderStateId::SlopeScaleDepthBias, "slope_scale_depth_bias", RenderStateType::Float},
    {RenderStateId::DepthBias, "depth_bias", RenderStateType::Float},
}};

float bits_to_float(uint32_t v) {
  float f;
  std::memcpy(&f, &v, sizeof f);
  return f;
}

uint32_t float_to_bits(float f) {
  uint32_t v;
  std::memcpy(&v, &f, sizeof v);
  return v;
}

// Calls f with a value of the enum type the state holds (a tag; only its type matters).
template <typename F> auto with_enum_type(RenderStateType t, F&& f) {
  switch (t) {
    case RenderStateType::CmpFunc: return f(api::CmpFunc{});
    case RenderStateType::Cull: return f(api::Cull{});
    case RenderStateType::ShadeMode: return f(api::ShadeMode{});
    case RenderStateType::Blend: return f(api::Blend{});
    case RenderStateType::FogMode: return f(api::FogMode{});
    case RenderStateType::MaterialSource: return f(api::MaterialSource{});
    case RenderStateType::PatchEdgeStyle: return f(api::PatchEdgeStyle{});
    case RenderStateType::Degree: return f(api::Degree{});
    case RenderStateType::StencilOp: return f(api::StencilOp{});
    case RenderStateType::FillMode: return f(api::FillMode{});
    default: return f(api::BlendOp{});
  }
}

}  // namespace

const RenderStateInfo* find_render_state(uint16_t id) {
  for (const auto& s : kStates)
    if (static_cast<uint16_t>(s.id) == id) return &s;
  return nullptr;
}

const RenderStateInfo* find_render_state(std::string_view name) {
  for (const auto& s : kStates)
    if (name == s.name) return &s;
  return nullptr;
}

bool render_state_value_valid(const RenderStateInfo& rs, uint32_t value) {
  switch (rs.type) {
    case RenderStateType::Bool: return value <= 1;
    case RenderStateType::Mask4: return value <= 0xF;
    case RenderStateType::Mask6: return value <= 0x3F;
    case RenderStateType::Byte: return value <= 0xFF;
    case RenderStateType::Color:
    case RenderStateType::UInt:
    case RenderStateType::Mask32: return true;
    case RenderStateType::Float: return std::isfinite(bits_to_float(value));
    default:
      return with_enum_type(rs.type, [&](auto e) { return api::is_valid<decltype(e)>(value); });
  }
}

std::string render_state_value_text(const RenderStateInfo& rs, uint32_t value) {
  switch (rs.type) {
    case RenderStateType::Bool: return value ? "true" : "false";
    case RenderStateType::Mask4: return format_hex(value, 1);
    case RenderStateType::Mask6: return format_hex(value, 2);
    case RenderStateType::Byte: return std::to_string(value);
    case RenderStateType::Color: return format_hex(value, 8);
    case RenderStateType::UInt: return std::to_string(value);
    case RenderStateType::Mask32: return format_hex(value, 8);
    case RenderStateType::Float: return format_float(bits_to_float(value));
    default:
      return with_enum_type(rs.type, [&](auto e) {
        return std::string(api::to_name(static_cast<decltype(e)>(value)));
      });
  }
}

std::optional<uint32_t> parse_render_state_value(const RenderStateInfo& rs, std::string_view text) {
  switch (rs.type) {
    case RenderStateType::Bool:
      if (text == "true") return 1u;
      if (text == "false") return 0u;
      return std::nullopt;
    case RenderStateType::Mask4: {
      auto v = parse_uint(text, 0xF);
      return v;
    }
    case RenderStateType::Mask6: return parse_uint(text, 0x3F);
    case RenderStateType::Byte: {
      auto v = parse_uint(text, 0xFF);
      if (!v) return std::nullopt;
      return uint32_t(*v);
    }
    case RenderStateType::Color:
    case RenderStateType::UInt:
    case RenderStateType::Mask32: {
      auto v = parse_uint(text, 0xFFFFFFFFu);
      if (!v) return std::nullopt;
      return uint32_t(*v);
    }
    case RenderStateType::Float: {
      auto f = parse_float(text);
      if (!f || !std::isfinite(*f)) return std::nullopt;
      return float_to_bits(*f);
    }
    default:
      return with_enum_type(rs.type, [&](auto e) -> std::optional<uint32_t> {
        auto v = api::from_name<decltype(e)>(text);
        if (!v) return std::nullopt;
        return static_cast<uint32_t>(*v);
      });
  }
}

std::string render_state_expectation(const RenderStateInfo& rs) {
  switch (rs.type) {
    case RenderStateType::Bool: return "true or false";
    case RenderStateType::Mask4: return "a colour write mask 0..15 (bit 0 red ... bit 3 alpha)";
    case RenderStateType::Mask6: return "a clip plane mask 0..63 (bit i enables plane i)";
    case RenderStateType::Byte: return "an integer 0..255";
    case RenderStateType::Color: return "a colour 0xAARRGGBB";
    case RenderStateType::UInt: return "an integer 0..4294967295";
    case RenderStateType::Mask32: return "a 32-bit mask 0x0..0xFFFFFFFF";
    case RenderStateType::Float: return "a finite number";
    default:
      return with_enum_type(rs.type, [&](auto e) { return enum_expectation<decltype(e)>(); });
  }
}

void apply_render_state(api::RenderStates& s, const RenderStateValue& v) {
  switch (v.id) {
    case RenderStateId::ZEnable: s.z_enable = v.value != 0; break;
    case RenderStateId::ZFunc: s.z_func = static_cast<api::CmpFunc>(v.value); break;
    case RenderStateId::ZWriteEnable: s.z_write = v.value != 0; break;
    case RenderStateId::CullMode: s.cull_mode = static_cast<api::Cull>(v.value); break;
    case RenderStateId::ShadeMode: s.shade_mode = static_cast<api::ShadeMode>(v.value); break;
    case RenderStateId::ColorWriteEnable: s.color_write_mask = v.value & 0xF; break;
    case RenderStateId::AlphaBlendEnable: s.blend_enable = v.value != 0; break;
    case RenderStateId::SrcBlend: s.src_blend = static_cast<api::Blend>(v.value); break;
    case RenderStateId::DestBlend: s.dest_blend = static_cast<api::Blend>(v.value); break;
    case RenderStateId::BlendOp: s.blend_op = static_cast<api::BlendOp>(v.value); break;
    case RenderStateId::ScissorTestEnable: s.scissor_enable = v.value != 0; break;
    case RenderStateId::FogEnable: s.fog_enable = v.value != 0; break;
    case RenderStateId::SpecularEnable: s.specular_enable = v.value != 0; break;
    case RenderStateId::FogColor: s.fog_color = v.value; break;
    case RenderStateId::FogStart: s.fog_start = bits_to_float(v.value); break;
    case RenderStateId::FogEnd: s.fog_end = bits_to_float(v.value); break;
    case RenderStateId::FogDensity: s.fog_density = bits_to_float(v.value); break;
    case RenderStateId::TextureFactor: s.texture_factor = v.value; break;
    case RenderStateId::Lighting: s.lighting = v.value != 0; break;
    case RenderStateId::Ambient: s.ambient = v.value; break;
    case RenderStateId::FogVertexMode: s.fog_vertex_mode = api::FogMode(v.value); break;
    case RenderStateId::FogTableMode: s.fog_table_mode = api::FogMode(v.value); break;
    case RenderStateId::AlphaTestEnable: s.alpha_test_enable = v.value != 0; break;
    case RenderStateId::AlphaFunc: s.alpha_func = api::CmpFunc(v.value); break;
    case RenderStateId::AlphaRef: s.alpha_ref = uint8_t(v.value); break;
    case RenderStateId::StencilEnable: s.stencil_enable = v.value != 0; break;
    case RenderStateId::StencilFail: s.stencil_fail = api::StencilOp(v.value); break;
    case RenderStateId::StencilZFail: s.stencil_zfail = api::StencilOp(v.value); break;
    case RenderStateId::StencilPass: s.stencil_pass = api::StencilOp(v.value); break;
    case RenderStateId::StencilFunc: s.stencil_func = api::CmpFunc(v.value); break;
    case RenderStateId::StencilRef: s.stencil_ref = v.value; break;
    case RenderStateId::StencilMask: s.stencil_mask = v.value; break;
    case RenderStateId::StencilWriteMask: s.stencil_write_mask = v.value; break;
    case RenderStateId::TwoSidedStencilMode: s.two_sided_stencil = v.value != 0; break;
    case RenderStateId::CcwStencilFail: s.ccw_stencil_fail = api::StencilOp(v.value); break;
    case RenderStateId::CcwStencilZFail: s.ccw_stencil_zfail = api::StencilOp(v.value); break;
    case RenderStateId::CcwStencilPass: s.ccw_stencil_pass = api::StencilOp(v.value); break;
    case RenderStateId::CcwStencilFunc: s.ccw_stencil_func = api::CmpFunc(v.value); break;
    case RenderStateId::ColorWriteEnable1: s.color_write_mask_rt[0] = v.value & 0xF; break;
    case RenderStateId::ColorWriteEnable2: s.color_write_mask_rt[1] = v.value & 0xF; break;
    case RenderStateId::ColorWriteEnable3: s.color_write_mask_rt[2] = v.value & 0xF; break;
    case RenderStateId::BlendFactor: s.blend_factor = v.value; break;
    case RenderStateId::SeparateAlphaBlendEnable: s.separate_alpha_blend = v.value != 0; break;
    case RenderStateId::SrcBlendAlpha: s.src_blend_alpha = api::Blend(v.value); break;
    case RenderStateId::DestBlendAlpha: s.dest_blend_alpha = api::Blend(v.value); break;
    case RenderStateId::BlendOpAlpha: s.blend_op_alpha = api::BlendOp(v.value); break;
    case RenderStateId::MultisampleAntialias: s.multisample_antialias = v.value != 0; break;
    case RenderStateId::MultisampleMask: s.multisample_mask = v.value; break;
    case RenderStateId::ColorVertex: s.color_vertex = v.value != 0; break;
    case RenderStateId::LocalViewer: s.local_viewer = v.value != 0; break;
    case RenderStateId::NormalizeNormals: s.normalize_normals = v.value != 0; break;
    case RenderStateId::DiffuseMaterialSource:
      s.diffuse_source = api::MaterialSource(v.value);
      break;
    case RenderStateId::SpecularMaterialSource:
      s.specular_source = api::MaterialSource(v.value);
      break;
    case RenderStateId::AmbientMaterialSource:
      s.ambient_source = api::MaterialSource(v.value);
      break;
    case RenderStateId::EmissiveMaterialSource:
      s.emissive_source = api::MaterialSource(v.value);
      break;
    case RenderStateId::PatchEdgeStyle: s.patch_edge_style = api::PatchEdgeStyle(v.value); break;
    case RenderStateId::PositionDegree: s.position_degree = api::Degree(v.value); break;
    case RenderStateId::NormalDegree: s.normal_degree = api::Degree(v.value); break;
    case RenderStateId::MinTessellationLevel: s.min_tess_level = bits_to_float(v.value); break;
    case RenderStateId::MaxTessellationLevel: s.max_tess_level = bits_to_float(v.value); break;
    case RenderStateId::AdaptiveTessX: s.adaptive_tess[0] = bits_to_float(v.value); break;
    case RenderStateId::AdaptiveTessY: s.adaptive_tess[1] = bits_to_float(v.value); break;
    case RenderStateId::AdaptiveTessZ: s.adaptive_tess[2] = bits_to_float(v.value); break;
    case RenderStateId::AdaptiveTessW: s.adaptive_tess[3] = bits_to_float(v.value); break;
    case RenderStateId::EnableAdaptiveTessellation: s.adaptive_tess_enable = v.value != 0; break;
    case RenderStateId::FillMode: s.fill_mode = api::FillMode(v.value); break;
    case RenderStateId::RangeFogEnable: s.range_fog_enable = v.value != 0; break;
    case RenderStateId::Clipping: s.clipping = v.value != 0; break;
    case RenderStateId::ClipPlaneEnable: s.clip_plane_enable = uint8_t(v.value); break;
    case RenderStateId::PointSize: s.point_size = bits_to_float(v.value); break;
    case RenderStateId::PointSizeMin: s.point_size_min = bits_to_float(v.value); break;
    case RenderStateId::PointSpriteEnable: s.point_sprite_enable = v.value != 0; break;
    case RenderStateId::PointScaleEnable: s.point_scale_enable = v.value != 0; break;
    case RenderStateId::PointScaleA: s.point_scale_a = bits_to_float(v.value); break;
    case RenderStateId::PointScaleB: s.point_scale_b = bits_to_float(v.value); break;
    case RenderStateId::PointScaleC: s.point_scale_c = bits_to_float(v.value); break;
    case RenderStateId::PointSizeMax: s.point_size_max = bits_to_float(v.value); break;
    case RenderStateId::SlopeScaleDepthBias:
      s.slope_scale_depth_bias = bits_to_float(v.value);
      break;
    case RenderStateId::DepthBias: s.depth_bias = bits_to_float(v.value); break;
  }
}

}  // namespace gfx::trace
