// Small instruction builders shared by the fixed-function program generators. Internal to
// fixed_function.cpp and the ff_*.cpp generators.
#pragma once

#include <string>

#include "func/shader/fixed_function.h"
#include "func/shader/isa.h"

namespace gfx::func::ff {

inline Src reg(RegFile file, uint16_t index, uint8_t swz = kSwizzleIdentity, bool neg = false) {
  Src s;
  s.file = file;
  s.index = index;
  s.swz = swz;
  s.negate = neg;
  return s;
}
inline Src c(uint16_t i, uint8_t swz = kSwizzleIdentity) { return reg(RegFile::Const, i, swz); }
inline Src r(uint16_t i, uint8_t swz = kSwizzleIdentity) { return reg(RegFile::Temp, i, swz); }
inline Src v(uint16_t i, uint8_t swz = kSwizzleIdentity) { return reg(RegFile::Input, i, swz); }
inline Src neg(Src s) {
  s.negate = !s.negate;
  return s;
}
// A single channel replicated (.xxxx etc.).
constexpr uint8_t kX = swizzle(0, 0, 0, 0), kY = swizzle(1, 1, 1, 1), kZ = swizzle(2, 2, 2, 2),
                  kW = swizzle(3, 3, 3, 3);
constexpr uint8_t kMaskXyz = 0x7;

inline Instr op(Op o, RegFile file, uint16_t index, uint8_t mask, Src a, Src b = Src{},
                Src c2 = Src{}, bool saturate = false) {
  Instr in;
  in.op = o;
  in.dst.file = file;
  in.dst.index = index;
  in.dst.mask = mask;
  in.dst.saturate = saturate;
  in.src[0] = a;
  in.src[1] = b;
  in.src[2] = c2;
  return in;
}

inline Instr end() {
  Instr in;
  in.op = Op::End;
  return in;
}

// Whether the declaration has a (used) element of that usage and index.
bool has_element(const api::VertexDeclaration& decl, api::DeclUsage usage, unsigned index);
// TEXCOORD0..7 of the declaration passed through to the varyings TexCoord0..7, with inputs
// and outputs from `in` / `out` onward, noted in `name`.
void emit_texcoord_passthrough(Program& p, const api::VertexDeclaration& decl, uint16_t& in,
                               uint16_t& out, std::string& name);
// The end of a vertex program: End, the register counts and the closed name.
void finish_vertex_program(Program& p, uint16_t in, uint16_t out, const std::string& name);

// Per-stage texture coordinates of the FF vertex program (ff_texgen.cpp), appended after
// the other outputs: reads r0 (view-space position xyz) and r1 (view-space normal xyz)
// when the key's modes need them, uses temps 15..17, adds inputs and outputs from
// `in` / `out` onward and notes them in `name`.
void emit_texcoord_outputs(Program& p, const api::VertexDeclaration& decl, const FfVertexKey& key,
                           uint16_t& in, uint16_t& out, std::string& name);
constexpr int kFfTexgenTemps = 18;

// Table fog: temp `tmp`.x = the fog factor of distance `d` (a .x source) under `mode`,
// with the constants of kFfTableFogConst (ff_pixel.cpp).
void emit_table_fog_factor(Program& p, api::FogMode mode, Src d, uint16_t tmp);

}  // namespace gfx::func::ff
