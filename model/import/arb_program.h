// ARB_vertex_program / ARB_fragment_program text -> D3D9 shader bytecode, with the table
// of what each constant register must hold (docs/importers.md, "ARB programs").
//
// Models: "!!ARBvp1.0" as vs_2_x and "!!ARBfp1.0" as ps_2_x (vs_2_x because D3D9 pairs a
// vs_3_0 only with a ps_3_0, and three of the captures draw a vertex program with
// GL's fixed-function fragment stage; 32 temporaries in both). Every ARBvp/ARBfp
// instruction, TEMP, ADDRESS (a0.x .. a0.w), ALIAS, OUTPUT, ATTRIB, PARAM (arrays, ranges,
// literals, program.local/env, state.*), swizzles, SWZ's extended swizzles, negation,
// _SAT, relative addressing, OPTION ARB_position_invariant. Instructions D3D9 lacks are
// short sequences (FLR = x - frc(x), DPH = dp3 + w, SGE/SLT/LIT/DST in ps, EXP/LOG,
// ARL = floor then mova, SWZ = mov + mul by +-1). A vertex program's result.position is
// written to r27 and an epilogue maps GL's clip space to D3D's: z' = (z + w) / 2 and the
// half-pixel shift x' = x - w / vw, y' = y + w / vh, from a constant (ViewportFixup) the
// importer fills per draw.
// Register use: user TEMPs r0..r26, r27 result.position, r28 result.depth, r29..r31
// scratch; literals are `def`s; bound parameters take the constants after them.
// Vertex attributes alias as on NVIDIA hardware (and in ATTILA): vertex.attrib[n] is v#n,
// position 0, weight 1, normal 2, color 3, secondary color 4, fogcoord 5, texcoord[n] 8+n.
// Leaves out (ArbError naming the program line and the construct): vertex.matrixindex,
// vertex.weight[n > 0], result.color.back (two-sided colour), fragment.position and
// fragment.fogcoord (ps_2_x has neither), RECT and SHADOW texture targets, the ARB_fog_*
// options, programs needing more than 27 TEMPs or more constants than the profile has
// (256 vs, 32 ps).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "api/enums.h"
#include "import/arb_lexer.h"

namespace gfx::import {

enum class ArbTarget { Vertex, Fragment };

// What a constant register holds. Literal constants are `def`s inside the shader and do
// not appear in the table.
enum class ArbParamKind {
  Local,          // program.local[index]
  Env,            // program.env[index]
  MatrixRow,      // a row of state.matrix.<matrix>[index][.modifier]
  State,          // any other state.* binding, by its canonical spelling (`path`)
  ViewportFixup,  // (-1 / viewport width, 1 / viewport height, 0.5, 0): the clip epilogue
};
enum class ArbMatrix { Modelview, Projection, Mvp, Texture, Palette, Program };
enum class ArbMatrixModifier { None, Inverse, Transpose, InverseTranspose };

struct ArbConstant {
  uint32_t reg = 0;  // c#
  ArbParamKind kind = ArbParamKind::Local;
  uint32_t index = 0;  // Local/Env: the parameter; MatrixRow: modelview[n] / texture[n] / ...
  ArbMatrix matrix = ArbMatrix::Modelview;
  ArbMatrixModifier modifier = ArbMatrixModifier::None;
  uint32_t row = 0;
  // Canonical spelling with every default written out: "program.local[8]",
  // "state.matrix.modelview[0].inverse.row[2]", "state.light[0].diffuse",
  // "state.material.front.shininess", "state.texgen[0].eye.s", "viewport.fixup".
  std::string path;
};

// A vertex attribute the program reads: v#reg, declared with usage/usage_index.
struct ArbAttribute {
  uint32_t reg = 0;  // = the generic attribute number (NV aliasing)
  api::DeclUsage usage = api::DeclUsage::Position;
  uint32_t usage_index = 0;
};

enum class ArbTextureTarget { Tex1D, Tex2D, Tex3D, Cube };
struct ArbSampler {
  uint32_t unit = 0;
  ArbTextureTarget target = ArbTextureTarget::Tex2D;
};

struct ArbProgram {
  ArbTarget target = ArbTarget::Vertex;
  std::string assembly;          // the D3D9 asm text (vs_2_x / ps_2_x)
  std::vector<uint32_t> tokens;  // its bytecode
  std::vector<ArbConstant> constants;
  std::vector<ArbAttribute> attributes;  // vertex programs
  std::vector<ArbSampler> samplers;      // fragment programs
  bool position_invariant = false;
  bool writes_secondary_color = false;  // result.color.secondary (oD1)
};

// Translates a whole program string (header to END). Throws ArbError (line of the
// program text and the construct) for syntax errors and for what has no exact D3D9 form.
ArbProgram translate_arb_program(const std::string& text);

}  // namespace gfx::import
