// API-level pipeline state and resources, as an application sets them. The trace format
// records these, the command processor keeps the current values, and the functional model
// renders from them. Resources are immutable once created (a trace that "updates" a
// buffer creates a new one under the same id), so in-flight draws can share them.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "api/enums.h"

namespace gfx::api {

using ResourceId = uint32_t;  // 0 means "none"

// Row-major 4x4 matrix as D3D9 stores it (row vectors: v' = v * M).
using Matrix4 = std::array<float, 16>;
Matrix4 identity_matrix();

struct VertexElement {
  uint16_t stream = 0;
  uint16_t offset = 0;
  DeclType type = DeclType::Float3;
  DeclUsage usage = DeclUsage::Position;
  uint8_t usage_index = 0;
  // What the tessellator makes of the element (D3DDECLMETHOD). Anything but Default
  // asks it to generate the value (tangents, normal, patch coordinates).
  DeclMethod method = DeclMethod::Default;
  bool operator==(const VertexElement& o) const {
    return stream == o.stream && offset == o.offset && type == o.type && usage == o.usage &&
           usage_index == o.usage_index && method == o.method;
  }
};

struct VertexDeclaration {
  std::vector<VertexElement> elements;
};

struct Buffer {
  std::vector<uint8_t> bytes;
};

struct IndexBuffer {
  Format format = Format::Index16;  // Index16 or Index32
  std::vector<uint8_t> bytes;
  uint32_t count() const {
    return static_cast<uint32_t>(bytes.size() / format_bytes_per_pixel(format));
  }
};

struct Texture {
  Format format = Format::A8R8G8B8;
  uint32_t width = 0;
  uint32_t height = 0;
  // levels[0] is the full-size image; level i is max(1, w >> i) x max(1, h >> i), stored in
  // the format's D3D9 memory layout (api/texture_format.h: A8R8G8B8 is row by row 32-bit
  // little-endian 0xAARRGGBB words). A cube's level holds its six faces, a volume's level
  // its max(1, depth >> i) slices, one after another.
  std::vector<std::vector<uint8_t>> levels;
  TextureKind kind = TextureKind::Texture2D;  // added after trace format version 1
  uint32_t depth = 1;                         // slices of a volume's level 0; 1 otherwise
  TextureLayout layout = TextureLayout::Tiled;  // memory placement, timing only (added later)
};

struct Shader {
  ShaderStage stage = ShaderStage::Vertex;
  ShaderFormat format = ShaderFormat::D3D9Bytecode;
  std::vector<uint8_t> data;  // token DWORDs (little-endian) or UTF-8 asm text
};

struct StreamSource {
  ResourceId buffer = 0;
  uint32_t offset = 0;  // bytes
  uint32_t stride = 0;  // bytes
};

// D3DVIEWPORT9: pixel rectangle plus depth range.
struct Viewport {
  uint32_t x = 0, y = 0, width = 0, height = 0;
  float min_z = 0.0f, max_z = 1.0f;
};

// The MaxZ depth mapping uses: D3D9 treats MaxZ <= MinZ as MaxZ = MinZ + 0.001, so an
// empty (or inverted) depth range still spreads depth a little instead of pinning it.
inline float effective_max_z(const Viewport& v) {
  return v.max_z > v.min_z ? v.max_z : v.min_z + 0.001f;
}

struct ScissorRect {
  int32_t left = 0, top = 0, right = 0, bottom = 0;  // right and bottom exclusive
};

struct SamplerState {
  Filter min_filter = Filter::Point;
  Filter mag_filter = Filter::Point;
  Filter mip_filter = Filter::None;
  Address address_u = Address::Wrap;
  Address address_v = Address::Wrap;
  uint32_t border_color = 0;  // 0xAARRGGBB
  // Added after trace format version 1 (a v1 trace leaves them at D3D9's defaults).
  uint32_t max_anisotropy = 1;  // D3DSAMP_MAXANISOTROPY: probe cap of the anisotropic filter, 1..16
  float mip_lod_bias = 0.0f;    // D3DSAMP_MIPMAPLODBIAS: added to every computed or given LOD
  uint32_t max_mip_level = 0;   // D3DSAMP_MAXMIPLEVEL: index of the most detailed level used
  Address address_w = Address::Wrap;  // D3DSAMP_ADDRESSW (volumes); a second optional tail
  // D3D10 comparison samplers (D3D10_FILTER_COMPARISON_*, set only by a D3D10 sampler
  // object): sample_c / sample_c_lz compare their reference with each tap's red channel by
  // comparison_func before filtering (func/texture/compare.h). A D3D9 sampler never compares.
  bool comparison = false;
  CmpFunc comparison_func = CmpFunc::Never;
  bool operator==(const SamplerState& o) const {
    return min_filter == o.min_filter && mag_filter == o.mag_filter && mip_filter == o.mip_filter &&
           address_u == o.address_u && address_v == o.address_v && border_color == o.border_color &&
           max_anisotropy == o.max_anisotropy && mip_lod_bias == o.mip_lod_bias &&
           max_mip_level == o.max_mip_level && address_w == o.address_w &&
           comparison == o.comparison && comparison_func == o.comparison_func;
  }
};

// The render states of trace version 1, with D3D9's defaults.
struct RenderStates {
  Cull cull_mode = Cull::Ccw;
  ShadeMode shade_mode = ShadeMode::Gouraud;
  bool z_enable = true;  // D3D9 defaults to TRUE when an auto depth stencil exists
  CmpFunc z_func = CmpFunc::LessEqual;
  bool z_write = true;
  uint8_t color_write_mask = 0xF;  // bit 0 red, 1 green, 2 blue, 3 alpha (D3DCOLORWRITEENABLE)
  bool blend_enable = false;
  // D3D10 blend objects enable blending per target: with independent_blend, target t
  // blends when blend_enable_target[t] (and blend_enable says whether any does); without
  // it, as in D3D9, every target follows blend_enable.
  bool independent_blend = false;
  std::array<bool, 8> blend_enable_target{};
  Blend src_blend = Blend::One;
  Blend dest_blend = Blend::Zero;
  BlendOp blend_op = BlendOp::Add;
  bool scissor_enable = false;
  // Separate alpha blend and the constant blend factor (D3D9 defaults): with
  // separate_alpha_blend the alpha channel blends with its own factors and op.
  bool separate_alpha_blend = false;
  Blend src_blend_alpha = Blend::One;
  Blend dest_blend_alpha = Blend::Zero;
  BlendOp blend_op_alpha = BlendOp::Add;
  uint32_t blend_factor = 0xFFFFFFFF;  // 0xAARRGGBB (D3DRS_BLENDFACTOR)
  // D3D9 multisampling (no effect on a single-sample back buffer): FALSE samples coverage
  // and depth at the pixel centre and writes every sample alike; the mask's bit s enables
  // writes to sample s.
  bool multisample_antialias = true;
  uint32_t multisample_mask = 0xFFFFFFFF;
  // The write masks of render targets 1..7 (target 0 has color_write_mask): D3D9's
  // COLORWRITEENABLE1..3 set 1..3, a D3D10 blend object sets all seven.
  std::array<uint8_t, 7> color_write_mask_rt{{0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF}};
  // Stencil (D3D9 defaults). The compare is (ref & mask) FUNC (stored & mask); with
  // two_sided_stencil the ccw_* func and ops serve counter-clockwise triangles.
  bool stencil_enable = false;
  CmpFunc stencil_func = CmpFunc::Always;
  StencilOp stencil_fail = StencilOp::Keep, stencil_zfail = StencilOp::Keep,
            stencil_pass = StencilOp::Keep;
  uint32_t stencil_ref = 0;
  uint32_t stencil_mask = 0xFFFFFFFF;
  uint32_t stencil_write_mask = 0xFFFFFFFF;
  bool two_sided_stencil = false;
  CmpFunc ccw_stencil_func = CmpFunc::Always;
  StencilOp ccw_stencil_fail = StencilOp::Keep, ccw_stencil_zfail = StencilOp::Keep,
            ccw_stencil_pass = StencilOp::Keep;
  // Alpha test (D3D9 defaults): the pixel's 8-bit alpha (oC0) against alpha_ref.
  bool alpha_test_enable = false;
  CmpFunc alpha_func = CmpFunc::Always;
  uint8_t alpha_ref = 0;
  // Fixed-function vertex processing and fog (D3D9 defaults). Colours are 0xAARRGGBB;
  // the float states hold their values (the trace carries their bit patterns).
  // LIGHTING defaults to TRUE as in D3D9: an unlit fixed-function trace says lighting false.
  bool lighting = true;
  uint32_t ambient = 0;  // global ambient light
  bool specular_enable = false;
  bool normalize_normals = false;
  bool color_vertex = true;
  bool local_viewer = true;
  MaterialSource diffuse_source = MaterialSource::Color1;
  MaterialSource ambient_source = MaterialSource::Material;
  MaterialSource specular_source = MaterialSource::Color2;
  MaterialSource emissive_source = MaterialSource::Material;
  bool fog_enable = false;
  uint32_t fog_color = 0;
  FogMode fog_vertex_mode = FogMode::None;
  // D3DRS_FOGTABLEMODE: pixel (table) fog from each pixel's depth; when not None it takes
  // precedence over vertex fog (D3D9).
  FogMode fog_table_mode = FogMode::None;
  float fog_start = 0.0f, fog_end = 1.0f, fog_density = 1.0f;
  uint32_t texture_factor = 0xFFFFFFFF;
  // Higher-order primitives (D3D9 defaults): N-patch degrees, fractional segment
  // handling and adaptive tessellation (Mdm = adaptive_tess, levels clamped to min/max).
  PatchEdgeStyle patch_edge_style = PatchEdgeStyle::Discrete;
  Degree position_degree = Degree::Cubic;
  Degree normal_degree = Degree::Linear;
  bool adaptive_tess_enable = false;
  float min_tess_level = 1.0f, max_tess_level = 1.0f;
  std::array<float, 4> adaptive_tess{0.0f, 0.0f, 1.0f, 0.0f};
  // Geometry and rasterizer states (D3D9 defaults). clip_plane_enable: bit i enables user
  // clip plane i (set_clip_plane); clipping FALSE keeps only the guard band's clipping.
  bool clipping = true;
  uint8_t clip_plane_enable = 0;
  float depth_bias = 0.0f, slope_scale_depth_bias = 0.0f;  // in [0, 1] depth units
  FillMode fill_mode = FillMode::Solid;
  // Points: size in pixels, clamped to [min, max]; with point_scale_enable the size is
  // eye-distance scaled (POINTSCALE_A/B/C); point sprites spread texture coordinates.
  float point_size = 1.0f, point_size_min = 1.0f, point_size_max = 64.0f;
  bool point_scale_enable = false, point_sprite_enable = false;
  float point_scale_a = 1.0f, point_scale_b = 0.0f, point_scale_c = 0.0f;
  bool range_fog_enable = false;  // vertex fog by eye distance instead of eye z
};

// D3DLIGHT9 (colours as float RGBA, D3DCOLORVALUE; positions and directions in world space).
struct Light {
  LightType type = LightType::Directional;
  std::array<float, 4> diffuse{1, 1, 1, 0}, specular{0, 0, 0, 0}, ambient{0, 0, 0, 0};
  std::array<float, 3> position{0, 0, 0}, direction{0, 0, 1};
  float range = 0.0f, falloff = 0.0f;
  float attenuation0 = 0.0f, attenuation1 = 0.0f, attenuation2 = 0.0f;
  float theta = 0.0f, phi = 0.0f;  // spot inner and outer cone angles, radians
};

// One fixed-function texture stage (D3DTSS_*), values as D3D9 numbers (D3DTOP_*, D3DTA_*
// with the COMPLEMENT 0x10 / ALPHAREPLICATE 0x20 modifiers). Defaults are stage 0's;
// stages 1..7 start with both operations DISABLE.
struct TextureStageState {
  uint32_t color_op = 4, color_arg1 = 2, color_arg2 = 1;  // MODULATE(TEXTURE, CURRENT)
  uint32_t alpha_op = 2, alpha_arg1 = 2, alpha_arg2 = 1;  // SELECTARG1(TEXTURE)
  uint32_t texcoord_index = 0;           // coordinate set (low bits) | D3DTSS_TCI_* mode
  uint32_t texture_transform_flags = 0;  // D3DTTFF_COUNT1..4, | PROJECTED (256)
  // The third argument of MULTIPLYADD and LERP (D3DTSS_COLORARG0 / ALPHAARG0), where the
  // stage's result goes (D3DTSS_RESULTARG: CURRENT or TEMP) and the stage's own constant
  // (D3DTSS_CONSTANT, 0xAARRGGBB, read as D3DTA_CONSTANT). D3D9's defaults.
  uint32_t color_arg0 = 1, alpha_arg0 = 1, result_arg = 1;  // CURRENT
  uint32_t constant = 0;
  // Bump-environment mapping (D3DTSS_BUMPENVMAT00, 01, 10, 11, BUMPENVLSCALE,
  // BUMPENVLOFFSET; D3D9 default 0), read by texbem / texbeml / bem of this stage.
  float bump_mat00 = 0.0f, bump_mat01 = 0.0f, bump_mat10 = 0.0f, bump_mat11 = 0.0f;
  float bump_lscale = 0.0f, bump_loffset = 0.0f;
  bool operator==(const TextureStageState& o) const {
    return color_op == o.color_op && color_arg1 == o.color_arg1 && color_arg2 == o.color_arg2 &&
           alpha_op == o.alpha_op && alpha_arg1 == o.alpha_arg1 && alpha_arg2 == o.alpha_arg2 &&
           texcoord_index == o.texcoord_index &&
           texture_transform_flags == o.texture_transform_flags && color_arg0 == o.color_arg0 &&
           alpha_arg0 == o.alpha_arg0 && result_arg == o.result_arg && constant == o.constant &&
           bump_mat00 == o.bump_mat00 && bump_mat01 == o.bump_mat01 && bump_mat10 == o.bump_mat10 &&
           bump_mat11 == o.bump_mat11 && bump_lscale == o.bump_lscale &&
           bump_loffset == o.bump_loffset;
  }
};
constexpr unsigned kMaxTextureStages = 8;

// D3DMATERIAL9 (D3D9 default: all zero).
struct Material {
  std::array<float, 4> diffuse{0, 0, 0, 0}, ambient{0, 0, 0, 0}, specular{0, 0, 0, 0},
      emissive{0, 0, 0, 0};
  float power = 0.0f;
};
constexpr unsigned kMaxActiveLights = 8;  // D3DCAPS9.MaxActiveLights of the modelled device

// D3D9 render-state numbers (D3DRENDERSTATETYPE) of the states above: the binary trace
// stores (number, value) pairs so later versions can add states without a new command.
enum class RenderStateId : uint16_t {
  // clang-format off
  ZEnable = 7, ShadeMode = 9, ZWriteEnable = 14, SrcBlend = 19, DestBlend = 20,
  CullMode = 22, ZFunc = 23, AlphaBlendEnable = 27, ColorWriteEnable = 168, BlendOp = 171,
  // clang-format on
  ScissorTestEnable = 174,
  AlphaTestEnable = 15,
  AlphaRef = 24,
  AlphaFunc = 25,
  // Stencil, separate alpha blend, blend factor, write masks of targets 1..3.
  // clang-format off
  StencilEnable = 52, StencilFail = 53, StencilZFail = 54, StencilPass = 55, StencilFunc = 56,
  StencilRef = 57, StencilMask = 58, StencilWriteMask = 59, TwoSidedStencilMode = 185,
  CcwStencilFail = 186, CcwStencilZFail = 187, CcwStencilPass = 188, CcwStencilFunc = 189,
  ColorWriteEnable1 = 190, ColorWriteEnable2 = 191, ColorWriteEnable3 = 192, BlendFactor = 193,
  SeparateAlphaBlendEnable = 206, SrcBlendAlpha = 207, DestBlendAlpha = 208, BlendOpAlpha = 209,
  MultisampleAntialias = 161, MultisampleMask = 162,
  // clang-format on
  // Fixed-function lighting, fog and texture stages.
  FogEnable = 28,
  SpecularEnable = 29,
  FogColor = 34,
  FogStart = 36,
  FogEnd = 37,
  FogDensity = 38,
  TextureFactor = 60,
  Lighting = 137,
  Ambient = 139,
  FogVertexMode = 140,
  FogTableMode = 35,
  ColorVertex = 141,
  LocalViewer = 142,
  NormalizeNormals = 143,
  DiffuseMaterialSource = 145,
  SpecularMaterialSource = 146,
  AmbientMaterialSource = 147,
  EmissiveMaterialSource = 148,
  // Higher-order primitives.
  // clang-format off
  PatchEdgeStyle = 163, PositionDegree = 172, NormalDegree = 173, MinTessellationLevel = 178,
  MaxTessellationLevel = 179, AdaptiveTessX = 180, AdaptiveTessY = 181, AdaptiveTessZ = 182,
  AdaptiveTessW = 183, EnableAdaptiveTessellation = 184,
  // Geometry and rasterizer states.
  FillMode = 8, RangeFogEnable = 48, Clipping = 136, ClipPlaneEnable = 152, PointSize = 154,
  PointSizeMin = 155, PointSpriteEnable = 156, PointScaleEnable = 157, PointScaleA = 158,
  PointScaleB = 159, PointScaleC = 160, PointSizeMax = 166, SlopeScaleDepthBias = 175,
  DepthBias = 195,
  // clang-format on
};
constexpr unsigned kMaxClipPlanes = 6;  // D3DCAPS9.MaxUserClipPlanes of the modelled device

constexpr unsigned kMaxStreams = 16;
// Sampler slots: the 16 pixel samplers (stages 0..15) and, after them, the 4 vertex
// texture samplers of vs_3_0, which D3D9 numbers D3DVERTEXTEXTURESAMPLER0..3 = 257..260.
constexpr unsigned kPixelSamplers = 16;
constexpr unsigned kVertexSamplers = 4;
constexpr unsigned kVertexSamplerStage = 257;  // D3DVERTEXTEXTURESAMPLER0
constexpr unsigned kMaxSamplers = kPixelSamplers + kVertexSamplers;
// The slot of a D3D9 sampler stage number, or -1 when it names no sampler.
constexpr int sampler_slot(uint32_t stage) {
  return stage < kPixelSamplers ? int(stage)
         : stage >= kVertexSamplerStage && stage < kVertexSamplerStage + kVertexSamplers
             ? int(kPixelSamplers + stage - kVertexSamplerStage)
             : -1;
}
constexpr unsigned kMaxShaderConstants = 256;  // float4 registers per stage

}  // namespace gfx::api
