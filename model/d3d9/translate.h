// Translation of a decoded D3D9 shader (shader.h) into a Program of the internal ISA
// (func/shader/isa.h), as a driver's shader compiler does before the cores run it.
//
// Register mapping (the internal numbering the pipeline relies on):
//   vs inputs   v# -> Input # (bound by their dcl usage/index; dcl_vertexid / dcl_instanceid
//               make v# a system value instead, Program::vertex_id_reg / instance_id_reg)
//   vs outputs  o0 is the clip position (oPos, or the vs_3_0 o# declared position0);
//               vs_1_1..2_x oD0/oD1 -> o1/o2, oT0-7 -> o3..o10, oFog -> o11, oPts -> o12;
//               vs_3_0 o# (not position) -> o(1 + #), bound by its dcl usage to a Varying
//   ps inputs   ps_2_x v0/v1 -> Input 0/1 (Color0/1), t# -> Input 2 + # (TexCoord#);
//               ps_3_0 v# -> Input # by dcl usage, vPos -> Input 10, vFace -> Input 11
//   ps output   oC0 -> o0
//   r#, c#, i#, b#, a0, p0 keep their numbers; aL is only a loop counter / relative index.
// Macros m4x4/m4x3/m3x4/m3x3/m3x2 become dp4/dp3 sequences on consecutive constants;
// def/defi/defb become literal constants; sincos/sgn drop their 2.x scratch operands.
//
// ps_1_1 .. ps_1_4 (translate_ps1.cpp): r# -> r#, t# of 1_1..1_3 -> r(6 + #) (texture
// registers written by the texture instructions), the coordinate set t# -> Input 2 + #, v0/v1
// -> Input 0/1 read clamped to [0, 1], c0..c7 read clamped to [-1, 1]; r0 is copied to o0 at
// the end. Every arithmetic result is clamped to [-8, 8] (PixelShader1xMaxValue = 8, as most
// D3D9 hardware reports). The bump-environment states of stage s reach the program as
// constants c(kPs1BumpConstBase + 2s) = (MAT00, MAT10, MAT01, MAT11) and c(+1) = (LSCALE,
// LOFFSET, 0, 0), which the driver fills (ps1_bump_constants).
//
// Left out (gfx::Error "... not supported yet"): oC1-oC3 (MRT), oDepth, vPrimID,
// relative addressing of destinations (o[aL]), packed vs_3_0 outputs / ps_3_0 inputs (two
// dcls on one register), and the ps_1_x / partial-precision forms the decoder rejects.
#pragma once

#include <string>

#include "d3d9/shader.h"
#include "func/shader/isa.h"

namespace gfx::d3d9 {

// Internal registers of the system values and fixed outputs (see the table above).
constexpr uint16_t kPsPositionInput = 10, kPsFaceInput = 11;
constexpr uint16_t kPsTexCoordInputBase = 2;
constexpr uint16_t kVsColorOutputBase = 1, kVsTexCoordOutputBase = 3;
constexpr uint16_t kVsFogOutput = 11, kVsPointSizeOutput = 12;
constexpr uint16_t kPs1BumpConstBase = 16;  // c16..c31, two per texture stage
constexpr float kPs1MaxValue = 8.0f;        // D3DCAPS9.PixelShader1xMaxValue of the model

// `name` labels the program (Program::name) and starts every error message, e.g.
// "pixel shader 7: token 12 (texld r0, t0, s0): ...". The result has prepare_flow() applied.
func::Program translate(const Shader& shader, const std::string& name = "shader");

}  // namespace gfx::d3d9
