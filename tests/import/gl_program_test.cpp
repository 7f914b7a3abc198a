// The GL side of ARB programs: program objects, parameters and enables of a capture become
// a D3D9 shader, set_vertex/pixel_shader and the constants the binding table asks for, in
// the trace the importer writes; and the errors of program strings and draws.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "collect.h"
#include "common/error.h"
#include "import/gl_program_constants.h"
#include "import/gli_reader.h"
#include "import/import_gli.h"
#include "trace/writer.h"

namespace gfx::import {
namespace {

Collect import_text(const std::string& body) {
  Collect c;
  import_gli(parse_gli_text("GLI0.t\nglViewport(0,0,64,32)\n" + body, "cap.txt"), c, {});
  return c;
}

std::string error_of(const std::string& body) {
  try {
    import_text(body);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

const std::string kTri =
    "glBegin(GL_TRIANGLES)\nglVertex2f(0,0)\nglVertex2f(1,0)\nglVertex2f(1,1)\nglEnd()\n";

const std::string kVp =
    "!!ARBvp1.0\nPARAM mv[] = { state.matrix.modelview };\nPARAM l = program.local[2];\n"
    "DP4 result.position.x, vertex.position, mv[0];\nDP4 result.position.y, vertex.position, "
    "mv[1];\n"
    "DP4 result.position.z, vertex.position, mv[2];\nDP4 result.position.w, vertex.position, "
    "mv[3];\n"
    "MOV result.color, l;\nEND";

std::string load(const std::string& target, const std::string& text) {
  return "glBindProgramARB(" + target + ",1)\nglProgramStringARB(" + target +
         ",GL_PROGRAM_FORMAT_ASCII_ARB," + std::to_string(text.size()) + ",\"" + text + "\")\n";
}

TEST(GlPrograms, DrawSetsTheShaderAndItsConstants) {
  Collect c = import_text(load("GL_VERTEX_PROGRAM_ARB", kVp) +
                          "glProgramLocalParameter4fARB(GL_VERTEX_PROGRAM_ARB,2,0.5,0.25,1,1)\n"
                          "glEnable(GL_VERTEX_PROGRAM_ARB)\nglTranslatef(1,2,3)\n" +
                          kTri);
  auto shaders = c.all<trace::CreateShader>();
  ASSERT_EQ(shaders.size(), 1u);
  const std::vector<uint32_t> tokens = translate_arb_program(kVp).tokens;
  std::vector<uint8_t> bytes(tokens.size() * 4);
  std::memcpy(bytes.data(), tokens.data(), bytes.size());
  EXPECT_EQ(shaders[0].shader->stage, api::ShaderStage::Vertex);
  EXPECT_EQ(shaders[0].shader->data, bytes);
  auto set = c.all<trace::SetVertexShader>();
  ASSERT_EQ(set.size(), 1u);
  EXPECT_EQ(set[0].id, shaders[0].id);
  auto k = c.all<trace::SetShaderConstants>();
  ASSERT_EQ(k.size(), 1u);
  EXPECT_EQ(k[0].stage, api::ShaderStage::Vertex);
  EXPECT_EQ(k[0].start_register, 0u);
  // GL's modelview rows (a translation in the last column), the local, the 64x32 fix-up.
  EXPECT_EQ(k[0].values,
            (std::vector<float>{1, 0, 0, 1, 0,    1,     0, 2, 0,          0,         1,    3,
                                0, 0, 0, 1, 0.5f, 0.25f, 1, 1, -1.0f / 64, 1.0f / 32, 0.5f, 0}));
}

TEST(GlPrograms, OnlyChangedConstantsAreSentAndDisablingRestoresFixedFunction) {
  Collect c =
      import_text(load("GL_VERTEX_PROGRAM_ARB", kVp) + "glEnable(GL_VERTEX_PROGRAM_ARB)\n" + kTri +
                  "glProgramLocalParameter4fvARB(GL_VERTEX_PROGRAM_ARB,2,{1,2,3,4})\n" + kTri +
                  "glDisable(GL_VERTEX_PROGRAM_ARB)\n" + kTri);
  auto k = c.all<trace::SetShaderConstants>();
  ASSERT_EQ(k.size(), 2u);
  EXPECT_EQ(k[1].start_register, 4u);
  EXPECT_EQ(k[1].values, (std::vector<float>{1, 2, 3, 4}));
  auto set = c.all<trace::SetVertexShader>();
  ASSERT_EQ(set.size(), 2u);
  EXPECT_NE(set[0].id, 0u);
  EXPECT_EQ(set[1].id, 0u);
  EXPECT_EQ(c.all<trace::CreateShader>().size(), 1u);
}

TEST(GlPrograms, BatchesCarryTheNormalAVertexProgramReads) {
  Collect c = import_text(load("GL_VERTEX_PROGRAM_ARB",
                               "!!ARBvp1.0\nMOV result.position, vertex.position;\n"
                               "MOV result.color, vertex.normal;\nEND") +
                          "glEnable(GL_VERTEX_PROGRAM_ARB)\nglNormal3f(0,1,0)\n" + kTri);
  auto buffers = c.all<trace::CreateVertexBuffer>();
  ASSERT_EQ(buffers.size(), 1u);
  EXPECT_EQ(buffers[0].buffer->bytes.size(), 3u * (3 + 3 + 4) * 4);  // position, normal, colour
}

TEST(GlPrograms, FragmentProgramEnvAndFog) {
  Collect c = import_text(
      load("GL_FRAGMENT_PROGRAM_ARB", "!!ARBfp1.0\nMOV result.color, program.env[3];\nEND") +
      "glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB,3,0,1,0,1)\n"
      "glEnable(GL_FRAGMENT_PROGRAM_ARB)\nglEnable(GL_FOG)\n" +
      kTri);
  auto set = c.all<trace::SetPixelShader>();
  ASSERT_EQ(set.size(), 1u);
  EXPECT_NE(set[0].id, 0u);
  auto k = c.all<trace::SetShaderConstants>();
  ASSERT_EQ(k.size(), 1u);
  EXPECT_EQ(k[0].stage, api::ShaderStage::Pixel);
  EXPECT_EQ(k[0].values, (std::vector<float>{0, 1, 0, 1}));
  bool fog_off = false;
  for (const auto& s : c.all<trace::SetRenderStates>())
    for (const auto& r : s.states)
      if (r.id == api::RenderStateId::FogEnable) fog_off = r.value == 0;
  EXPECT_TRUE(fog_off);  // GL's fragment program replaces fog
}

TEST(GlPrograms, MatrixModifiersAndState) {
  GlState s;
  s.modelview.back() = gl_translate(1, 2, 3) * gl_scale(2, 2, 2);
  s.projection.back() = gl_scale(1, 1, -1);
  s.lights[0].diffuse = {0.5, 0.5, 0.5, 1};
  s.material.diffuse = {0.5, 1, 0.25, 0.75};
  auto& o = s.arb.object(gl::VERTEX_PROGRAM_ARB);
  o.program = std::make_shared<const ArbProgram>(translate_arb_program(
      "!!ARBvp1.0\nPARAM a[] = { state.matrix.modelview.inverse.row[0], "
      "state.matrix.mvp.transpose.row[3], state.lightprod[0].diffuse, "
      "state.matrix.modelview.invtrans.row[3] };\nMOV result.position, a[0];\nEND"));
  const ArbConstantValues v = arb_constant_values(s, o, gl::VERTEX_PROGRAM_ARB, 10, 10);
  ASSERT_EQ(v.size(), 5u);
  EXPECT_EQ(v[0].second, (std::array<float, 4>{0.5f, 0, 0, -0.5f}));  // inverse: x/2 - 1/2
  EXPECT_EQ(v[1].second, (std::array<float, 4>{1, 2, -3, 1}));        // the mvp's translation
  EXPECT_EQ(v[2].second, (std::array<float, 4>{0.25f, 0.5f, 0.125f, 0.75f}));
  EXPECT_EQ(v[3].second, (std::array<float, 4>{-0.5f, -1, -1.5f, 1}));
}

TEST(GlPrograms, Errors) {
  EXPECT_EQ(error_of(load("GL_VERTEX_PROGRAM_ARB", "!!ARBvp1.0\nMOV result.color.back, 1;\nEND")),
            "cap.txt:4: glProgramStringARB: program line 2: result.color.back: two-sided colour "
            "is not supported");
  EXPECT_EQ(error_of(load("GL_VERTEX_PROGRAM_ARB", "!!ARBfp1.0\nEND")),
            "cap.txt:4: glProgramStringARB: the program's header does not match the target "
            "GL_VERTEX_PROGRAM_ARB");
  EXPECT_EQ(error_of("glEnable(GL_VERTEX_PROGRAM_ARB)\n" + kTri),
            "cap.txt:8: glEnd: a draw with GL_VERTEX_PROGRAM_ARB enabled and no program string "
            "loaded for the bound program");
  EXPECT_EQ(error_of(load("GL_VERTEX_PROGRAM_ARB", kVp) +
                     "glEnable(GL_VERTEX_PROGRAM_ARB)\n"
                     "glEnable(GL_FOG)\n" +
                     kTri),
            "cap.txt:19: glEnd: GL fog with a vertex program (D3D9 reads oFog as the fog factor) "
            "(--skip-unknown skips it)");
  EXPECT_EQ(error_of(load("GL_VERTEX_PROGRAM_ARB",
                          "!!ARBvp1.0\nMOV result.position, state.matrix.texture.row[0];\nEND") +
                     "glEnable(GL_VERTEX_PROGRAM_ARB)\n" + kTri),
            "cap.txt:12: glEnd: state.matrix.texture[0].row[0]: the importer does not follow this "
            "matrix yet (--skip-unknown skips it)");
}

}  // namespace
}  // namespace gfx::import
