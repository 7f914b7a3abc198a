// The internal shader ISA that the unified shader cores execute. The driver layer
// translates fixed-function state (and, later, D3D9 bytecode) into Programs of this ISA.
// Registers are float4; every instruction names one destination and up to three
// sources with swizzle and modifiers, like D3D9 asm, so the translation stays direct.
// Beside the float files there are the D3D9 SM2/3 side files: the address register a0
// (int4), the loop counter aL, the predicate p0 (bool4) and the draw's integer (i#) and
// boolean (b#) constants that drive flow control. Matrix macros (m4x4 ...) are not ISA ops:
// the translator expands them into dp4/dp3.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "api/enums.h"
#include "func/math.h"

namespace gfx::func {

enum class Op : uint8_t {
  Nop,
  // clang-format off
  Mov, Add, Sub, Mul, Mad, Dp3, Dp4, Min, Max, Slt, Sge, Frc, Abs,  // ALU
  Rcp, Rsq, Exp, Log,                                                // transcendental
  Tex,                                                               // sample src0.xy with sampler
  // clang-format on
  // D3D9 SM2/3 arithmetic (op_info.h gives their operand shapes).
  // clang-format off
  Dp2Add, Lrp, Cmp, Sgn, Crs, Nrm, Pow, Lit, Dst, Expp, Logp, SinCos,
  Mova,      // a0 = round-to-nearest(src) (floor if addr_floor), per masked component
  Setp,      // p0 = compare(src0, src1) per masked component (Instr::cmp)
  Dsx, Dsy,  // coarse screen-space derivatives (pixel programs)
  Texkill,   // kills the lanes where any of src0.xyz < 0 (pixel programs)
  Divz,      // src0 / src1 per channel, 1 where src1 is 0 (the ps_1_x projective divides)
  // clang-format on
  // Shader model 4 arithmetic (alu_sm4.cpp), all per channel except dp2 (replicated).
  // clang-format off
  Div,       // IEEE src0 / src1 (x / 0 is +-inf or NaN)
  Sqrt,      // IEEE square root (negative -> NaN)
  RoundNe, RoundNi, RoundPi, RoundZ,  // to nearest even, towards -inf, +inf, zero
  Dp2,       // src0.x * src1.x + src0.y * src1.y
  Cmpm,      // compare(src0, src1) per channel (Instr::cmp): all-ones bits (0xFFFFFFFF) / 0
  Movc,      // per channel: src0's bits nonzero ? src1 : src2
  FtoU, FtoI,  // float -> uint32 / int32 bits (truncated, NaN -> 0, saturated at the range)
  UtoF, ItoF,  // uint32 / int32 bits -> float
  // clang-format on
  // Shader model 4 integer and bit ops (alu_int.cpp), per channel on the registers' 32 bits
  // as two's-complement integers: results are bit patterns, never rounded through floats.
  // clang-format off
  IAdd, IMul, IMad,  // low 32 bits of a + b, a * b, a * b + c (the same for int and uint)
  IMulHi, UMulHi,    // high 32 bits of the 64-bit signed / unsigned product
  UDiv, URem,        // unsigned quotient / remainder; x / 0 gives 0xFFFFFFFF for both
  IShl, IShr, UShr,  // shifts by the low 5 bits of src1; ishr keeps the sign
  And, Or, Xor, Not, INeg,
  IMin, IMax, UMin, UMax,
  Icmp,  // compare(src0, src1) per channel with an integer Instr::cmp: all-ones bits / 0
  Movi,  // a0 = the int32 bits of src per masked component (SM4 relative indices)
  // clang-format on
  // Structured flow control (Instr::label, Instr::cmp, src[0] name the operands).
  If,   // if b# (src0 ConstBool) or if p0.c (src0 Pred, negate = not)
  Ifc,  // if src0.x <cmp> src1.x
  Else,
  EndIf,
  Loop,  // loop aL, i# (src0 ConstInt): count .x, start .y, step .z
  EndLoop,
  Rep,  // rep i# (src0 ConstInt): count .x
  EndRep,
  Break,   // leave the innermost loop/rep
  Breakc,  // break if src0.x <cmp> src1.x
  Breakp,  // break if p0.c (src0 Pred)
  Call,    // call l#
  Callnz,  // call l# if b# (src0 ConstBool) or p0.c (src0 Pred)
  Ret,
  Label,  // l# (Instr::label): start of a subroutine
  // Shader model 4 flow control (the rest of SM4's flow maps onto the ops above).
  Do,  // SM4 loop: no count, left only by break/breakc/ret (see interpreter.h)
  EndDo,
  Continue,   // the active lanes skip to the end of the innermost loop's body
  Continuec,  // continue if src0.x <cmp> src1.x
  Switch,     // a block that break leaves; no lane runs until a case lets it in
  Case,       // lanes of the innermost switch where src0.x <cmp> src1.x start running
  EndSwitch,
  Callc,  // call l# if src0.x <cmp> src1.x
  Retc,   // ret if src0.x <cmp> src1.x
  End,
};

// Comparison of ifc/breakc/setp/cmpm, numbered as in the D3D9 instruction token (1..6, on
// floats). The rest are SM4's, on the 32 bits: signed and unsigned integer comparisons, and
// Nz / Z, which test whether any bit of src0 is set (src1 unused).
// clang-format off
enum class CmpOp : uint8_t {
  Gt = 1, Eq = 2, Ge = 3, Lt = 4, Ne = 5, Le = 6,
  IEq, INe, ILt, IGe, ULt, UGe, Nz, Z,
};
// clang-format on

// Flavours of Tex (D3D9 texld, texldb, texldl, texldp, texldd).
enum class TexMode : uint8_t {
  Normal,   // LOD from the quad's coordinate differences (pixel) or 0 (vertex)
  Bias,     // that LOD + src0.w
  Lod,      // LOD = src0.w
  Project,  // coordinates divided by src0.w first
  Grad,     // LOD from the explicit derivatives src1.xy (d/dx) and src2.xy (d/dy)
  // SM4 (tex_query.cpp). Fetch (ld): the texel at the integer address src0.xy (.z: a
  // volume's slice) of mip level src0.w, unfiltered; an address outside the level reads 0.
  // Info (resinfo): (width, height, depth, level count) of mip level src0.x (uint) as
  // floats; InfoRcp: 1/width, 1/height, 1/depth (0 stays 0 where the kind has no such
  // size); InfoUint: as integers.
  Fetch,
  Info,
  InfoRcp,
  InfoUint,
  // SM4 comparison sampling (func/texture/compare.h): src1.x is the reference value, the
  // filtered comparison result fills every channel. Compare (sample_c): the LOD from the
  // quad, pixel programs only. CompareLz (sample_c_lz): level 0, any stage.
  Compare,
  CompareLz,
};

// Timing class of an opcode: the shader core takes latency and issue rate per class
// from its config. Integer: the SM4 integer and bit ops (D3D9 programs have none).
enum class OpClass : uint8_t { Alu, Transcendental, Texture, Flow, Integer };
constexpr int kNumOpClasses = 5;
OpClass op_class(Op op);
const char* op_name(Op op);

enum class RegFile : uint8_t {
  Temp,       // r#: per-thread scratch
  Input,      // v#: vertex attributes (vs) or interpolated varyings (ps)
  Const,      // c#: per-draw constants
  Output,     // o#: vertex outputs (o0 is clip-space position) or pixel colour (o0)
  Addr,       // a0: int4 address register (destination of mova only)
  Pred,       // p0: bool4 predicate (destination of setp; condition of if/breakp/callnz)
  ConstInt,   // i#: int4 constants (loop/rep operands)
  ConstBool,  // b#: bool constants (if/callnz operands)
  Icb,        // SM4 immediate constant buffer: Program::icb, read-only
};

// Relative addressing of a source register: index + a0.<rel_comp> or index + aL, per lane.
enum class RelAddr : uint8_t { None, A0, Loop };

// Swizzle: 2 bits per destination channel, bits 0-1 select the source channel for x, ...
constexpr uint8_t kSwizzleIdentity = 0xE4;
constexpr uint8_t swizzle(int x, int y, int z, int w) {
  return static_cast<uint8_t>(x | (y << 2) | (z << 4) | (w << 6));
}

// ps_1_x source handling, applied in this order after the swizzle and before abs and
// negate: the read clamp of the register file (constants to [-1, 1], colours to [0, 1]),
// then the modifier: _bias x - 0.5, _bx2 2x - 1, complement 1 - x, _x2 2x.
enum class InClamp : uint8_t { None, Unit, Signed };
enum class Ps1Mod : uint8_t { None, Bias, Bx2, Comp, X2 };

struct Src {
  RegFile file = RegFile::Temp;
  uint16_t index = 0;
  uint8_t swz = kSwizzleIdentity;
  bool negate = false;
  bool abs = false;
  InClamp clamp = InClamp::None;
  Ps1Mod ps1 = Ps1Mod::None;
  RelAddr rel = RelAddr::None;
  uint8_t rel_comp = 0;  // a0 component for RelAddr::A0 (0..3 = x..w)
  // Relative addressing bounded to registers rel_base .. rel_base + rel_count - 1 (an SM4
  // indexable temp, constant buffer or index range): lanes outside read 0. 0: the whole file.
  uint16_t rel_base = 0, rel_count = 0;
  // SM4 integer instructions: negate and abs act on the 32 bits as a two's-complement integer.
  bool int_mod = false;
};

struct Dst {
  RegFile file = RegFile::Temp;
  uint16_t index = 0;
  uint8_t mask = 0xF;  // bit 0 = x ... bit 3 = w
  bool saturate = false;
  // ps_1_x: the result is scaled by 2^shift (_x2 = 1 ... _d8 = -3), then saturated or, when
  // range > 0, clamped to [-range, range] (D3DCAPS9.PixelShader1xMaxValue).
  int8_t shift = 0;
  float range = 0.0f;
  // vs_3_0 o[aL + index]: RelAddr::Loop with file Output; `index` is then the D3D9 o#
  // base, mapped per lane through Program::indexed_outputs.
  // SM4 x#[r + index] / o[r + index]: RelAddr::A0 (component rel_comp) with file Temp or
  // Output; lanes whose register falls outside rel_base .. rel_base + rel_count - 1 write
  // nothing.
  RelAddr rel = RelAddr::None;
  uint8_t rel_comp = 0;
  uint16_t rel_base = 0, rel_count = 0;
};

// Instruction predication `(p0.swz) op` / `(!p0.swz) op`: destination channel c is written
// only in lanes where p0 component swz[c] (negated when `negate`) is true.
struct Predicate {
  bool enabled = false;
  bool negate = false;
  uint8_t swz = kSwizzleIdentity;
};

struct Instr {
  Op op = Op::Nop;
  Dst dst;
  Src src[3];
  uint8_t sampler = 0;                 // Tex only
  int8_t texel_offset[3] = {0, 0, 0};  // Tex only: SM4 immediate texel offsets (_aoffimmi)
  TexMode tex_mode = TexMode::Normal;
  CmpOp cmp = CmpOp::Gt;  // Ifc, Breakc, Setp
  uint16_t label = 0;     // Call, Callnz, Label: l#
  Predicate pred;
  // Mova only: floor instead of round to nearest. vs_1_1 loads a0 with `mov`, which D3D9
  // truncates towards -inf; vs_2_0+ `mova` rounds to nearest.
  bool addr_floor = false;
};

using Int4 = std::array<int32_t, 4>;
constexpr int kNumIntConstants = 16;
constexpr int kNumBoolConstants = 16;

// What a vertex-shader input register is fed from: the vertex-declaration element with
// this usage and usage index (missing elements read as (0, 0, 0, 1)).
struct InputBinding {
  api::DeclUsage usage = api::DeclUsage::Position;
  uint8_t usage_index = 0;
  uint16_t reg = 0;
};

// Varying slots: the fixed set of vertex outputs / pixel inputs. Position is separate.
// Color0..PointSize are D3D9's; Attr0..Attr15 are D3D10's output / input registers, which
// the SM4 translator binds by register number (D3D10 links stages by register).
enum class Varying : uint8_t {
  // clang-format off
  Color0, Color1, TexCoord0, TexCoord1, TexCoord2, TexCoord3, TexCoord4, TexCoord5,
  TexCoord6, TexCoord7, Fog, PointSize,
  Attr0, Attr1, Attr2, Attr3, Attr4, Attr5, Attr6, Attr7,
  Attr8, Attr9, Attr10, Attr11, Attr12, Attr13, Attr14, Attr15,
  // clang-format on
};
constexpr int kNumVaryings = 28;
constexpr int kNumAttrVaryings = 16;  // D3D10_VS_OUTPUT_REGISTER_COUNT / PS input registers

struct OutputBinding {  // vertex shader: o[reg] is written to this varying
  Varying varying;
  uint16_t reg = 0;
};

// How a pixel input is interpolated (D3D10 dcl_input_ps modes; D3D9 inputs are all
// Perspective). Constant copies the leading vertex's bits untouched.
enum class Interpolation : uint8_t { Perspective, NoPerspective, Constant };
// Where it is evaluated. Without MSAA every location is the pixel centre. Under MSAA
// Centroid follows D3D10's rule (func::interpolate_quad); Sample makes the draw run the
// program once per covered sample (func::runs_per_sample) and evaluates at that sample.
enum class InterpLocation : uint8_t { Center, Centroid, Sample };

struct PixelInputBinding {  // pixel shader: v[reg] receives this interpolated varying
  Varying varying;
  uint16_t reg = 0;
  Interpolation interp = Interpolation::Perspective;
  InterpLocation location = InterpLocation::Center;
};

// D3D10 pixel system values (SM4 programs), written after the varyings into the declared
// components only (`mask`, bit 0 = x), so they may share a register with a varying:
//   Position     (x + 0.5, y + 0.5, z, w): the pixel centre, the depth as the depth test
//                sees it (affine, not perspective corrected), 1 / (interpolated 1/w).
//   PrimitiveId  uint bits of SV_PrimitiveID, constant over the primitive.
//   IsFrontFace  uint bits 0xFFFFFFFF (front) or 0 (back); points and lines are front.
//   SampleIndex  uint bits of the sample a per-sample invocation shades (0 when the draw
//                is not multisampled); declaring it makes the program run per sample.
enum class PixelSystemValue : uint8_t { Position, PrimitiveId, IsFrontFace, SampleIndex };
struct PixelSystemBinding {
  PixelSystemValue value = PixelSystemValue::Position;
  uint16_t reg = 0;
  uint8_t mask = 0xF;
  // SV_Position declared `_sample` is read at the invocation's sample (and makes the
  // program run per sample); otherwise, and for the other values, it has no meaning.
  InterpLocation location = InterpLocation::Center;
};

// Register-by-register linkage check of D3D10 (see Program::link_semantics).
struct LinkSemantic {
  uint16_t reg = 0;  // the SM4 register number (o# of the vs, v# of the ps)
  std::string name;  // upper case, e.g. "TEXCOORD"
  uint32_t index = 0;
};

constexpr uint16_t kPixelDepthOutput = 4;  // D3D9 oDepth (oC0..oC3 below it)
constexpr uint16_t kSm4DepthOutput = 8;    // D3D10 oDepth (SV_Target0..7 below it)

struct Program {
  api::ShaderStage stage = api::ShaderStage::Vertex;
  std::vector<Instr> code;
  uint16_t num_temps = 0;
  uint16_t num_inputs = 0;
  uint16_t num_outputs = 0;
  std::vector<InputBinding> inputs;                          // vertex programs
  std::vector<OutputBinding> outputs;                        // vertex programs; position is o0
  std::vector<PixelInputBinding> pixel_inputs;               // pixel programs; colour output is o0
  std::vector<std::pair<uint16_t, Vec4>> literal_constants;  // c# the program defines itself
  std::vector<std::pair<uint16_t, Int4>> literal_int_constants;   // defi i#
  std::vector<std::pair<uint16_t, bool>> literal_bool_constants;  // defb b#
  std::vector<Vec4> icb;  // SM4 immediate constant buffer (RegFile::Icb), raw bits
  // Jump targets of the flow-control instructions, one per instruction, filled by
  // prepare_flow() (interpreter.h). Empty: the interpreter resolves them for each warp.
  std::vector<uint32_t> flow_links;
  // System values (D3D10 semantics through the gfxsim asm extensions): the input register
  // that receives each one, or -1 when the program does not read it. Vertex programs:
  // SV_VertexID / SV_InstanceID as floats in all four channels. Pixel programs: vPos =
  // (x, y, 0, 0) with the pixel's integer coordinates, vFace = +1 front / -1 back.
  int16_t vertex_id_reg = -1, instance_id_reg = -1;
  int16_t position_reg = -1, face_reg = -1;
  int16_t primid_reg = -1;  // pixel programs: SV_PrimitiveID (constant over the primitive)
  // Pixel programs: the input register that receives the pixel's depth (as the depth test
  // sees it) in all four channels; the driver's table fog behind a vertex shader reads it.
  int16_t depth_reg = -1;
  // Pixel programs: colour outputs oC0..oC<n-1> are o0..o<n-1>; oDepth is
  // o[depth_output].x when writes_depth (kPixelDepthOutput for D3D9, kSm4DepthOutput for
  // SM4, whose eight targets take o0..o7).
  uint8_t color_outputs = 1;
  bool writes_depth = false;
  uint16_t depth_output = kPixelDepthOutput;
  // SM4 pixel programs: the D3D10 system values (PixelSystemValue).
  std::vector<PixelSystemBinding> pixel_system_values;
  // SM4 programs: the signature semantic of each linked register (vertex outputs other than
  // SV_Position, pixel inputs other than system values). A D3D10 draw links vs o# to ps v#
  // by register, and refuses a pair whose semantics at a register differ.
  std::vector<LinkSemantic> link_semantics;
  // SM4 vertex programs: the ISGN semantic of each input register it reads (system values
  // aside), which a D3D10 input layout element fills (func/geom/vertex_fetch.h). `inputs`
  // holds only those whose name is a D3D9 usage, for draws through a vertex declaration.
  std::vector<LinkSemantic> input_semantics;
  // False for a pixel shader that never writes oC0: render target 0 keeps its colour.
  bool writes_color0 = true;
  // vs_3_0: internal output register of each D3D9 o# (-1: not declared), for destinations
  // addressed relative to aL.
  std::vector<int8_t> indexed_outputs;
  // Vertex programs: channels (bit 0 = x) of the Color0 output that the vertex stage sets
  // to 1 after the program, as D3D9 reads the oD0 channels a vs_1_1 / vs_2_x never writes.
  uint8_t color0_ones = 0;
  // D3D9 shader model major version of a translated program (0: driver-generated).
  uint8_t d3d9_major = 0;
  bool sm4 = false;  // translated from shader model 4 (d3d10/translate.h)
  // ps_1_1..ps_1_3: bit s set when a texture instruction reads coordinate set s, which
  // D3DTTFF_PROJECTED on stage s would divide; that is not modelled, so the draw fails.
  uint8_t ps1_coord_stages = 0;
  // Pixel programs below ps_3_0 drawn with FOGENABLE (the driver's fogged variant): the
  // input register that receives the interpolated vertex fog factor (oFog); after the
  // program, oC0.rgb = f * oC0.rgb + (1 - f) * FOGCOLOR with f saturated. -1: no fog unit.
  int16_t fog_blend_reg = -1;
  std::string name;  // for disassembly and stats, e.g. "ff_vs[tex0,diffuse]"
};

std::string disassemble(const Instr& instr);

// Whether a pixel program runs once per sample on a multisampled draw (D3D10 §16.4): it
// reads SV_SampleIndex or interpolates an input `_sample`.
inline bool runs_per_sample(const Program& ps) {
  for (const PixelInputBinding& in : ps.pixel_inputs)
    if (in.location == InterpLocation::Sample) return true;
  for (const PixelSystemBinding& sv : ps.pixel_system_values)
    if (sv.value == PixelSystemValue::SampleIndex ||
        (sv.value == PixelSystemValue::Position && sv.location == InterpLocation::Sample))
      return true;
  return false;
}

}  // namespace gfx::func
