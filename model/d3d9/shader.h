// The data model of a D3D9 shader program (vs_1_1 ... vs_3_0, ps_1_1 ... ps_3_0) as the
// bytecode encodes it: version, instructions with their parameter tokens decoded into
// fields, comment blocks kept verbatim, and the compiler's constant table if present.
//
// The model stays one-to-one with the tokens, so decode -> encode gives the same DWORDs
// (apart from reserved bits, which the decoder rejects). It does not interpret the
// program: no control-flow graph, no register liveness; the driver's translator does that.
// Token layouts and numbers: shared/reference/d3d-semantics.md section 6.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gfx::d3d9 {

enum class ShaderType : uint8_t { Vertex, Pixel };

// Shader model. 2_x is minor 1 in the version token (vs_2_x = 0xFFFE0201).
struct Version {
  ShaderType type = ShaderType::Vertex;
  uint8_t major = 0;
  uint8_t minor = 0;

  bool is_vs() const { return type == ShaderType::Vertex; }
  bool is_ps() const { return type == ShaderType::Pixel; }
  uint16_t code() const { return static_cast<uint16_t>(major << 8 | minor); }  // 0x0201
  bool at_least(uint8_t maj, uint8_t min) const { return code() >= (maj << 8 | min); }
  uint32_t token() const { return (is_vs() ? 0xFFFE0000u : 0xFFFF0000u) | code(); }
  std::string name() const;  // "vs_2_x", "ps_3_0"
};
bool operator==(const Version& a, const Version& b);

// One of the eleven versions gfxsim reads (vs_1_1, vs_2_0, vs_2_x, vs_3_0, ps_1_1 ..
// ps_1_4, ps_2_0, ps_2_x, ps_3_0), or nullopt (vs_2_sw, ps_1_0 ... and garbage).
std::optional<Version> supported_version(uint32_t token);
// "vs_3_0", "vs.3.0", "PS_1_4", "VS_2_X" -> Version; nullopt when not one of the eleven.
std::optional<Version> parse_version_name(const std::string& text);

// D3DSHADER_PARAM_REGISTER_TYPE. Value 3 is a0 in vertex shaders and t# in pixel shaders;
// 6 is oT# before vs_3_0 and o# in vs_3_0.
// clang-format off
enum class RegType : uint8_t {
  Temp = 0, Input = 1, Const = 2, Addr = 3, RastOut = 4, AttrOut = 5, Output = 6,
  ConstInt = 7, ColorOut = 8, DepthOut = 9, Sampler = 10, Const2 = 11, Const3 = 12,
  Const4 = 13, ConstBool = 14, Loop = 15, TempFloat16 = 16, Misc = 17, Label = 18,
  Predicate = 19,
};
// clang-format on
constexpr RegType kTexture = RegType::Addr;  // t# in pixel shaders
constexpr int kNumRegTypes = 20;

// Misc register numbers (pixel shaders). 2 is the gfxsim PrimitiveID extension.
constexpr uint16_t kMiscPosition = 0, kMiscFace = 1, kMiscPrimitiveId = 2;
// Rasterizer outputs of vs < 3.0.
constexpr uint16_t kRastPosition = 0, kRastFog = 1, kRastPointSize = 2;

// Source modifier, bits 24-27 of a source token. Bias..Dw belong to ps_1_x (X2 to ps_1_4,
// Dz/Dw to ps_1_4's texld and texcrd); the other versions reject them by name.
// clang-format off
enum class SrcMod : uint8_t {
  None = 0, Neg = 1, Bias = 2, BiasNeg = 3, Sign = 4, SignNeg = 5, Comp = 6, X2 = 7,
  X2Neg = 8, Dz = 9, Dw = 10, Abs = 11, AbsNeg = 12, Not = 13,
};
// clang-format on

// Result modifier bits, bits 20-23 of a destination token.
constexpr uint8_t kModSaturate = 1, kModPartialPrecision = 2, kModCentroid = 4;

// Swizzle: 2 bits per channel, bits 0-1 select the source channel read for x.
constexpr uint8_t kSwizzleIdentity = 0xE4;
constexpr uint8_t swizzle_replicate(int component) {
  return static_cast<uint8_t>(component * 0x55);
}

// The register a relatively addressed parameter adds to its number: a0 (with the
// component its swizzle selects first) or the loop counter aL. The swizzle is kept whole
// because assemblers write a0 without a component as .xyzw and that must survive.
struct RelAddr {
  RegType type = RegType::Addr;
  uint16_t number = 0;
  uint8_t swizzle = 0;  // component = swizzle & 3
  int component() const { return swizzle & 3; }
};

struct SrcParam {
  RegType type = RegType::Temp;
  uint16_t number = 0;
  uint8_t swizzle = kSwizzleIdentity;
  SrcMod mod = SrcMod::None;
  bool relative = false;  // number + rel register; vs_1_x: implicit a0.x, no extra token
  RelAddr rel;
};

struct DstParam {
  RegType type = RegType::Temp;
  uint16_t number = 0;
  uint8_t mask = 0xF;     // bit 0 = x ... bit 3 = w
  uint8_t modifiers = 0;  // kModSaturate | kModPartialPrecision | kModCentroid
  int8_t shift = 0;       // ps_1_x result scale 2^shift (_x2 = 1 ... _d8 = -3); 0 elsewhere
  bool relative = false;  // vs_3_0 o[aL]
  RelAddr rel;
};

// Opcodes, numbered as the bytecode numbers them (bits 0-15 of an instruction token).
// clang-format off
enum class Opcode : uint16_t {
  Nop = 0, Mov, Add, Sub, Mad, Mul, Rcp, Rsq, Dp3, Dp4, Min, Max, Slt, Sge, Exp, Log, Lit,
  Dst, Lrp, Frc, M4x4, M4x3, M3x4, M3x3, M3x2, Call, CallNz, Loop, Ret, EndLoop, Label,
  Dcl, Pow, Crs, Sgn, Abs, Nrm, SinCos, Rep, EndRep, If, IfC, Else, EndIf, Break, BreakC,
  MovA, DefB, DefI,
  TexCoord = 64, TexKill, Tex, TexBem, TexBemL, TexReg2Ar, TexReg2Gb, TexM3x2Pad,
  TexM3x2Tex, TexM3x3Pad, TexM3x3Tex, TexM3x3Diff, TexM3x3Spec, TexM3x3VSpec, ExpP, LogP,
  Cnd, Def, TexReg2Rgb, TexDp3Tex, TexM3x2Depth, TexDp3, TexM3x3, TexDepth, Cmp, Bem,
  Dp2Add, Dsx, Dsy, TexLdd, SetP, TexLdl, BreakP,
  Phase = 0xFFFD, Comment = 0xFFFE, End = 0xFFFF,
};
// clang-format on

// Instruction control bits 16-23: a comparison for ifc/breakc/setp ...
enum class Comparison : uint8_t { None = 0, Gt = 1, Eq = 2, Ge = 3, Lt = 4, Ne = 5, Le = 6 };
// ... or the texld flavour for Opcode::Tex.
constexpr uint8_t kTexldPlain = 0, kTexldProject = 1, kTexldBias = 2;

// Sampler texture type of a sampler dcl (usage token bits 27-30).
enum class TextureType : uint8_t { Unknown = 0, Tex1D = 1, Tex2D = 2, Cube = 3, Volume = 4 };

// D3DDECLUSAGE values 0-13 (see api::DeclUsage), plus the gfxsim system-value extension:
// D3D9 leaves usages 14 and 15 unused, gfxsim gives them VertexID and InstanceID.
constexpr uint8_t kUsageVertexId = 14, kUsageInstanceId = 15;
constexpr uint8_t kNumD3D9Usages = 14;

struct DclInfo {
  uint8_t usage = 0;                                // bits 0-3 of the usage token
  uint8_t usage_index = 0;                          // bits 16-19
  TextureType texture_type = TextureType::Unknown;  // sampler dcls only
};

struct Instruction {
  Opcode op = Opcode::Nop;
  uint8_t control = 0;      // Comparison or kTexld*; 0 for every other opcode
  bool predicated = false;  // SM >= 2.x: `(p0) op ...`
  bool coissue = false;     // ps_1_x `+op`: runs paired with the instruction before it
  uint8_t num_dst = 0;
  uint8_t num_src = 0;
  DstParam dst;
  SrcParam predicate;                // the p0 token when predicated (mod None or Not)
  std::array<SrcParam, 4> src{};     // texldd has four sources
  DclInfo dcl;                       // Opcode::Dcl
  std::array<uint32_t, 4> values{};  // def: float bits; defi: ints; defb: values[0]
  uint32_t offset = 0;               // DWORD index of the instruction token in the bytecode

  Comparison comparison() const { return static_cast<Comparison>(control); }
};

// A comment block (opcode 0xFFFE) with its payload DWORDs, placed before
// instructions[position] (position == instructions.size(): before the end token).
struct CommentBlock {
  std::size_t position = 0;
  std::vector<uint32_t> data;
  uint32_t offset = 0;  // DWORD index of the comment token
};

// The compiler's constant table ('CTAB' comment, D3DXSHADER_CONSTANTTABLE): which named
// uniform lives in which registers. Default values and struct members are not parsed.
enum class RegisterSet : uint16_t { Bool = 0, Int4 = 1, Float4 = 2, Sampler = 3 };
struct ShaderConstant {
  std::string name;
  RegisterSet set = RegisterSet::Float4;
  uint16_t index = 0;                                                      // first register
  uint16_t count = 0;                                                      // registers used
  uint16_t type_class = 0, type = 0, rows = 0, columns = 0, elements = 0;  // D3DXSHADER_TYPEINFO
};
struct ConstantTable {
  std::string creator;
  std::string target;  // e.g. "vs_3_0"
  uint32_t version = 0;
  uint32_t flags = 0;
  std::vector<ShaderConstant> constants;
};

struct Shader {
  Version version;
  std::vector<Instruction> instructions;
  std::vector<CommentBlock> comments;
  std::optional<ConstantTable> constant_table;  // parsed from the first CTAB comment
};

}  // namespace gfx::d3d9
