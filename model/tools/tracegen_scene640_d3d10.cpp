// scene640_d3d10: the scene of scene640 (tracegen_scene640.h) as a D3D10 application
// draws it: SM4 vertex and pixel shaders carried as DXBC containers (assembled here with
// gfx_d3d10, as fxc would have compiled them), the world-view-projection matrix in a
// constant buffer rewritten before every draw (UpdateSubresource), sampler state objects,
// shader resource views, rasterizer, depth-stencil and blend state objects, and DrawIndexed
// / Draw only. D3D10's half-pixel centres make its edges differ from the D3D9 trace's;
// the surfaces are the same. Vertex input is a D3D10 input layout created against the
// vertex shader: its ATTRIB0..2 read the position, the D3DCOLOR bytes as B8G8R8A8_UNORM and
// the texture coordinate of the meshes both traces share.
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "d3d10/assembler.h"
#include "d3d10/encode.h"
#include "tools/tracegen_scene640.h"
#include "tools/tracegen_traces.h"
#include "trace/builder.h"

namespace gfx::tracegen {

using api::Topology;

namespace {

// v0 position, v1 colour, v2 texcoord; out = v0 * WVP, the matrix's rows in cb0[0..3]
// (D3D's row vectors).
constexpr const char* kVertexShader = R"(vs_4_0
dcl_constantbuffer cb0[4], immediateIndexed
dcl_input v0.xyz
dcl_input v1.xyzw
dcl_input v2.xy
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xy
dcl_temps 1
mul r0.xyzw, v0.yyyy, cb0[1].xyzw
mad r0.xyzw, v0.xxxx, cb0[0].xyzw, r0.xyzw
mad r0.xyzw, v0.zzzz, cb0[2].xyzw, r0.xyzw
add o0.xyzw, r0.xyzw, cb0[3].xyzw
mov o1.xyzw, v1.xyzw
mov o2.xy, v2.xyxx
ret
)";

constexpr const char* kTexturedPixelShader = R"(ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v2.xy
dcl_output o0.xyzw
dcl_temps 1
sample r0.xyzw, v2.xyxx, t0.xyzw, s0
mul o0.xyzw, r0.xyzw, v1.xyzw
ret
)";

constexpr const char* kColorPixelShader = R"(ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
)";

std::vector<uint8_t> dxbc(const char* text) {
  const std::vector<uint32_t> words = d3d10::build_container(d3d10::parse_asm(text));
  std::vector<uint8_t> bytes(words.size() * 4);
  for (size_t i = 0; i < words.size(); ++i)
    for (int k = 0; k < 4; ++k) bytes[4 * i + k] = uint8_t(words[i] >> (8 * k));
  return bytes;
}

// The meshes' vertex (position, D3DCOLOR, texture coordinate; kStridePCT bytes) as the
// shader's ATTRIB0..2 read it. D3DCOLOR's bytes are B, G, R, A: DXGI's B8G8R8A8_UNORM.
std::shared_ptr<const api::InputLayout> input_layout() {
  auto layout = std::make_shared<api::InputLayout>();
  const api::VertexFormat formats[3] = {api::VertexFormat::R32G32B32_FLOAT,
                                        api::VertexFormat::B8G8R8A8_UNORM,
                                        api::VertexFormat::R32G32_FLOAT};
  for (uint32_t i = 0; i < 3; ++i) {
    api::InputElement e;
    e.semantic_name = "ATTRIB";
    e.semantic_index = i;
    e.format = formats[i];
    e.aligned_byte_offset = api::kAppendAligned;
    layout->elements.push_back(e);
  }
  return layout;
}

std::vector<uint8_t> matrix_bytes(const Mat4& m) {
  const api::Matrix4 f = to_api(m);
  std::vector<uint8_t> bytes(sizeof f);
  std::memcpy(bytes.data(), f.data(), sizeof f);
  return bytes;
}

void bind_samplers(trace::TraceBuilder& b, uint32_t id) {
  b.command(trace::SetSamplers{api::ShaderStage::Pixel, 0, {id}});
}

}  // namespace

void write_scene640_d3d10(const std::string& path) {
  trace::Header h;
  h.name = "scene640_d3d10";
  h.width = 640;
  h.height = 480;
  auto w = trace::Writer::create(path, h, trace::Form::Binary);
  trace::TraceBuilder b(*w);

  // --- resources and state objects, all created before the first frame ---
  const auto vs = b.shader(api::ShaderStage::Vertex, api::ShaderFormat::Dxbc, dxbc(kVertexShader));
  const auto ps_tex =
      b.shader(api::ShaderStage::Pixel, api::ShaderFormat::Dxbc, dxbc(kTexturedPixelShader));
  const auto ps_color =
      b.shader(api::ShaderStage::Pixel, api::ShaderFormat::Dxbc, dxbc(kColorPixelShader));
  trace::ResourceId textures[3];
  const auto images = scene640::textures();
  for (int i = 0; i < 3; ++i) textures[i] = b.texture(images[i]);
  const scene640::Model ground =
      scene640::upload(b, {scene640::ground(), false, Topology::TriangleList, false});
  const auto shapes = scene640::variants();
  scene640::Model variants[5];
  for (int i = 0; i < 5; ++i) variants[i] = scene640::upload(b, shapes[i]);
  const auto glass_vb = b.vertex_buffer_bytes(pack_pct(scene640::glass()));
  const std::vector<scene640::Object> objects = scene640::objects();
  const auto wvp = b.constant_buffer(std::vector<uint8_t>(64, 0));

  // State objects and input layouts have their own ids.
  b.command(trace::CreateInputLayout{1, vs, input_layout()});
  // Samplers: 1 linear min/mag with point mip, 2 point; both wrap, as the D3D9 trace's default
  // addressing does.
  api::SamplerDesc linear, point;
  linear.filter = api::D3D10Filter::MinMagLinearMipPoint;
  point.filter = api::D3D10Filter::MinMagMipPoint;
  for (api::SamplerDesc* s : {&linear, &point})
    s->address_u = s->address_v = s->address_w = api::Address::Wrap;
  b.command(trace::CreateSamplerState{1, linear});
  b.command(trace::CreateSamplerState{2, point});
  api::RasterizerDesc solid;  // cull back, clockwise front: D3D9's CULL_CCW
  api::RasterizerDesc two_sided;
  two_sided.cull_mode = api::D3D10Cull::None;
  b.command(trace::CreateRasterizerState{1, solid});
  b.command(trace::CreateRasterizerState{2, two_sided});
  api::DepthStencilDesc opaque, tested;
  opaque.depth_func = tested.depth_func = api::CmpFunc::LessEqual;
  tested.depth_write_mask = api::DepthWriteMask::Zero;
  b.command(trace::CreateDepthStencilState{1, opaque});
  b.command(trace::CreateDepthStencilState{2, tested});
  api::BlendDesc off, alpha;
  alpha.blend_enable = {1};
  alpha.src_blend = api::Blend::SrcAlpha;
  alpha.dest_blend = api::Blend::InvSrcAlpha;
  b.command(trace::CreateBlendState{1, off});
  b.command(trace::CreateBlendState{2, alpha});

  b.set_viewport({0, 0, 640, 480, 0.0f, 1.0f});
  b.command(trace::SetInputLayout{1});
  b.set_vertex_shader(vs);
  b.command(trace::SetConstantBuffers{api::ShaderStage::Vertex, 0, {wvp}});
  const Mat4 projection = scene640::projection();

  auto draw = [&](const Mat4& world, const Mat4& view_projection, const scene640::Model& d) {
    b.command(trace::UpdateConstantBuffer{wvp, 0, matrix_bytes(world * view_projection)});
    b.set_stream_source(0, d.vb, kStridePCT);
    b.set_indices(d.ib);
    b.draw_indexed(d.topology, d.indices);
  };

  for (int f = 0; f < scene640::kFrames; ++f) {
    const Mat4 view_projection = scene640::view(f) * projection;
    b.command(trace::SetRasterizerState{1});
    b.command(trace::SetDepthStencilState{1});
    b.command(trace::SetBlendState{1});
    b.set_pixel_shader(ps_tex);
    b.clear(api::ClearTarget | api::ClearZBuffer, scene640::kClearColor, 1.0f);

    b.command(trace::SetShaderResources{api::ShaderStage::Pixel, 0, {textures[0]}});
    bind_samplers(b, 1);
    draw(identity(), view_projection, ground);
    for (int i = 0; i < scene640::kObjects; ++i) {
      b.command(trace::SetShaderResources{api::ShaderStage::Pixel, 0, {textures[i % 3]}});
      bind_samplers(b, i % 2 == 0 ? 1 : 2);  // linear + point mip, or point
      draw(scene640::world(objects[i], f), view_projection, variants[i % 5]);
    }

    // Transparent quads last: blended over the opaque scene, tested but not written.
    b.command(trace::UpdateConstantBuffer{wvp, 0, matrix_bytes(view_projection)});
    b.set_pixel_shader(ps_color);
    b.command(trace::SetRasterizerState{2});
    b.command(trace::SetDepthStencilState{2});
    b.command(trace::SetBlendState{2});
    b.set_stream_source(0, glass_vb, kStridePCT);
    for (uint32_t i = 0; i < 4; ++i) b.draw(Topology::TriangleStrip, 4, 4 * i);
    b.present();
  }
  b.flush();
  w->finish();
}

}  // namespace gfx::tracegen
