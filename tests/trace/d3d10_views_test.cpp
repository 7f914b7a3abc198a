// The D3D10 view commands: what each one allows on its own (trace/check_d3d10_views.cpp)
// and against its texture (trace/views.h, as gfxsim-trace validate asks it), with the exact
// field and message; the one id space of views and textures in validate.
#include <gtest/gtest.h>

#include <string>

#include "common/error.h"
#include "trace/check.h"
#include "trace/validate.h"

namespace gfx::trace {
namespace {

using api::Format;
using api::ViewKind;

std::string problem(const Command& c) {
  try {
    check_command(c);
  } catch (const FieldError& e) {
    return e.field() + ": " + e.what();
  }
  return "";
}

CreateView view(ViewKind kind, ResourceId resource, Format f = Format::Unknown) {
  CreateView v;
  v.id = 9, v.kind = kind, v.resource = resource, v.format = f;
  return v;
}

TEST(D3D10ViewCheck, FormatsEachKindTakes) {
  EXPECT_EQ(problem(view(ViewKind::DepthStencil, 3, Format::D16_UNORM)), "");
  EXPECT_EQ(problem(view(ViewKind::ShaderResource, 3, Format::R24_UNORM_X8_TYPELESS)), "");
  EXPECT_EQ(problem(view(ViewKind::DepthStencil, 3, Format::R32_FLOAT)),
            "format: a depth_stencil view takes d16_unorm, d24_unorm_s8_uint or d32_float, not "
            "r32_float");
  EXPECT_EQ(problem(view(ViewKind::ShaderResource, 3, Format::D32_FLOAT)),
            "format: d32_float cannot be sampled; a shader_resource view of a depth texture takes "
            "r16_unorm, r24_unorm_x8_typeless or r32_float");
  EXPECT_EQ(problem(view(ViewKind::RenderTarget, 3, Format::BC1_UNORM)),
            "format: bc1_unorm cannot be a render target");
  EXPECT_EQ(problem(view(ViewKind::RenderTarget, 3, Format::R24G8_TYPELESS)),
            "format: r24g8_typeless is not a view format (a typeless format is not either)");
}

TEST(D3D10ViewCheck, SubresourceFieldsByKind) {
  CreateView srv = view(ViewKind::ShaderResource, 3);
  srv.slice = 2;
  EXPECT_EQ(problem(srv), "slice: a shader_resource view sees the whole texture (slice 0)");
  CreateView rtv = view(ViewKind::RenderTarget, 3);
  rtv.mip_levels = 1;
  EXPECT_EQ(problem(rtv), "mip_levels: only shader_resource views take mip_levels");
  EXPECT_EQ(problem(view(ViewKind::ShaderResource, 0)),
            "resource: the back buffer (resource 0) has render_target and depth_stencil views "
            "only");
  CreateView bb = view(ViewKind::RenderTarget, 0);
  bb.mip_slice = 1;
  EXPECT_EQ(problem(bb), "mip_slice: the back buffer has one image");
  EXPECT_EQ(problem(CreateView{}), "id: resource id 0 is reserved for \"none\"");
}

TEST(D3D10ViewCheck, OutputBindingAndClears) {
  EXPECT_EQ(problem(SetRenderTargets{{1, 2, 3, 4, 5, 6, 7, 8}, 9}), "");
  EXPECT_EQ(problem(SetRenderTargets{{1, 2, 3, 4, 5, 6, 7, 8, 9}, 0}),
            "render_targets: 9 views for D3D10's 8 render-target slots");
  EXPECT_EQ(problem(ClearRenderTargetView{4, {1, 0, 0}}), "color: must be 4 floats (RGBA)");
  ClearDepthStencilView c;
  c.view = 4;
  c.flags = api::ClearTarget | api::ClearZBuffer;
  EXPECT_EQ(problem(c), "flags: a depth-stencil view clears zbuffer and stencil only");
  c.flags = api::ClearStencil;
  c.depth = 1.5f;
  EXPECT_EQ(problem(c), "depth: must be within [0, 1]");
  c.depth = 1.0f;
  c.stencil = 256;
  EXPECT_EQ(problem(c), "stencil: must be 0..255");
}

CreateTexture texture(ResourceId id, Format f, uint32_t levels = 1) {
  auto t = std::make_shared<api::Texture>();
  t->format = f;
  t->width = t->height = 4;
  for (uint32_t i = 0; i < levels; ++i) t->levels.emplace_back(64);
  return CreateTexture{id, t};
}

// The message validate gives for `last` after `before`, or "" when it passes.
std::string validate_problem(const std::vector<Command>& before, const Command& last) {
  Validator v;
  for (const Command& c : before) v.command(c);
  try {
    v.command(last);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(D3D10ViewValidate, FormatMustFitTheTexture) {
  const Command typeless = texture(3, Format::R24G8_TYPELESS);
  EXPECT_EQ(
      validate_problem({typeless}, view(ViewKind::DepthStencil, 3, Format::D24_UNORM_S8_UINT)), "");
  EXPECT_EQ(validate_problem({typeless}, view(ViewKind::ShaderResource, 3, Format::R32_FLOAT)),
            "create_view: field 'format': r32_float does not fit texture 3 (r24g8_typeless): a "
            "view takes the texture's format or, of a typeless texture, a format of its family");
  EXPECT_EQ(validate_problem({typeless}, view(ViewKind::ShaderResource, 3)),
            "create_view: field 'format': texture 3 (r24g8_typeless) is typeless: the view must "
            "name a format of its family");
  EXPECT_EQ(validate_problem({texture(3, Format::D32_FLOAT)}, view(ViewKind::ShaderResource, 3)),
            "create_view: field 'format': d32_float is a depth format: only a depth_stencil view "
            "takes it (a texture to sample is created typeless)");
  CreateView deep = view(ViewKind::RenderTarget, 3, Format::R8G8B8A8_UNORM);
  deep.mip_slice = 2;
  EXPECT_EQ(
      validate_problem({texture(3, Format::R8G8B8A8_TYPELESS, 2)}, deep),
      "create_view: field 'mip_slice': level 2 of texture 3 (r8g8b8a8_typeless), which has 2");
  EXPECT_EQ(validate_problem({}, view(ViewKind::RenderTarget, 5)),
            "create_view: texture 5 was never created or has been released");
}

TEST(D3D10ViewValidate, ViewsAndTexturesShareOneIdSpace) {
  const std::vector<Command> made = {texture(3, Format::R8G8B8A8_UNORM),
                                     view(ViewKind::RenderTarget, 3)};
  // Id 9 is a render-target view: not a shader resource, not a depth-stencil view.
  EXPECT_EQ(validate_problem(made, SetShaderResources{api::ShaderStage::Pixel, 0, {9}}),
            "set_shader_resources: view 9 is a render_target view, not a shader_resource one");
  EXPECT_EQ(validate_problem(made, SetRenderTargets{{9}, 9}),
            "set_render_targets: depth-stencil view 9 is a render_target view, not a "
            "depth_stencil one");
  EXPECT_EQ(validate_problem(made, SetShaderResources{api::ShaderStage::Pixel, 0, {3}}), "");
  EXPECT_EQ(validate_problem(made, ClearRenderTargetView{3, {0, 0, 0, 0}}),
            "clear_render_target_view: view 3 is a texture, not a view");
  EXPECT_EQ(validate_problem(made, ClearRenderTargetView{9, {0, 0, 0, 0}}), "");
}

}  // namespace
}  // namespace gfx::trace
