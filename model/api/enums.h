// D3D9 / D3D10 API enumerations, with the numeric values the APIs define, so that a
// recorded trace stores the same numbers an application passed. Shared by the trace
// format, the command processor and the functional model.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gfx::api {

// D3DPRIMITIVETYPE (1..6) and D3D10_PRIMITIVE_TOPOLOGY adjacency values (10..13).
// D3D10 has no fan; 6 is accepted only from D3D9 draws.
enum class Topology : uint8_t {
  PointList = 1,
  LineList = 2,
  LineStrip = 3,
  TriangleList = 4,
  TriangleStrip = 5,
  TriangleFan = 6,
  LineListAdj = 10,
  LineStripAdj = 11,
  TriangleListAdj = 12,
  TriangleStripAdj = 13,
};

// D3DDECLTYPE.
enum class DeclType : uint8_t {
  // clang-format off
  Float1 = 0, Float2 = 1, Float3 = 2, Float4 = 3, D3DColor = 4, UByte4 = 5, Short2 = 6,
  Short4 = 7, UByte4N = 8, Short2N = 9, Short4N = 10, UShort2N = 11, UShort4N = 12,
  UDec3 = 13, Dec3N = 14, Float16_2 = 15, Float16_4 = 16, Unused = 17,
  // clang-format on
};
unsigned decl_type_size(DeclType t);  // bytes one element occupies in a stream

// D3DDECLUSAGE.
enum class DeclUsage : uint8_t {
  // clang-format off
  Position = 0, BlendWeight = 1, BlendIndices = 2, Normal = 3, PSize = 4, TexCoord = 5,
  Tangent = 6, Binormal = 7, TessFactor = 8, PositionT = 9, Color = 10, Fog = 11, Depth = 12,
  // clang-format on
  Sample = 13,
};

// D3DCMPFUNC.
enum class CmpFunc : uint8_t {
  Never = 1,
  Less = 2,
  Equal = 3,
  LessEqual = 4,
  Greater = 5,
  NotEqual = 6,
  GreaterEqual = 7,
  Always = 8,
};

// D3DBLEND, without D3D9Ex's SRCCOLOR2/INVSRCCOLOR2 (dual-source blending).
enum class Blend : uint8_t {
  // clang-format off
  Zero = 1, One = 2, SrcColor = 3, InvSrcColor = 4, SrcAlpha = 5, InvSrcAlpha = 6,
  DestAlpha = 7, InvDestAlpha = 8, DestColor = 9, InvDestColor = 10, SrcAlphaSat = 11,
  // clang-format on
  BothSrcAlpha = 12,     // source factor As, and the destination's becomes 1 - As
  BothInvSrcAlpha = 13,  // source factor 1 - As, and the destination's becomes As
  BlendFactor = 14,      // D3DRS_BLENDFACTOR
  InvBlendFactor = 15,
};

// D3DSTENCILOP.
enum class StencilOp : uint8_t {
  // clang-format off
  Keep = 1, Zero = 2, Replace = 3, IncrSat = 4, DecrSat = 5, Invert = 6, Incr = 7, Decr = 8,
  // clang-format on
};

// D3DBLENDOP.
enum class BlendOp : uint8_t { Add = 1, Subtract = 2, RevSubtract = 3, Min = 4, Max = 5 };

// D3DCULL: which winding is culled. D3D9's default is Ccw (clockwise is front).
enum class Cull : uint8_t { None = 1, Cw = 2, Ccw = 3 };

// D3D10_CULL_MODE: which face is culled; which winding is the front face is the
// rasterizer state's front_counter_clockwise (D3D10 default: clockwise is front).
enum class D3D10Cull : uint8_t { None = 1, Front = 2, Back = 3 };

// D3D10_FILTER: bit 0 linear mip, bit 2 linear mag, bit 4 linear min, 0x55 anisotropic,
// plus 0x80 for the comparison filters. Without D3D10_FILTER_TEXT_1BIT.
enum class D3D10Filter : uint8_t {
  // clang-format off
  MinMagMipPoint = 0x00, MinMagPointMipLinear = 0x01, MinPointMagLinearMipPoint = 0x04,
  MinPointMagMipLinear = 0x05, MinLinearMagMipPoint = 0x10, MinLinearMagPointMipLinear = 0x11,
  MinMagLinearMipPoint = 0x14, MinMagMipLinear = 0x15, Anisotropic = 0x55,
  CmpMinMagMipPoint = 0x80, CmpMinMagPointMipLinear = 0x81, CmpMinPointMagLinearMipPoint = 0x84,
  CmpMinPointMagMipLinear = 0x85, CmpMinLinearMagMipPoint = 0x90,
  CmpMinLinearMagPointMipLinear = 0x91, CmpMinMagLinearMipPoint = 0x94, CmpMinMagMipLinear = 0x95,
  CmpAnisotropic = 0xD5,
  // clang-format on
};

// D3D10_DEPTH_WRITE_MASK.
enum class DepthWriteMask : uint8_t { Zero = 0, All = 1 };

// D3DSHADEMODE. D3D9 draws Phong as Gouraud (no device implements it).
enum class ShadeMode : uint8_t { Flat = 1, Gouraud = 2, Phong = 3 };

// D3DFILLMODE.
enum class FillMode : uint8_t { Point = 1, Wireframe = 2, Solid = 3 };

// D3DTEXTUREFILTERTYPE.
enum class Filter : uint8_t { None = 0, Point = 1, Linear = 2, Anisotropic = 3 };

// D3DTEXTUREADDRESS.
enum class Address : uint8_t { Wrap = 1, Mirror = 2, Clamp = 3, Border = 4, MirrorOnce = 5 };

// D3DFORMAT values of the surface and texture formats the model knows.
// Texture formats: docs/trace-format.md and api/texture_format.h (layout and channels).
enum class Format : uint32_t {
  A8R8G8B8 = 21,
  X8R8G8B8 = 22,
  R5G6B5 = 23,
  X1R5G5B5 = 24,
  A1R5G5B5 = 25,
  A4R4G4B4 = 26,
  A8 = 28,
  G16R16 = 34,
  A16B16G16R16 = 36,
  L8 = 50,
  A8L8 = 51,
  V8U8 = 60,
  Q8W8V8U8 = 63,
  D24S8 = 75,
  D24X8 = 77,  // depth formats of the back buffer's depth surface (Header::depth_format)
  D16 = 80,
  Index16 = 101,
  Index32 = 102,
  R16F = 111,
  A16B16G16R16F = 113,
  R32F = 114,
  A32B32G32R32F = 116,
  DXT1 = 0x31545844,  // MAKEFOURCC('D', 'X', 'T', '1')
  DXT2 = 0x32545844,
  DXT3 = 0x33545844,
  DXT4 = 0x34545844,
  DXT5 = 0x35545844,
  // DXGI formats of D3D10 textures and render targets: DXGI_FORMAT + 1000, so they never
  // meet a D3DFORMAT. D3D10 reads a channel the format lacks as 0 (colour) or 1 (alpha),
  // where D3D9 reads 1 for most; the _SRGB formats decode to linear before filtering and
  // encode on write (texel_decode.h, target_format.h).
  // The _TYPELESS formats hold a family's bits without a meaning: a view gives them one
  // (api/texture_format.h, view_format_of). D24_UNORM_S8_UINT, D32_FLOAT and D16_UNORM are
  // the depth-stencil formats; R24_UNORM_X8_TYPELESS reads D24S8's depth through a view.
  // Unknown (DXGI_FORMAT_UNKNOWN) is a view's "the resource's own format".
  Unknown = 0,
  R32G32B32A32_TYPELESS = 1001,
  R32G32B32A32_FLOAT = 1002,
  R16G16B16A16_TYPELESS = 1009,
  R16G16B16A16_FLOAT = 1010,
  R10G10B10A2_TYPELESS = 1023,
  R10G10B10A2_UNORM = 1024,
  R8G8B8A8_TYPELESS = 1027,
  R8G8B8A8_UNORM = 1028,
  R8G8B8A8_UNORM_SRGB = 1029,
  R32_TYPELESS = 1039,
  D32_FLOAT = 1040,
  R32_FLOAT = 1041,
  R24G8_TYPELESS = 1044,
  D24_UNORM_S8_UINT = 1045,
  R24_UNORM_X8_TYPELESS = 1046,
  R16_TYPELESS = 1053,
  D16_UNORM = 1055,
  R16_UNORM = 1056,
  R8_TYPELESS = 1060,
  R8_UNORM = 1061,
  BC1_TYPELESS = 1070,
  BC1_UNORM = 1071,
  BC1_UNORM_SRGB = 1072,
  BC2_TYPELESS = 1073,
  BC2_UNORM = 1074,
  BC2_UNORM_SRGB = 1075,
  BC3_TYPELESS = 1076,
  BC3_UNORM = 1077,
  BC3_UNORM_SRGB = 1078,
  B8G8R8A8_UNORM = 1087,
  B8G8R8A8_TYPELESS = 1090,
};
// Whether `f` stores sRGB-encoded colour (a DXGI _SRGB format).
bool is_srgb(Format f);
unsigned format_bytes_per_pixel(Format f);

// The kind of a D3D10 view (create_view): ID3D10RenderTargetView, ID3D10DepthStencilView or
// ID3D10ShaderResourceView.
enum class ViewKind : uint8_t { RenderTarget = 1, DepthStencil = 2, ShaderResource = 3 };

// D3DRESOURCETYPE of a texture: a 2D mip chain, a volume (3D) or a cube (six 2D faces).
enum class TextureKind : uint8_t { Texture2D = 3, Volume = 4, Cube = 5 };

// How a texture's texels are placed in memory (the timing model's addresses; pixels do not
// depend on it). Tiled is what every texture had before layouts could be chosen, so it is
// the default of a trace that names none: 4x4-texel tiles, tiles row-major. Linear is
// row-major texels (rows of 4x4 blocks for DXT). See docs/units/shader-cores.md.
enum class TextureLayout : uint8_t { Tiled = 0, Linear = 1 };

// D3DTRANSFORMSTATETYPE values of the fixed-function transforms.
// D3DTRANSFORMSTATETYPE; Texture0..7 (D3DTS_TEXTURE0..7) are the fixed-function texture
// transforms of stages 0..7.
enum class TransformKind : uint16_t {
  // clang-format off
  View = 2, Projection = 3, Texture0 = 16, Texture1 = 17, Texture2 = 18, Texture3 = 19,
  Texture4 = 20, Texture5 = 21, Texture6 = 22, Texture7 = 23, World = 256,
  // clang-format on
};

enum class ShaderStage : uint8_t { Vertex = 0, Pixel = 1 };

// How a shader blob is encoded: D3D9 token stream or the project's D3D9 asm text; a
// D3D10 DXBC container, or SM4 asm text (as fxc listings print it) that the driver
// assembles into a container.
enum class ShaderFormat : uint8_t { D3D9Bytecode = 0, D3D9Asm = 1, Dxbc = 2, Sm4Asm = 3 };

// Which API a draw came from: it decides the pixel-centre convention (D3D9 integer
// centres, D3D10 half-integer) and whether indexed draws have a strip cut.
enum class DrawApi : uint8_t { D3D9 = 9, D3D10 = 10 };

// Fixed-function lighting and fog (D3DLIGHTTYPE, D3DFOGMODE, D3DMATERIALCOLORSOURCE).
enum class LightType : uint8_t { Point = 1, Spot = 2, Directional = 3 };
enum class FogMode : uint8_t { None = 0, Exp = 1, Exp2 = 2, Linear = 3 };
enum class MaterialSource : uint8_t { Material = 0, Color1 = 1, Color2 = 2 };

// Higher-order primitives (D3DBASISTYPE, D3DDEGREETYPE, D3DPATCHEDGESTYLE) and the
// vertex-declaration methods that make the tessellator generate data (D3DDECLMETHOD).
enum class Basis : uint8_t { Bezier = 0, BSpline = 1, CatmullRom = 2 };
enum class Degree : uint8_t { Linear = 1, Quadratic = 2, Cubic = 3, Quintic = 5 };
enum class PatchEdgeStyle : uint8_t { Discrete = 0, Continuous = 1 };
enum class DeclMethod : uint8_t {
  Default = 0,
  PartialU = 1,
  PartialV = 2,
  CrossUV = 3,
  UV = 4,
  Lookup = 5,
  LookupPresampled = 6,
};

// DXGI_FORMAT values (DXGI's own numbers) of the vertex-buffer formats a D3D10 input
// layout element may have (the IA column of D3D10's format support table, without
// R11G11B10_FLOAT). Decoding rules: api/input_layout.h and func/geom/vertex_fetch.h.
enum class VertexFormat : uint8_t {
  // clang-format off
  R32G32B32A32_FLOAT = 2, R32G32B32A32_UINT = 3, R32G32B32A32_SINT = 4,
  R32G32B32_FLOAT = 6, R32G32B32_UINT = 7, R32G32B32_SINT = 8,
  R16G16B16A16_FLOAT = 10, R16G16B16A16_UNORM = 11, R16G16B16A16_UINT = 12,
  R16G16B16A16_SNORM = 13, R16G16B16A16_SINT = 14,
  R32G32_FLOAT = 16, R32G32_UINT = 17, R32G32_SINT = 18,
  R10G10B10A2_UNORM = 24, R10G10B10A2_UINT = 25,
  R8G8B8A8_UNORM = 28, R8G8B8A8_UINT = 30, R8G8B8A8_SNORM = 31, R8G8B8A8_SINT = 32,
  R16G16_FLOAT = 34, R16G16_UNORM = 35, R16G16_UINT = 36, R16G16_SNORM = 37, R16G16_SINT = 38,
  R32_FLOAT = 41, R32_UINT = 42, R32_SINT = 43,
  R8G8_UNORM = 49, R8G8_UINT = 50, R8G8_SNORM = 51, R8G8_SINT = 52,
  R16_FLOAT = 54, R16_UNORM = 56, R16_UINT = 57, R16_SNORM = 58, R16_SINT = 59,
  R8_UNORM = 61, R8_UINT = 62, R8_SNORM = 63, R8_SINT = 64,
  B8G8R8A8_UNORM = 87,
  // clang-format on
};

// D3D10_INPUT_CLASSIFICATION.
enum class InputClass : uint8_t { PerVertex = 0, PerInstance = 1 };

// D3D9 Clear flags.
enum ClearFlags : uint32_t { ClearTarget = 1, ClearZBuffer = 2, ClearStencil = 4 };

// Names used in the YAML trace form, the docs and error messages. Lookups are exact
// and lower-case (e.g. "triangle_list", "float3", "less_equal", "inv_src_alpha").
std::string_view to_name(Topology v);
std::string_view to_name(DeclType v);
std::string_view to_name(DeclUsage v);
std::string_view to_name(CmpFunc v);
std::string_view to_name(Blend v);
std::string_view to_name(BlendOp v);
std::string_view to_name(StencilOp v);
std::string_view to_name(Cull v);
std::string_view to_name(D3D10Cull v);
std::string_view to_name(DepthWriteMask v);
std::string_view to_name(D3D10Filter v);
std::string_view to_name(ShadeMode v);
std::string_view to_name(FillMode v);
std::string_view to_name(Filter v);
std::string_view to_name(Address v);
std::string_view to_name(Format v);
std::string_view to_name(TextureKind v);
std::string_view to_name(TextureLayout v);
std::string_view to_name(ViewKind v);
std::string_view to_name(TransformKind v);
std::string_view to_name(ShaderStage v);
std::string_view to_name(ShaderFormat v);
std::string_view to_name(DrawApi v);
std::string_view to_name(LightType v);
std::string_view to_name(FogMode v);
std::string_view to_name(MaterialSource v);
std::string_view to_name(Basis v);
std::string_view to_name(Degree v);
std::string_view to_name(PatchEdgeStyle v);
std::string_view to_name(DeclMethod v);
std::string_view to_name(VertexFormat v);
std::string_view to_name(InputClass v);

// Parse a name back; std::nullopt when it is not one of the names above.
template <typename E> std::optional<E> from_name(std::string_view name);

// Validity of a raw number read from a binary trace.
template <typename E> bool is_valid(uint32_t raw);

}  // namespace gfx::api
