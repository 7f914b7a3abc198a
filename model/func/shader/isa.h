// The internal shader ISA that the unified shader cores execute. The driver layer
// translates fixed-function state (and, later, D3D9 bytecode) into Programs of this ISA.
// Registers are float4; every instruction names one destination and up to three
// sources with swizzle and modifiers, like D3D9 asm, so the translation stays direct.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "api/enums.h"
#include "func/math.h"

namespace gfx::func {

enum class Op : uint8_t {
  Nop,
  Mov, Add, Sub, Mul, Mad, Dp3, Dp4, Min, Max, Slt, Sge, Frc, Abs,  // ALU
  Rcp, Rsq, Exp, Log,                                                // transcendental
  Tex,                                                               // sample src0.xy with sampler
  End,
};

// Timing class of an opcode: the shader core takes latency and issue rate per class
// from its config.
enum class OpClass : uint8_t { Alu, Transcendental, Texture, Flow };
OpClass op_class(Op op);
const char* op_name(Op op);

enum class RegFile : uint8_t {
  Temp,    // r#: per-thread scratch
  Input,   // v#: vertex attributes (vs) or interpolated varyings (ps)
  Const,   // c#: per-draw constants
  Output,  // o#: vertex outputs (o0 is clip-space position) or pixel colour (o0)
};

// Swizzle: 2 bits per destination channel, bits 0-1 select the source channel for x, ...
constexpr uint8_t kSwizzleIdentity = 0xE4;
constexpr uint8_t swizzle(int x, int y, int z, int w) {
  return static_cast<uint8_t>(x | (y << 2) | (z << 4) | (w << 6));
}

struct Src {
  RegFile file = RegFile::Temp;
  uint16_t index = 0;
  uint8_t swz = kSwizzleIdentity;
  bool negate = false;
  bool abs = false;
};

struct Dst {
  RegFile file = RegFile::Temp;
  uint16_t index = 0;
  uint8_t mask = 0xF;  // bit 0 = x ... bit 3 = w
  bool saturate = false;
};

struct Instr {
  Op op = Op::Nop;
  Dst dst;
  Src src[3];
  uint8_t sampler = 0;  // Tex only
};

// What a vertex-shader input register is fed from: the vertex-declaration element with
// this usage and usage index (missing elements read as (0, 0, 0, 1)).
struct InputBinding {
  api::DeclUsage usage = api::DeclUsage::Position;
  uint8_t usage_index = 0;
  uint16_t reg = 0;
};

// Varying slots: the fixed set of vertex outputs / pixel inputs. Position is separate.
enum class Varying : uint8_t {
  Color0, Color1, TexCoord0, TexCoord1, TexCoord2, TexCoord3, TexCoord4, TexCoord5,
  TexCoord6, TexCoord7, Fog, PointSize,
};
constexpr int kNumVaryings = 12;

struct OutputBinding {  // vertex shader: o[reg] is written to this varying
  Varying varying;
  uint16_t reg = 0;
};

struct PixelInputBinding {  // pixel shader: v[reg] receives this interpolated varying
  Varying varying;
  uint16_t reg = 0;
};

struct Program {
  api::ShaderStage stage = api::ShaderStage::Vertex;
  std::vector<Instr> code;
  uint16_t num_temps = 0;
  uint16_t num_inputs = 0;
  uint16_t num_outputs = 0;
  std::vector<InputBinding> inputs;              // vertex programs
  std::vector<OutputBinding> outputs;            // vertex programs; position is o0
  std::vector<PixelInputBinding> pixel_inputs;   // pixel programs; colour output is o0
  std::vector<std::pair<uint16_t, Vec4>> literal_constants;  // c# the program defines itself
  std::string name;  // for disassembly and stats, e.g. "ff_vs[tex0,diffuse]"
};

std::string disassemble(const Instr& instr);

}  // namespace gfx::func
