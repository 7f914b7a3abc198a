// Translation of a decoded shader model 4 program (shader.h) into a Program of the internal
// ISA (func/shader/isa.h), as a D3D10 driver's shader compiler does before the cores run it.
//
// Register mapping:
//   r#        -> Temp # (dcl_temps); the translator's own scratch temps follow them.
//   cbN[i]    -> Const kConstantBufferRegisters * N + i (N < kConstantBufferSlots), so the
//                draw's c0..c255 hold the four constant buffers back to back.
//   l(...)    -> literal constants c(kImmediateBase + k), one per distinct value, raw bits.
//   vs v#     -> Input #, fed from the vertex-declaration element named by its ISGN semantic
//                (POSITION, NORMAL, COLOR, TEXCOORD, TANGENT, BINORMAL, BLENDWEIGHT,
//                BLENDINDICES, PSIZE, and ATTRIB, which build_container writes, as
//                TEXCOORD with the same semantic index); SV_VertexID / SV_InstanceID
//                (dcl_input_sgv) make v# a system value: the pipeline writes it as a float, and a
//                prologue ftou turns it into the uint bits SM4 code expects.
//   vs o#     -> the SV_Position output is o0 (clip position); any other o# -> o(1 + #),
//                bound to the varying Attr# (# < 16): D3D10 links stages by register.
//   ps v#     -> Input #, interpolated from the varying Attr# with its dcl_input_ps mode
//                (constant, linear, noperspective; centroid / sample at the pixel centre,
//                there being no MSAA), or the system value SV_Position (D3D10 form),
//                SV_PrimitiveID or SV_IsFrontFace (uint bits) in its declared components
//                (Program::pixel_system_values); translate_ps_decl.cpp.
//   ps o#     -> SV_Target# is o# (# < 8); oDepth is o8.x (func::kSm4DepthOutput).
//   t#, s#    -> sampler slot # (the pipeline binds a texture with its sampler state, so
//                `sample` needs t# and s# to have the same number); vs slots follow the ps ones.
//   x#[n]     -> n temps after the r# (dcl_indexableTemp); icb[] -> Program::icb.
//   [r.c + k] -> relative indexing through a0 (`movi`), bounded to the indexed array.
// SM4 booleans are bit patterns (0xFFFFFFFF / 0) held in the float registers; cmpm, movc and
// the integer ops work on the bits, and every condition (if, breakc, continuec, retc, callc,
// discard) tests the bits against 0, so -0.0 counts as true.
// Per-channel rcp/rsq/exp/log/sincos become one ISA instruction per written channel. Known
// differences from D3D10: rsq and log of a negative number take its absolute value (the
// ISA's D3D9 rule) instead of giving NaN; at most 32 temps (r#, x# and scratch together).
//
// Left out (gfx::Error "... not supported yet"): ld_ms, comparison sampling, the other pixel
// system values (sample index, render-target array index ...), gs. docs/shader-sm4.md
// section 8 has the full list.
#pragma once

#include <cstdint>
#include <string>

#include "d3d10/shader.h"
#include "func/shader/isa.h"

namespace gfx::d3d10 {

constexpr int kConstantBufferSlots = 4;
constexpr int kConstantBufferRegisters = 48;                                     // float4s
constexpr int kImmediateBase = kConstantBufferSlots * kConstantBufferRegisters;  // c192
constexpr int kMaxImmediates = 256 - kImmediateBase;

// `name` labels the program and starts every error message, e.g.
// "ps 3: instruction 5 (ishl): not supported yet". The result has prepare_flow() applied.
func::Program translate(const Shader& shader, const std::string& name = "shader");

}  // namespace gfx::d3d10
