// Name tables for the API enumerations: one table per enum drives to_name, from_name
// and is_valid, so a value and its spelling are written exactly once.
#include "api/enums.h"

#include <utility>

namespace gfx::api {
namespace {

template <typename E> struct Entry {
  E value;
  std::string_view name;
};

template <typename E> struct Names;

#define GFX_NAMES(E, ...) \
  template <> struct Names<E> { static constexpr Entry<E> table[] = {__VA_ARGS__}; };

GFX_NAMES(Topology, {Topology::PointList, "point_list"}, {Topology::LineList, "line_list"},
          {Topology::LineStrip, "line_strip"}, {Topology::TriangleList, "triangle_list"},
          {Topology::TriangleStrip, "triangle_strip"}, {Topology::TriangleFan, "triangle_fan"},
          {Topology::LineListAdj, "line_list_adj"}, {Topology::LineStripAdj, "line_strip_adj"},
          {Topology::TriangleListAdj, "triangle_list_adj"},
          {Topology::TriangleStripAdj, "triangle_strip_adj"})

GFX_NAMES(DeclType, {DeclType::Float1, "float1"}, {DeclType::Float2, "float2"},
          {DeclType::Float3, "float3"}, {DeclType::Float4, "float4"},
          {DeclType::D3DColor, "d3dcolor"}, {DeclType::UByte4, "ubyte4"},
          {DeclType::Short2, "short2"}, {DeclType::Short4, "short4"},
          {DeclType::UByte4N, "ubyte4n"}, {DeclType::Short2N, "short2n"},
          {DeclType::Short4N, "short4n"}, {DeclType::UShort2N, "ushort2n"},
          {DeclType::UShort4N, "ushort4n"}, {DeclType::UDec3, "udec3"}, {DeclType::Dec3N, "dec3n"},
          {DeclType::Float16_2, "float16_2"}, {DeclType::Float16_4, "float16_4"},
          {DeclType::Unused, "unused"})

GFX_NAMES(DeclUsage, {DeclUsage::Position, "position"}, {DeclUsage::BlendWeight, "blendweight"},
          {DeclUsage::BlendIndices, "blendindices"}, {DeclUsage::Normal, "normal"},
          {DeclUsage::PSize, "psize"}, {DeclUsage::TexCoord, "texcoord"},
          {DeclUsage::Tangent, "tangent"}, {DeclUsage::Binormal, "binormal"},
          {DeclUsage::TessFactor, "tessfactor"}, {DeclUsage::PositionT, "positiont"},
          {DeclUsage::Color, "color"}, {DeclUsage::Fog, "fog"}, {DeclUsage::Depth, "depth"},
          {DeclUsage::Sample, "sample"})

GFX_NAMES(CmpFunc, {CmpFunc::Never, "never"}, {CmpFunc::Less, "less"}, {CmpFunc::Equal, "equal"},
          {CmpFunc::LessEqual, "less_equal"}, {CmpFunc::Greater, "greater"},
          {CmpFunc::NotEqual, "not_equal"}, {CmpFunc::GreaterEqual, "greater_equal"},
          {CmpFunc::Always, "always"})

GFX_NAMES(Blend, {Blend::Zero, "zero"}, {Blend::One, "one"}, {Blend::SrcColor, "src_color"},
          {Blend::InvSrcColor, "inv_src_color"}, {Blend::SrcAlpha, "src_alpha"},
          {Blend::InvSrcAlpha, "inv_src_alpha"}, {Blend::DestAlpha, "dest_alpha"},
          {Blend::InvDestAlpha, "inv_dest_alpha"}, {Blend::DestColor, "dest_color"},
          {Blend::InvDestColor, "inv_dest_color"}, {Blend::SrcAlphaSat, "src_alpha_sat"},
          {Blend::BothSrcAlpha, "both_src_alpha"}, {Blend::BothInvSrcAlpha, "both_inv_src_alpha"},
          {Blend::BlendFactor, "blend_factor"}, {Blend::InvBlendFactor, "inv_blend_factor"})

GFX_NAMES(StencilOp, {StencilOp::Keep, "keep"}, {StencilOp::Zero, "zero"},
          {StencilOp::Replace, "replace"}, {StencilOp::IncrSat, "incr_sat"},
          {StencilOp::DecrSat, "decr_sat"}, {StencilOp::Invert, "invert"},
          {StencilOp::Incr, "incr"}, {StencilOp::Decr, "decr"})

GFX_NAMES(BlendOp, {BlendOp::Add, "add"}, {BlendOp::Subtract, "subtract"},
          {BlendOp::RevSubtract, "rev_subtract"}, {BlendOp::Min, "min"}, {BlendOp::Max, "max"})

GFX_NAMES(Cull, {Cull::None, "none"}, {Cull::Cw, "cw"}, {Cull::Ccw, "ccw"})

GFX_NAMES(ShadeMode, {ShadeMode::Flat, "flat"}, {ShadeMode::Gouraud, "gouraud"},
          {ShadeMode::Phong, "phong"})
GFX_NAMES(D3D10Cull, {D3D10Cull::None, "none"}, {D3D10Cull::Front, "front"},
          {D3D10Cull::Back, "back"})
GFX_NAMES(DepthWriteMask, {DepthWriteMask::Zero, "zero"}, {DepthWriteMask::All, "all"})
GFX_NAMES(D3D10Filter, {D3D10Filter::MinMagMipPoint, "min_mag_mip_point"},
          {D3D10Filter::MinMagPointMipLinear, "min_mag_point_mip_linear"},
          {D3D10Filter::MinPointMagLinearMipPoint, "min_point_mag_linear_mip_point"},
          {D3D10Filter::MinPointMagMipLinear, "min_point_mag_mip_linear"},
          {D3D10Filter::MinLinearMagMipPoint, "min_linear_mag_mip_point"},
          {D3D10Filter::MinLinearMagPointMipLinear, "min_linear_mag_point_mip_linear"},
          {D3D10Filter::MinMagLinearMipPoint, "min_mag_linear_mip_point"},
          {D3D10Filter::MinMagMipLinear, "min_mag_mip_linear"},
          {D3D10Filter::Anisotropic, "anisotropic"},
          {D3D10Filter::CmpMinMagMipPoint, "comparison_min_mag_mip_point"},
          {D3D10Filter::CmpMinMagPointMipLinear, "comparison_min_mag_point_mip_linear"},
          {D3D10Filter::CmpMinPointMagLinearMipPoint, "comparison_min_point_mag_linear_mip_point"},
          {D3D10Filter::CmpMinPointMagMipLinear, "comparison_min_point_mag_mip_linear"},
          {D3D10Filter::CmpMinLinearMagMipPoint, "comparison_min_linear_mag_mip_point"},
          {D3D10Filter::CmpMinLinearMagPointMipLinear,
           "comparison_min_linear_mag_point_mip_linear"},
          {D3D10Filter::CmpMinMagLinearMipPoint, "comparison_min_mag_linear_mip_point"},
          {D3D10Filter::CmpMinMagMipLinear, "comparison_min_mag_mip_linear"},
          {D3D10Filter::CmpAnisotropic, "comparison_anisotropic"})

GFX_NAMES(FillMode, {FillMode::Point, "point"}, {FillMode::Wireframe, "wireframe"},
          {FillMode::Solid, "solid"})

GFX_NAMES(Filter, {Filter::None, "none"}, {Filter::Point, "point"}, {Filter::Linear, "linear"},
          {Filter::Anisotropic, "anisotropic"})

GFX_NAMES(Address, {Address::Wrap, "wrap"}, {Address::Mirror, "mirror"}, {Address::Clamp, "clamp"},
          {Address::Border, "border"}, {Address::MirrorOnce, "mirror_once"})

GFX_NAMES(Format, {Format::A8R8G8B8, "a8r8g8b8"}, {Format::X8R8G8B8, "x8r8g8b8"},
          {Format::R5G6B5, "r5g6b5"}, {Format::X1R5G5B5, "x1r5g5b5"},
          {Format::A1R5G5B5, "a1r5g5b5"}, {Format::A4R4G4B4, "a4r4g4b4"}, {Format::A8, "a8"},
          {Format::G16R16, "g16r16"}, {Format::A16B16G16R16, "a16b16g16r16"}, {Format::L8, "l8"},
          {Format::A8L8, "a8l8"}, {Format::V8U8, "v8u8"}, {Format::Q8W8V8U8, "q8w8v8u8"},
          {Format::D24S8, "d24s8"}, {Format::D24X8, "d24x8"}, {Format::D16, "d16"},
          {Format::Index16, "index16"}, {Format::Index32, "index32"}, {Format::R16F, "r16f"},
          {Format::A16B16G16R16F, "a16b16g16r16f"}, {Format::R32F, "r32f"},
          {Format::A32B32G32R32F, "a32b32g32r32f"}, {Format::DXT1, "dxt1"}, {Format::DXT2, "dxt2"},
          {Format::DXT3, "dxt3"}, {Format::DXT4, "dxt4"}, {Format::DXT5, "dxt5"},
          {Format::R32G32B32A32_FLOAT, "r32g32b32a32_float"},
          {Format::R16G16B16A16_FLOAT, "r16g16b16a16_float"},
          {Format::R10G10B10A2_UNORM, "r10g10b10a2_unorm"},
          {Format::R8G8B8A8_UNORM, "r8g8b8a8_unorm"},
          {Format::R8G8B8A8_UNORM_SRGB, "r8g8b8a8_unorm_srgb"}, {Format::R32_FLOAT, "r32_float"},
          {Format::R16_UNORM, "r16_unorm"}, {Format::R8_UNORM, "r8_unorm"},
          {Format::BC1_UNORM, "bc1_unorm"}, {Format::BC1_UNORM_SRGB, "bc1_unorm_srgb"},
          {Format::BC2_UNORM, "bc2_unorm"}, {Format::BC2_UNORM_SRGB, "bc2_unorm_srgb"},
          {Format::BC3_UNORM, "bc3_unorm"}, {Format::BC3_UNORM_SRGB, "bc3_unorm_srgb"},
          {Format::B8G8R8A8_UNORM, "b8g8r8a8_unorm"}, {Format::Unknown, "unknown"},
          {Format::R32G32B32A32_TYPELESS, "r32g32b32a32_typeless"},
          {Format::R16G16B16A16_TYPELESS, "r16g16b16a16_typeless"},
          {Format::R10G10B10A2_TYPELESS, "r10g10b10a2_typeless"},
          {Format::R8G8B8A8_TYPELESS, "r8g8b8a8_typeless"}, {Format::R32_TYPELESS, "r32_typeless"},
          {Format::D32_FLOAT, "d32_float"}, {Format::R24G8_TYPELESS, "r24g8_typeless"},
          {Format::D24_UNORM_S8_UINT, "d24_unorm_s8_uint"},
          {Format::R24_UNORM_X8_TYPELESS, "r24_unorm_x8_typeless"},
          {Format::R16_TYPELESS, "r16_typeless"}, {Format::D16_UNORM, "d16_unorm"},
          {Format::R8_TYPELESS, "r8_typeless"}, {Format::BC1_TYPELESS, "bc1_typeless"},
          {Format::BC2_TYPELESS, "bc2_typeless"}, {Format::BC3_TYPELESS, "bc3_typeless"},
          {Format::B8G8R8A8_TYPELESS, "b8g8r8a8_typeless"})
GFX_NAMES(ViewKind, {ViewKind::RenderTarget, "render_target"},
          {ViewKind::DepthStencil, "depth_stencil"}, {ViewKind::ShaderResource, "shader_resource"})
GFX_NAMES(TextureKind, {TextureKind::Texture2D, "texture_2d"}, {TextureKind::Volume, "volume"},
          {TextureKind::Cube, "cube"})
GFX_NAMES(TextureLayout, {TextureLayout::Tiled, "tiled"}, {TextureLayout::Linear, "linear"})

GFX_NAMES(TransformKind, {TransformKind::View, "view"}, {TransformKind::Projection, "projection"},
          {TransformKind::World, "world"}, {TransformKind::Texture0, "texture0"},
          {TransformKind::Texture1, "texture1"}, {TransformKind::Texture2, "texture2"},
          {TransformKind::Texture3, "texture3"}, {TransformKind::Texture4, "texture4"},
          {TransformKind::Texture5, "texture5"}, {TransformKind::Texture6, "texture6"},
          {TransformKind::Texture7, "texture7"})

GFX_NAMES(ShaderStage, {ShaderStage::Vertex, "vertex"}, {ShaderStage::Pixel, "pixel"})

GFX_NAMES(ShaderFormat, {ShaderFormat::D3D9Bytecode, "d3d9_bytecode"},
          {ShaderFormat::D3D9Asm, "d3d9_asm"}, {ShaderFormat::Dxbc, "dxbc"},
          {ShaderFormat::Sm4Asm, "sm4_asm"})

GFX_NAMES(DrawApi, {DrawApi::D3D9, "d3d9"}, {DrawApi::D3D10, "d3d10"})

GFX_NAMES(LightType, {LightType::Point, "point"}, {LightType::Spot, "spot"},
          {LightType::Directional, "directional"})
GFX_NAMES(FogMode, {FogMode::None, "none"}, {FogMode::Exp, "exp"}, {FogMode::Exp2, "exp2"},
          {FogMode::Linear, "linear"})
GFX_NAMES(MaterialSource, {MaterialSource::Material, "material"},
          {MaterialSource::Color1, "color1"}, {MaterialSource::Color2, "color2"})
GFX_NAMES(Basis, {Basis::Bezier, "bezier"}, {Basis::BSpline, "bspline"},
          {Basis::CatmullRom, "catmull_rom"})
GFX_NAMES(Degree, {Degree::Linear, "linear"}, {Degree::Quadratic, "quadratic"},
          {Degree::Cubic, "cubic"}, {Degree::Quintic, "quintic"})
GFX_NAMES(PatchEdgeStyle, {PatchEdgeStyle::Discrete, "discrete"},
          {PatchEdgeStyle::Continuous, "continuous"})
GFX_NAMES(DeclMethod, {DeclMethod::Default, "default"}, {DeclMethod::PartialU, "partial_u"},
          {DeclMethod::PartialV, "partial_v"}, {DeclMethod::CrossUV, "cross_uv"},
          {DeclMethod::UV, "uv"}, {DeclMethod::Lookup, "lookup"},
          {DeclMethod::LookupPresampled, "lookup_presampled"})

GFX_NAMES(VertexFormat, {VertexFormat::R32G32B32A32_FLOAT, "r32g32b32a32_float"},
          {VertexFormat::R32G32B32A32_UINT, "r32g32b32a32_uint"},
          {VertexFormat::R32G32B32A32_SINT, "r32g32b32a32_sint"},
          {VertexFormat::R32G32B32_FLOAT, "r32g32b32_float"},
          {VertexFormat::R32G32B32_UINT, "r32g32b32_uint"},
          {VertexFormat::R32G32B32_SINT, "r32g32b32_sint"},
          {VertexFormat::R16G16B16A16_FLOAT, "r16g16b16a16_float"},
          {VertexFormat::R16G16B16A16_UNORM, "r16g16b16a16_unorm"},
          {VertexFormat::R16G16B16A16_UINT, "r16g16b16a16_uint"},
          {VertexFormat::R16G16B16A16_SNORM, "r16g16b16a16_snorm"},
          {VertexFormat::R16G16B16A16_SINT, "r16g16b16a16_sint"},
          {VertexFormat::R32G32_FLOAT, "r32g32_float"}, {VertexFormat::R32G32_UINT, "r32g32_uint"},
          {VertexFormat::R32G32_SINT, "r32g32_sint"},
          {VertexFormat::R10G10B10A2_UNORM, "r10g10b10a2_unorm"},
          {VertexFormat::R10G10B10A2_UINT, "r10g10b10a2_uint"},
          {VertexFormat::R8G8B8A8_UNORM, "r8g8b8a8_unorm"},
          {VertexFormat::R8G8B8A8_UINT, "r8g8b8a8_uint"},
          {VertexFormat::R8G8B8A8_SNORM, "r8g8b8a8_snorm"},
          {VertexFormat::R8G8B8A8_SINT, "r8g8b8a8_sint"},
          {VertexFormat::R16G16_FLOAT, "r16g16_float"},
          {VertexFormat::R16G16_UNORM, "r16g16_unorm"}, {VertexFormat::R16G16_UINT, "r16g16_uint"},
          {VertexFormat::R16G16_SNORM, "r16g16_snorm"}, {VertexFormat::R16G16_SINT, "r16g16_sint"},
          {VertexFormat::R32_FLOAT, "r32_float"}, {VertexFormat::R32_UINT, "r32_uint"},
          {VertexFormat::R32_SINT, "r32_sint"}, {VertexFormat::R8G8_UNORM, "r8g8_unorm"},
          {VertexFormat::R8G8_UINT, "r8g8_uint"}, {VertexFormat::R8G8_SNORM, "r8g8_snorm"},
          {VertexFormat::R8G8_SINT, "r8g8_sint"}, {VertexFormat::R16_FLOAT, "r16_float"},
          {VertexFormat::R16_UNORM, "r16_unorm"}, {VertexFormat::R16_UINT, "r16_uint"},
          {VertexFormat::R16_SNORM, "r16_snorm"}, {VertexFormat::R16_SINT, "r16_sint"},
          {VertexFormat::R8_UNORM, "r8_unorm"}, {VertexFormat::R8_UINT, "r8_uint"},
          {VertexFormat::R8_SNORM, "r8_snorm"}, {VertexFormat::R8_SINT, "r8_sint"},
          {VertexFormat::B8G8R8A8_UNORM, "b8g8r8a8_unorm"})
GFX_NAMES(InputClass, {InputClass::PerVertex, "per_vertex"},
          {InputClass::PerInstance, "per_instance"})

#undef GFX_NAMES

template <typename E> std::string_view lookup_name(E v) {
  for (const auto& e : Names<E>::table)
    if (e.value == v) return e.name;
  return "?";
}

}  // namespace

#define GFX_ENUM_FUNCS(E)                                            \
  std::string_view to_name(E v) { return lookup_name(v); }           \
  template <> std::optional<E> from_name<E>(std::string_view name) { \
    for (const auto& e : Names<E>::table)                            \
      if (e.name == name) return e.value;                            \
    return std::nullopt;                                             \
  }                                                                  \
  template <> bool is_valid<E>(uint32_t raw) {                       \
    for (const auto& e : Names<E>::table)                            \
      if (static_cast<uint32_t>(e.value) == raw) return true;        \
    return false;                                                    \
  }

GFX_ENUM_FUNCS(Topology)
GFX_ENUM_FUNCS(DeclType)
GFX_ENUM_FUNCS(DeclUsage)
GFX_ENUM_FUNCS(CmpFunc)
GFX_ENUM_FUNCS(Blend)
GFX_ENUM_FUNCS(BlendOp)
GFX_ENUM_FUNCS(StencilOp)
GFX_ENUM_FUNCS(Cull)
GFX_ENUM_FUNCS(D3D10Cull)
GFX_ENUM_FUNCS(DepthWriteMask)
GFX_ENUM_FUNCS(D3D10Filter)
GFX_ENUM_FUNCS(ShadeMode)
GFX_ENUM_FUNCS(FillMode)
GFX_ENUM_FUNCS(Filter)
GFX_ENUM_FUNCS(Address)
GFX_ENUM_FUNCS(Format)
GFX_ENUM_FUNCS(TextureKind)
GFX_ENUM_FUNCS(TextureLayout)
GFX_ENUM_FUNCS(ViewKind)
GFX_ENUM_FUNCS(TransformKind)
GFX_ENUM_FUNCS(ShaderStage)
GFX_ENUM_FUNCS(ShaderFormat)
GFX_ENUM_FUNCS(DrawApi)
GFX_ENUM_FUNCS(LightType)
GFX_ENUM_FUNCS(FogMode)
GFX_ENUM_FUNCS(MaterialSource)
GFX_ENUM_FUNCS(Basis)
GFX_ENUM_FUNCS(Degree)
GFX_ENUM_FUNCS(PatchEdgeStyle)
GFX_ENUM_FUNCS(DeclMethod)
GFX_ENUM_FUNCS(VertexFormat)
GFX_ENUM_FUNCS(InputClass)

#undef GFX_ENUM_FUNCS

unsigned decl_type_size(DeclType t) {
  switch (t) {
    case DeclType::Float1: return 4;
    case DeclType::Float2: return 8;
    case DeclType::Float3: return 12;
    case DeclType::Float4: return 16;
    // clang-format off
    case DeclType::D3DColor: case DeclType::UByte4: case DeclType::UByte4N:
    case DeclType::Short2: case DeclType::Short2N: case DeclType::UShort2N:
    case DeclType::UDec3: case DeclType::Dec3N: case DeclType::Float16_2: return 4;
    case DeclType::Short4: case DeclType::Short4N: case DeclType::UShort4N:
    // clang-format on
    case DeclType::Float16_4: return 8;
    case DeclType::Unused: return 0;
  }
  return 0;
}

bool is_srgb(Format f) {
  return f == Format::R8G8B8A8_UNORM_SRGB || f == Format::BC1_UNORM_SRGB ||
         f == Format::BC2_UNORM_SRGB || f == Format::BC3_UNORM_SRGB;
}

unsigned format_bytes_per_pixel(Format f) {
  switch (f) {
    case Format::A8R8G8B8:
    case Format::X8R8G8B8:
    case Format::D24S8:
    case Format::D24X8:
    case Format::Index32: return 4;
    case Format::D16:
    case Format::Index16: return 2;
    default: return 0;  // texture formats: api/texture_format.h
  }
  return 0;
}

}  // namespace gfx::api
