// The commands of a recorded draw-call trace, format version 1. A trace is a header
// followed by a stream of these commands; the command processor executes them in order.
// Each command has a fixed opcode (its number in the binary form) and a snake_case name
// (its key in the YAML form). New commands take new opcodes; existing opcodes never change
// meaning, so version 1 files stay readable by every later reader.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "api/d3d10_states.h"
#include "api/input_layout.h"
#include "api/state.h"

namespace gfx::trace {

using api::ResourceId;

constexpr uint32_t kFormatVersion = 1;

struct Header {
  uint32_t version = kFormatVersion;
  std::string name;      // free text, e.g. "scene640"
  uint32_t width = 640;  // back buffer (render target and depth buffer) size in pixels
  uint32_t height = 480;
  // The back buffer's depth/stencil surface (D3DPRESENT_PARAMETERS.AutoDepthStencilFormat):
  // d24s8, d24x8 or d16. Added after version 1 as an optional tail.
  api::Format depth_format = api::Format::D24S8;
  // The back buffer's samples per pixel (D3DPRESENT_PARAMETERS.MultiSampleType for D3D9,
  // the swap chain's SampleDesc.Count for D3D10): 0 or 1 = no MSAA, else 2, 4, 8 or 16
  // with the standard D3D10 sample positions. A second optional tail, after depth_format.
  uint32_t sample_count = 0;
};

// --- resources (opcodes 1..15) ---
// clang-format off
struct CreateVertexBuffer { ResourceId id = 0; std::shared_ptr<const api::Buffer> buffer; };
struct CreateIndexBuffer { ResourceId id = 0; std::shared_ptr<const api::IndexBuffer> buffer; };
struct CreateTexture { ResourceId id = 0; std::shared_ptr<const api::Texture> texture; };
struct CreateShader { ResourceId id = 0; std::shared_ptr<const api::Shader> shader; };
// clang-format on
struct CreateVertexDeclaration {
  ResourceId id = 0;
  std::shared_ptr<const api::VertexDeclaration> declaration;
};
struct ReleaseResource {
  ResourceId id = 0;
};  // frees any resource kind with that id
// D3D9 DeletePatch (opcode 7): frees the patch cached under a non-zero handle.
struct DeletePatch {
  uint32_t handle = 0;
};

// D3D10 state objects (opcodes 8..10): CreateRasterizerState, CreateDepthStencilState,
// CreateBlendState.
// An object is immutable and lives under its id (its own namespace per kind) until the
// trace creates another under the same id; set_* binds it (docs/trace-format.md).
struct CreateRasterizerState {
  ResourceId id = 0;
  api::RasterizerDesc desc;
};
struct CreateDepthStencilState {
  ResourceId id = 0;
  api::DepthStencilDesc desc;
};
// CreateBlendState (opcode 10).
struct CreateBlendState {
  ResourceId id = 0;
  api::BlendDesc desc;
};

// --- state (opcodes 16..47) ---
// clang-format off
struct SetVertexDeclaration { ResourceId id = 0; };
struct SetStreamSource { uint32_t stream = 0; api::StreamSource source; };
struct SetIndices { ResourceId id = 0; };
struct SetTexture { uint32_t stage = 0; ResourceId id = 0; };
struct SetSamplerState { uint32_t stage = 0; api::SamplerState state; };
struct SetVertexShader { ResourceId id = 0; };  // 0 = fixed-function vertex processing
struct SetPixelShader { ResourceId id = 0; };   // 0 = fixed-function texture stages
// clang-format on
struct SetShaderConstants {
  api::ShaderStage stage = api::ShaderStage::Vertex;
  uint32_t start_register = 0;
  std::vector<float> values;  // 4 floats per register
};
// clang-format off
struct SetTransform { api::TransformKind kind = api::TransformKind::World; api::Matrix4 matrix{}; };
struct SetViewport { api::Viewport viewport; };
struct SetScissorRect { api::ScissorRect rect; };
struct RenderStateValue { api::RenderStateId id; uint32_t value; };  // floats as bit patterns
struct SetRenderStates { std::vector<RenderStateValue> states; };
// clang-format on
// D3D9 SetLight / LightEnable / SetMaterial (opcodes 28..30, added after the first version
// 1 readers). Colours are float RGBA (4 values), position and direction 3 values; the
// defaults are D3D9's (a directional white light along +z, an all-zero material).
struct SetLight {
  uint32_t index = 0;
  api::LightType type = api::LightType::Directional;
  std::vector<float> diffuse{1, 1, 1, 0}, specular{0, 0, 0, 0}, ambient{0, 0, 0, 0};
  std::vector<float> position{0, 0, 0}, direction{0, 0, 1};
  float range = 0.0f, falloff = 0.0f;
  float attenuation0 = 0.0f, attenuation1 = 0.0f, attenuation2 = 0.0f;
  float theta = 0.0f, phi = 0.0f;
};
struct LightEnable {
  uint32_t index = 0;
  uint32_t enable = 1;
};  // enable: 0 or 1
// D3D9 SetVertexShaderConstantI/B and SetPixelShaderConstantI/B (opcodes 31, 32). The
// values are written as numbers holding exact integers (4 per i# register; one 0/1 per b#
// register), so both forms reuse the float list field.
struct SetShaderConstantsInt {
  api::ShaderStage stage = api::ShaderStage::Vertex;
  uint32_t start_register = 0;
  std::vector<float> values;
};
struct SetShaderConstantsBool {
  api::ShaderStage stage = api::ShaderStage::Vertex;
  uint32_t start_register = 0;
  std::vector<float> values;
};
// D3D9 SetTextureStageState for one stage, all fields at once (opcode 33). Values are
// D3D9 numbers; the defaults are stage 0's D3D9 defaults.
struct SetTextureStageState {
  uint32_t stage = 0;
  api::TextureStageState state;
};
// D3D9 SetStreamSourceFreq (opcode 34), D3D9's value: kStreamIndexedData | instance count
// on the stream that holds per-vertex data, kStreamInstanceData | divisor on a stream of
// per-instance data, 1 to reset. D3D10 instanced draws read the same per-stream setting:
// an instance-data stream is an input slot of D3D10_INPUT_PER_INSTANCE_DATA class whose
// InstanceDataStepRate is the divisor (the trace folds the input layout's slot class here).
constexpr uint32_t kStreamIndexedData = 1u << 30;
constexpr uint32_t kStreamInstanceData = 2u << 30;
struct SetStreamSourceFreq {
  uint32_t stream = 0;
  uint32_t setting = 1;
};
// D3D9 SetNPatchMode (opcode 35): segments per edge of N-patches; below 1 turns them off.
struct SetNPatchMode {
  float segments = 0.0f;
};
// D3D9 SetRenderTarget (opcode 36): binds texture `id` (A8R8G8B8, created with
// create_texture; rendered at its level-0 size) as colour target `index` (0..3). id 0 on
// index 0 restores the back buffer; id 0 on 1..3 unbinds that target. The depth buffer
// stays the back buffer's, so a texture target may not be larger than the back buffer.
struct SetRenderTarget {
  uint32_t index = 0;
  ResourceId id = 0;
};
struct SetMaterial {
  std::vector<float> diffuse{0, 0, 0, 0}, ambient{0, 0, 0, 0}, specular{0, 0, 0, 0},
      emissive{0, 0, 0, 0};
  float power = 0.0f;
};

// D3D10 RSSetState / OMSetDepthStencilState (opcodes 42, 43). id 0 binds D3D10's
// default object.
struct SetRasterizerState {
  ResourceId id = 0;
};
struct SetDepthStencilState {
  ResourceId id = 0;
  uint32_t stencil_ref = 0;
};
// OMSetBlendState (opcode 44): the blend factor as float RGBA (D3D10's default for NULL:
// all 1) and the sample mask.
struct SetBlendState {
  ResourceId id = 0;
  std::vector<float> blend_factor{1, 1, 1, 1};
  uint32_t sample_mask = 0xFFFFFFFF;
};

// --- D3D10 buffers, samplers, input layouts and bindings (opcodes 11..13, 37..39, 45, 46) ---
// A constant buffer (ID3D10Buffer bound as D3D10_BIND_CONSTANT_BUFFER): whole float4
// registers, at most D3D10's 4096. Its contents change only through update_constant_buffer.
struct CreateConstantBuffer {
  ResourceId id = 0;
  std::shared_ptr<const api::Buffer> buffer;
};
// UpdateSubresource of a constant buffer: `bytes` (whole registers) written at byte
// `offset` (a register boundary); D3D10 itself rewrites whole buffers (offset 0).
struct UpdateConstantBuffer {
  ResourceId id = 0;
  uint32_t offset = 0;
  std::vector<uint8_t> bytes;
};
// VSSetConstantBuffers / PSSetConstantBuffers: ids[i] goes to slot start_slot + i; id 0
// unbinds the slot. D3D10 has 14 slots per stage.
struct SetConstantBuffers {
  api::ShaderStage stage = api::ShaderStage::Vertex;
  uint32_t start_slot = 0;
  std::vector<uint32_t> ids;
};
// Sampler state objects (ID3D10SamplerState) and their binding (VS/PSSetSamplers, 16
// slots; id 0 binds D3D10's default sampler), and shader resource views of textures
// (VS/PSSetShaderResources: the texture ids themselves; 128 slots, id 0 unbinds).
struct CreateSamplerState {
  ResourceId id = 0;
  api::SamplerDesc desc;
};
struct SetSamplers {
  api::ShaderStage stage = api::ShaderStage::Vertex;
  uint32_t start_slot = 0;
  std::vector<uint32_t> ids;
};
struct SetShaderResources {
  api::ShaderStage stage = api::ShaderStage::Vertex;
  uint32_t start_slot = 0;
  std::vector<uint32_t> ids;
};
// CreateInputLayout (opcode 13): the D3D10_INPUT_ELEMENT_DESC list and the vertex shader
// whose input signature (ISGN) it was created against; D3D10 checks the layout against
// that signature at creation (d3d10/input_signature.h). IASetInputLayout (46): id 0 unbinds,
// and a D3D10 draw then reads the vertex declaration as before. The vertex buffers of the
// slots are set_stream_source (slot = stream, with its offset and stride).
struct CreateInputLayout {
  ResourceId id = 0;
  ResourceId shader = 0;
  std::shared_ptr<const api::InputLayout> layout;
};
struct SetInputLayout {
  ResourceId id = 0;
};

// --- D3D10 views and output binding (opcodes 14, 47, 82, 83) ---
// CreateRenderTargetView / CreateDepthStencilView / CreateShaderResourceView of texture
// `resource` (0: the swap chain's back buffer, whose depth surface the header describes, as
// render_target or depth_stencil only). Views and resources share one id space: a view's id
// names the view until something else is created under it, so set_shader_resources tells a
// view from a texture by what its id holds. `format` unknown is the resource's own format;
// otherwise the same format or a typed member of the resource's typeless family.
// mip_slice: the level (render target, depth stencil) or the most detailed level (shader
// resource, which sees mip_levels levels from there; 0 = all the rest). slice: a cube
// texture's face (0..5) or a volume's depth slice, for render-target and depth-stencil views.
struct CreateView {
  ResourceId id = 0;
  api::ViewKind kind = api::ViewKind::ShaderResource;
  ResourceId resource = 0;
  api::Format format = api::Format::Unknown;
  uint32_t mip_slice = 0;
  uint32_t mip_levels = 0;
  uint32_t slice = 0;
};
// OMSetRenderTargets: up to 8 render-target view ids (0 = none in that slot) and one
// depth-stencil view id (0 = none: depth and stencil off).
struct SetRenderTargets {
  std::vector<uint32_t> render_targets;
  ResourceId depth_stencil = 0;
};
// ClearRenderTargetView (float RGBA) and ClearDepthStencilView (flags: depth and/or stencil)
// of a view, bound or not: its whole surface, whatever the viewport and scissor.
struct ClearRenderTargetView {
  ResourceId view = 0;
  std::vector<float> color{0, 0, 0, 0};
};
struct ClearDepthStencilView {
  ResourceId view = 0;
  uint32_t flags = api::ClearZBuffer;  // ClearZBuffer (D3D10_CLEAR_DEPTH) | ClearStencil
  float depth = 1.0f;
  uint32_t stencil = 0;
};
constexpr uint32_t kD3D10RenderTargetSlots = 8;  // D3D10_SIMULTANEOUS_RENDER_TARGET_COUNT

constexpr uint32_t kD3D10ConstantBufferSlots = 14;
constexpr uint32_t kD3D10ConstantBufferBytes = 4096 * 16;

// --- draws (opcodes 48..79) ---
// D3D9 DrawPrimitive.
struct DrawPrimitive {
  api::Topology topology = api::Topology::TriangleList;
  uint32_t start_vertex = 0;
  uint32_t primitive_count = 0;
};
// D3D9 DrawIndexedPrimitive. min_index/num_vertices are hints the model records but
// does not need.
struct DrawIndexedPrimitive {
  api::Topology topology = api::Topology::TriangleList;
  int32_t base_vertex = 0;
  uint32_t min_index = 0;
  uint32_t num_vertices = 0;
  uint32_t start_index = 0;
  uint32_t primitive_count = 0;
};
// D3D10 Draw / DrawIndexed / DrawInstanced / DrawIndexedInstanced. D3D10 sets the topology
// with IASetPrimitiveTopology; the trace folds it into each draw.
struct Draw {
  api::Topology topology = api::Topology::TriangleList;
  uint32_t vertex_count = 0;
  uint32_t start_vertex = 0;
};
struct DrawIndexed {
  api::Topology topology = api::Topology::TriangleList;
  uint32_t index_count = 0;
  uint32_t start_index = 0;
  int32_t base_vertex = 0;
};
struct DrawInstanced {
  api::Topology topology = api::Topology::TriangleList;
  uint32_t vertex_count_per_instance = 0;
  uint32_t instance_count = 0;
  uint32_t start_vertex = 0;
  uint32_t start_instance = 0;
};
struct DrawIndexedInstanced {
  api::Topology topology = api::Topology::TriangleList;
  uint32_t index_count_per_instance = 0;
  uint32_t instance_count = 0;
  uint32_t start_index = 0;
  int32_t base_vertex = 0;
  uint32_t start_instance = 0;
};

// D3D9 DrawRectPatch / DrawTriPatch (opcodes 54, 55). `segments` holds pNumSegs (4 edges
// of a rect: row 0, right, last row, left; 3 of a tri), empty when the call passed NULL.
// has_info = 0 stands for pRectPatchInfo/pTriPatchInfo = NULL (draw the patch cached
// under `handle`); the info fields are then unused.
struct DrawRectPatch {
  uint32_t handle = 0;
  std::vector<float> segments{1, 1, 1, 1};
  uint32_t has_info = 1;
  uint32_t start_vertex_offset_width = 0, start_vertex_offset_height = 0;
  uint32_t width = 4, height = 4, stride = 4;
  api::Basis basis = api::Basis::Bezier;
  api::Degree degree = api::Degree::Cubic;
};
struct DrawTriPatch {
  uint32_t handle = 0;
  std::vector<float> segments{1, 1, 1};
  uint32_t has_info = 1;
  uint32_t start_vertex_offset = 0, num_vertices = 10;
  api::Basis basis = api::Basis::Bezier;
  api::Degree degree = api::Degree::Cubic;
};

// D3D9 SetClipPlane (opcode 40): user clip plane `index` (0..5) as (a, b, c, d); a point p
// is inside where a p.x + b p.y + c p.z + d p.w >= 0, in world space for fixed-function
// vertex processing and in clip space with a vertex shader. Enabled by CLIPPLANEENABLE.
struct SetClipPlane {
  uint32_t index = 0;
  std::vector<float> plane{0, 0, 0, 0};
};
// IDirect3DBaseTexture9::SetLOD (opcode 41): the most detailed mip level texture `id`
// gives its samplers (a property of the texture object, 0 = all levels).
struct SetLod {
  ResourceId id = 0;
  uint32_t lod = 0;
};

// --- frame (opcodes 80..95) ---
// D3D9 Clear over the current viewport (scissored when the scissor test is on).
struct Clear {
  uint32_t flags = api::ClearTarget | api::ClearZBuffer;
  uint32_t color = 0xFF000000;  // 0xAARRGGBB
  float depth = 1.0f;
  uint32_t stencil = 0;
};
struct Present {};
// D3D9 StretchRect(back buffer -> a render-target texture's surface, same size, no
// filtering) / D3D10 ResolveSubresource(texture, 0, back buffer, 0, format): the back
// buffer's colour, its samples averaged as at Present, becomes level 0 of `texture` (a 2D
// A8R8G8B8 or X8R8G8B8 texture of the back buffer's size), after every earlier draw.
struct Resolve {
  ResourceId texture = 0;
};
// D3D9 StretchRect / UpdateSurface / UpdateTexture, GL glCopyTexImage2D and
// glCopyTexSubImage2D (opcode 85): the source rectangle of `source` (0: the back buffer,
// its samples averaged as at Present; else level `source_level` of a 2D texture) copied
// into the destination rectangle of level `dest_level` of 2D texture `dest`, after every
// earlier draw. Rectangles are D3D RECTs in pixels (right and bottom exclusive, y down);
// a rectangle of four zeros is the whole surface (D3D9's NULL). When the sizes differ the
// copy stretches with `filter`, point or linear. Formats: between the back buffer,
// A8R8G8B8 and X8R8G8B8 (from X8R8G8B8 alpha becomes 0xFF), else the same format on both
// sides (point only). flip_y 1 takes the source rectangle's rows bottom row first (GL's
// glCopyTexImage2D: window rows count up from the bottom, texture rows from t = 0).
struct CopyRect {
  ResourceId source = 0;
  uint32_t source_level = 0;
  ResourceId dest = 0;
  uint32_t dest_level = 0;
  uint32_t src_left = 0, src_top = 0, src_right = 0, src_bottom = 0;
  uint32_t dst_left = 0, dst_top = 0, dst_right = 0, dst_bottom = 0;
  api::Filter filter = api::Filter::Point;
  uint32_t flip_y = 0;
};

using Command = std::variant<
    CreateVertexBuffer, CreateIndexBuffer, CreateTexture, CreateShader, CreateVertexDeclaration,
    ReleaseResource, SetVertexDeclaration, SetStreamSource, SetIndices, SetTexture, SetSamplerState,
    SetVertexShader, SetPixelShader, SetShaderConstants, SetTransform, SetViewport, SetScissorRect,
    SetRenderStates, DrawPrimitive, DrawIndexedPrimitive, Draw, DrawIndexed, DrawInstanced,
    DrawIndexedInstanced, Clear, Present, SetLight, LightEnable, SetMaterial, SetShaderConstantsInt,
    SetShaderConstantsBool, SetTextureStageState, SetStreamSourceFreq, SetNPatchMode, DeletePatch,
    DrawRectPatch, DrawTriPatch, SetRenderTarget, SetClipPlane, SetLod, CreateRasterizerState,
    SetRasterizerState, CreateDepthStencilState, SetDepthStencilState, CreateBlendState,
    SetBlendState, CreateConstantBuffer, UpdateConstantBuffer, SetConstantBuffers,
    CreateSamplerState, SetSamplers, SetShaderResources, CreateInputLayout, SetInputLayout,
    CreateView, SetRenderTargets, ClearRenderTargetView, ClearDepthStencilView, Resolve, CopyRect>;

// Binary opcode and YAML name of a command.
uint16_t opcode_of(const Command& c);
const char* name_of(const Command& c);
bool is_draw(const Command& c);

}  // namespace gfx::trace
