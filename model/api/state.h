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
  bool operator==(const VertexElement& o) const {
    return stream == o.stream && offset == o.offset && type == o.type && usage == o.usage &&
           usage_index == o.usage_index;
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
  // levels[0] is the full-size image; level i is max(1, w >> i) x max(1, h >> i). Texels are
  // stored row by row as 32-bit little-endian 0xAARRGGBB words.
  std::vector<std::vector<uint8_t>> levels;
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
  bool operator==(const SamplerState& o) const {
    return min_filter == o.min_filter && mag_filter == o.mag_filter &&
           mip_filter == o.mip_filter && address_u == o.address_u &&
           address_v == o.address_v && border_color == o.border_color &&
           max_anisotropy == o.max_anisotropy && mip_lod_bias == o.mip_lod_bias &&
           max_mip_level == o.max_mip_level;
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
  Blend src_blend = Blend::One;
  Blend dest_blend = Blend::Zero;
  BlendOp blend_op = BlendOp::Add;
  bool scissor_enable = false;
};

// D3D9 render-state numbers (D3DRENDERSTATETYPE) of the states above: the binary trace
// stores (number, value) pairs so later versions can add states without a new command.
enum class RenderStateId : uint16_t {
  ZEnable = 7, ShadeMode = 9, ZWriteEnable = 14, SrcBlend = 19, DestBlend = 20,
  CullMode = 22, ZFunc = 23, AlphaBlendEnable = 27, ColorWriteEnable = 168, BlendOp = 171,
  ScissorTestEnable = 174,
};

constexpr unsigned kMaxStreams = 16;
constexpr unsigned kMaxSamplers = 16;
constexpr unsigned kMaxShaderConstants = 256;  // float4 registers per stage

}  // namespace gfx::api
