// ARB programs of the ATTILA captures (ogl/torus, ogl/billboard, ogl/spheremap, ogl/bunny;
// texts copied from their glProgramStringARB calls): the binding table each gets, the
// clip-space epilogue, and the errors for what has no exact D3D9 form.
#include <gtest/gtest.h>

#include <string>

#include "arb_test_util.h"

namespace gfx::import::test {
namespace {

const char* const kTorus = R"(!!ARBvp1.0
ATTRIB iPos = vertex.position;
ATTRIB iCol = vertex.color;
ATTRIB iNorm = vertex.normal;
PARAM modelview[] = { state.matrix.modelview };
PARAM projection[] = { state.matrix.projection };
PARAM lightparam =  program.local[8];
TEMP R0, R1, R2, R3;

DP4 R0.x,iPos,modelview[0];	# Modelview transformation
DP4 R0.y,iPos,modelview[1];	# Modelview transformation
DP4 R0.z,iPos,modelview[2];	# Modelview transformation
DP4 R0.w,iPos,modelview[3];	# Modelview transformation

DP4 R1.x,R0,projection[0];	# Projection transformation
DP4 R1.y,R0,projection[1];	# Projection transformation
DP4 R1.z,R0,projection[2];	# Projection transformation
DP4 R1.w,R0,projection[3];	# Projection transformation

DP3 R2.x, modelview[0], iNorm;  # Normal transformation
DP3 R2.y, modelview[1], iNorm;  # Normal transformation
DP3 R2.z, modelview[2], iNorm;  # Normal transformation

DP3 R2.w, lightparam, R2;
MUL R3.xyzw,iCol.xyzw,R2.wwww;
MOV result.color,R3;
MOV result.position,R1;
END)";

const char* const kBillboard = R"(!!ARBvp1.0
ADDRESS addr;
TEMP result1;
PARAM local[] = { program.local[0..90] };
PARAM mvp[] = { state.matrix.mvp };
ARL addr.x, vertex.attrib[1].x;
MUL result1, local[addr.x + 20], vertex.attrib[1].y;
ADD result1, result1, vertex.attrib[0];
DP4 result.position.x, result1, mvp[0];
DP4 result.position.y, result1, mvp[1];
DP4 result.position.z, result1, mvp[2];
DP4 result.position.w, result1, mvp[3];
MOV result.color, vertex.color;
MOV result.texcoord.xy, local[addr.x + 24];
END)";

const char* const kSpheremap = R"(!!ARBvp1.0
# ------------ Basic vertex input binding ------------
ATTRIB iPos = vertex.position;
ATTRIB iColorPrim = vertex.color.primary; 
ATTRIB iColorSec = vertex.color.secondary; 
PARAM mvp[4] = { state.matrix.mvp };
OUTPUT oPos = result.position;
OUTPUT oColorPrimFront = result.color.front.primary;
OUTPUT oColorSecFront = result.color.front.secondary; 
DP4 oPos.x, mvp[0], iPos;
DP4 oPos.y, mvp[1], iPos;
DP4 oPos.z, mvp[2], iPos;
DP4 oPos.w, mvp[3], iPos;
MOV result.texcoord[0], vertex.texcoord[0];
MOV result.texcoord[1], vertex.texcoord[1];
MOV oColorPrimFront, iColorPrim;
MOV oColorSecFront, iColorSec;
END
)";

const char* const kBunnyFp = R"(!!ARBfp1.0

OUTPUT output = result.color;
TEMP normal, lightVec, viewVec, reflVec, diffuse, specular, light;

PARAM specExp = 32;
PARAM base = { 1, 0.7, 0, 0 };


TEX		normal, fragment.texcoord[0], texture[0], 2D;
MAD		normal, normal, 2, -1;

DP3		normal.w, normal, normal;
RSQ		normal.w, normal.w;
MUL		normal, normal, normal.w;

DP3		lightVec.w, fragment.texcoord[1], fragment.texcoord[1];
RSQ		lightVec.w, lightVec.w;
MUL		lightVec, fragment.texcoord[1], lightVec.w;

DP3		viewVec.w, fragment.texcoord[2], fragment.texcoord[2];
RSQ		viewVec.w, viewVec.w;
MUL		viewVec, fragment.texcoord[2], viewVec.w;

DP3		reflVec, viewVec, normal;
MUL		reflVec, reflVec, normal;
MAD		reflVec, reflVec, 2, -viewVec;

DP3_SAT	diffuse, lightVec, normal;
DP3_SAT specular, reflVec, lightVec;
POW		specular, specular.x, specExp.x;

MAD		light, diffuse, base, specular;
MAD		output, base, 0.1, light;

END 
)";

std::string paths(const ArbProgram& p) {
  std::string s;
  for (const ArbConstant& c : p.constants) s += "c" + std::to_string(c.reg) + "=" + c.path + " ";
  return s;
}

TEST(ArbProgram, TorusBindings) {
  const ArbProgram p = translate_arb_program(kTorus);
  EXPECT_EQ(p.target, ArbTarget::Vertex);
  EXPECT_EQ(paths(p),
            "c0=state.matrix.modelview[0].row[0] c1=state.matrix.modelview[0].row[1] "
            "c2=state.matrix.modelview[0].row[2] c3=state.matrix.modelview[0].row[3] "
            "c4=state.matrix.projection.row[0] c5=state.matrix.projection.row[1] "
            "c6=state.matrix.projection.row[2] c7=state.matrix.projection.row[3] "
            "c8=program.local[8] c9=viewport.fixup ");
  EXPECT_EQ(p.constants[5].kind, ArbParamKind::MatrixRow);
  EXPECT_EQ(p.constants[5].matrix, ArbMatrix::Projection);
  EXPECT_EQ(p.constants[5].row, 1u);
  EXPECT_EQ(p.constants[8].kind, ArbParamKind::Local);
  EXPECT_EQ(p.constants[8].index, 8u);
  ASSERT_EQ(p.attributes.size(), 3u);  // by register: position v0, normal v2, colour v3
  EXPECT_EQ(p.attributes[0].usage, api::DeclUsage::Position);
  EXPECT_EQ(p.attributes[1].reg, 2u);
  EXPECT_EQ(p.attributes[1].usage, api::DeclUsage::Normal);
  EXPECT_EQ(p.attributes[2].reg, 3u);
  EXPECT_EQ(p.attributes[2].usage, api::DeclUsage::Color);
}

TEST(ArbProgram, TorusComputesGlClipSpaceThenD3dEpilogue) {
  ArbRun r(kTorus);
  // modelview: translate (0, 0, -4); projection: scale x by 2; light (0, 0, 1).
  r.set("state.matrix.modelview[0].row[0]", {1, 0, 0, 0});
  r.set("state.matrix.modelview[0].row[1]", {0, 1, 0, 0});
  r.set("state.matrix.modelview[0].row[2]", {0, 0, 1, -4});
  r.set("state.matrix.modelview[0].row[3]", {0, 0, 0, 1});
  r.set("state.matrix.projection.row[0]", {2, 0, 0, 0});
  r.set("state.matrix.projection.row[1]", {0, 1, 0, 0});
  r.set("state.matrix.projection.row[2]", {0, 0, -1, -2});
  r.set("state.matrix.projection.row[3]", {0, 0, -1, 0});
  r.set("program.local[8]", {0, 0, 1, 0});
  // A 200 x 100 viewport: (-1 / 200, 1 / 100, 0.5, 0).
  r.set("viewport.fixup", {-1.0f / 200, 1.0f / 100, 0.5f, 0});
  r.inputs[0] = {1, 2, 1, 1};         // position
  r.inputs[2] = {0, 0.6f, 0.8f, 0};   // normal
  r.inputs[3] = {1, 0.5f, 0.25f, 1};  // colour
  r.run();
  // Eye (1, 2, -3, 1); GL clip (2, 2, 1, 3): D3D x = 2 - 3 / 200, y = 2 + 3 / 100,
  // z = (1 + 3) / 2, w = 3.
  const Vec4 pos = r.out(0);
  EXPECT_EQ(pos[0], 2.0f + 3.0f * (-1.0f / 200));
  EXPECT_EQ(pos[1], 2.0f + 3.0f * (1.0f / 100));
  EXPECT_EQ(pos[2], 2.0f);
  EXPECT_EQ(pos[3], 3.0f);
  EXPECT_EQ(r.out(d3d9::kVsColorOutputBase), (Vec4{0.8f, 0.4f, 0.2f, 0.8f}));
}

TEST(ArbProgram, BillboardBindsLocalRangeAndIndexesIt) {
  ArbRun r(kBillboard);
  std::string want;
  for (int i = 0; i <= 90; ++i)
    want += "c" + std::to_string(i) + "=program.local[" + std::to_string(i) + "] ";
  for (int i = 0; i < 4; ++i)
    want += "c" + std::to_string(91 + i) + "=state.matrix.mvp.row[" + std::to_string(i) + "] ";
  EXPECT_EQ(paths(r.program), want + "c95=viewport.fixup ");
  ASSERT_EQ(r.program.attributes.size(), 3u);
  EXPECT_EQ(r.program.attributes[1].usage, api::DeclUsage::BlendWeight);  // vertex.attrib[1]
  // Corner 3 of a billboard scaled by 2: local[23] is the corner's offset, local[27] its
  // texture coordinate.
  r.set("program.local[23]", {-1, 1, 0, 0});
  r.set("program.local[27]", {0, 1, 0, 0});
  for (int i = 0; i < 4; ++i) {
    Vec4 row{0, 0, 0, 0};
    row[size_t(i)] = 1;
    r.set("state.matrix.mvp.row[" + std::to_string(i) + "]", row);
  }
  r.set("viewport.fixup", {0, 0, 0.5f, 0});
  r.inputs[0] = {5, 6, -7, 1};
  r.inputs[1] = {3.5f, 2, 0, 0};
  r.inputs[3] = {1, 1, 1, 1};
  r.run();
  EXPECT_EQ(r.out(0), (Vec4{3, 8, -3, 1}));
  EXPECT_EQ(r.out(d3d9::kVsTexCoordOutputBase)[1], 1.0f);
}

TEST(ArbProgram, SpheremapOutputsBothColoursAndTwoCoordinateSets) {
  const ArbProgram p = translate_arb_program(kSpheremap);
  ASSERT_EQ(p.attributes.size(), 5u);
  EXPECT_EQ(p.attributes[2].reg, 4u);  // the secondary colour: COLOR1
  EXPECT_EQ(p.attributes[2].usage_index, 1u);
  EXPECT_EQ(p.attributes[3].usage, api::DeclUsage::TexCoord);
  EXPECT_EQ(p.attributes[4].usage_index, 1u);
  EXPECT_NE(p.assembly.find("mov oD1, v4.xyzw\n"), std::string::npos) << p.assembly;
  EXPECT_NE(p.assembly.find("mov oT1, v9.xyzw\n"), std::string::npos);
}

TEST(ArbProgram, BunnyFragmentProgram) {
  ArbRun r(kBunnyFp);
  EXPECT_EQ(r.program.target, ArbTarget::Fragment);
  EXPECT_TRUE(r.program.constants.empty());  // literals only, as defs
  ASSERT_EQ(r.program.samplers.size(), 1u);
  EXPECT_EQ(r.program.samplers[0].unit, 0u);
  EXPECT_EQ(r.program.samplers[0].target, ArbTextureTarget::Tex2D);
  EXPECT_NE(r.program.assembly.find("dcl_2d s0\n"), std::string::npos);
  EXPECT_NE(r.program.assembly.find("texld r30, r29, s0\n"), std::string::npos);
}

TEST(ArbProgram, PositionInvariantUsesTheMvpRows) {
  ArbRun r("!!ARBvp1.0\nOPTION ARB_position_invariant;\nMOV result.color, vertex.color;\nEND\n");
  EXPECT_TRUE(r.program.position_invariant);
  EXPECT_EQ(paths(r.program),
            "c0=state.matrix.mvp.row[0] c1=state.matrix.mvp.row[1] c2=state.matrix.mvp.row[2] "
            "c3=state.matrix.mvp.row[3] c4=viewport.fixup ");
  for (int i = 0; i < 4; ++i)
    r.set("state.matrix.mvp.row[" + std::to_string(i) + "]", {1, 1, 1, 1});
  r.set("viewport.fixup", {0, 0, 0.5f, 0});
  r.inputs[0] = {1, 2, 3, 4};
  r.run();
  EXPECT_EQ(r.out(0), (Vec4{10, 10, 10, 10}));
}

TEST(ArbProgram, StateBindingsAreCanonical) {
  const ArbProgram p = translate_arb_program(
      "!!ARBvp1.0\nPARAM a[] = { state.light[1].spot.direction, state.material.shininess,\n"
      "  state.lightmodel.scenecolor, state.lightprod[0].back.diffuse, state.texgen.eye.q,\n"
      "  state.fog.params, state.matrix.texture.invtrans.row[1..2], state.clip[2].plane,\n"
      "  state.matrix.modelview[1].inverse.row[3], program.env[5] };\n"
      "MOV result.position, a[3];\nMOV result.color, state.lightmodel.ambient;\nEND\n");
  EXPECT_EQ(paths(p),
            "c0=state.light[1].spot.direction c1=state.material.front.shininess "
            "c2=state.lightmodel.front.scenecolor c3=state.lightprod[0].back.diffuse "
            "c4=state.texgen[0].eye.q c5=state.fog.params "
            "c6=state.matrix.texture[0].invtrans.row[1] c7=state.matrix.texture[0].invtrans.row[2] "
            "c8=state.clip[2].plane c9=state.matrix.modelview[1].inverse.row[3] "
            "c10=program.env[5] c11=state.lightmodel.ambient c12=viewport.fixup ");
  EXPECT_EQ(p.constants[7].modifier, ArbMatrixModifier::InverseTranspose);
  EXPECT_EQ(p.constants[9].index, 1u);
  EXPECT_EQ(p.constants[10].kind, ArbParamKind::Env);
}

TEST(ArbProgram, EqualBindingsShareAConstantOutsideArrays) {
  const ArbProgram p = translate_arb_program(
      "!!ARBfp1.0\nPARAM x = program.local[2];\nPARAM y = program.local[2];\n"
      "ADD result.color, x, program.local[2];\nMUL result.color, y, 2;\nEND\n");
  EXPECT_EQ(paths(p), "c0=program.local[2] ");
}

std::string error_of(const std::string& text) {
  try {
    translate_arb_program(text);
  } catch (const ArbError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(ArbProgram, ErrorsNameTheLineAndTheConstruct) {
  EXPECT_EQ(error_of("!!ARBvp2.0\nEND\n"),
            "program line 1: '!!ARBvp2.0' is not an ARB program header (!!ARBvp1.0 or !!ARBfp1.0)");
  EXPECT_EQ(error_of("!!ARBvp1.0\nTEMP t;\nFOO t, t;\nEND\n"),
            "program line 3: 'FOO' is not an ARBvp1.0 instruction");
  EXPECT_EQ(error_of("!!ARBvp1.0\nKIL vertex.position;\nEND\n"),
            "program line 2: 'KIL' is not an ARBvp1.0 instruction");
  EXPECT_EQ(error_of("!!ARBvp1.0\nMOV result.color.back, vertex.color;\nEND\n"),
            "program line 2: result.color.back: two-sided colour is not supported");
  EXPECT_EQ(
      error_of("!!ARBfp1.0\nTEMP t;\n\nTEX t, fragment.texcoord[0], texture[1], RECT;\nEND\n"),
      "program line 4: texture target RECT (unnormalized coordinates) has no D3D9 form");
  EXPECT_EQ(error_of("!!ARBfp1.0\nMOV result.color, fragment.position;\nEND\n"),
            "program line 2: fragment.position has no exact D3D9 ps_2_x input");
  EXPECT_EQ(error_of("!!ARBfp1.0\nOPTION ARB_fog_linear;\nEND\n"),
            "program line 2: OPTION ARB_fog_linear: GL's fog in a fragment program has no exact "
            "D3D9 ps_2_x form");
  EXPECT_EQ(error_of("!!ARBvp1.0\nMOV result.position, q;\nEND\n"),
            "program line 2: 'q' is not declared");
  EXPECT_EQ(error_of("!!ARBvp1.0\nTEMP t;\nRCP t, vertex.position;\nEND\n"),
            "program line 3: RCP takes a scalar operand (.x, .y, .z or .w)");
  EXPECT_EQ(error_of("!!ARBvp1.0\nPARAM m = state.matrix.mvp;\nEND\n"),
            "program line 2: state.matrix.mvp binds 4 rows: use .row[n] or a PARAM array");
  EXPECT_EQ(error_of("!!ARBfp1.0\nPARAM p[] = { program.local[0..32] };\nEND\n"),
            "program line 2: the program needs more than 32 constant registers (ps_2_x)");
  EXPECT_EQ(error_of("!!ARBvp1.0\nMOV result.position, vertex.matrixindex;\nEND\n"),
            "program line 2: vertex.matrixindex (matrix palette skinning) is not supported");
  EXPECT_EQ(error_of("!!ARBvp1.0\nTEMP t;\nMOV t, t;\n"), "program line 4: the program has no END");
  EXPECT_EQ(error_of("!!ARBvp1.0\nTEMP t, t;\nEND\n"),
            "program line 2: 't' is already declared (line 2)");
  EXPECT_EQ(error_of("!!ARBfp1.0\nTEMP t;\nTEX t, fragment.texcoord[0], texture[0], 2D;\n"
                     "TEX t, fragment.texcoord[0], texture[0], CUBE;\nEND\n"),
            "program line 4: texture[0] is sampled as two different targets");
}

}  // namespace
}  // namespace gfx::import::test
