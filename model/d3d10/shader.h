// The decoded form of a Direct3D 10 shader: the DXBC container's chunks, its input and
// output signatures, the reflection data (RDEF), and the shader model 4 program with its
// declarations and instructions, one-to-one with the tokens so that encode(decode(x)) == x.
//
// Models: container header and chunk table; RDEF constant buffers, variables and bound
// resources; ISGN / OSGN elements; SHDR / SHEX token streams; STAT as raw counts.
// Leaves out: shader model 5 opcodes (except rcp), interfaces, class linkage, and the
// meaning of the program (no control-flow graph, no liveness; the translator does that).
// Token layouts: Microsoft's d3d10tokenizedprogramformat.hpp (docs/shader-sm4.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gfx::d3d10 {

enum class ProgramType : uint8_t { Pixel = 0, Vertex = 1, Geometry = 2 };

struct Version {
  ProgramType type = ProgramType::Vertex;
  uint8_t major = 4;
  uint8_t minor = 0;
  std::string name() const;  // "vs_4_0"
  uint32_t token() const {
    return static_cast<uint32_t>(type) << 16 | uint32_t{major} << 4 | minor;
  }
};

// D3D10_SB_OPERAND_TYPE.
// clang-format off
enum class OperandType : uint8_t {
  Temp = 0, Input = 1, Output = 2, IndexableTemp = 3, Immediate32 = 4, Immediate64 = 5,
  Sampler = 6, Resource = 7, ConstantBuffer = 8, ImmediateConstantBuffer = 9, Label = 10,
  InputPrimitiveId = 11, OutputDepth = 12, Null = 13, Rasterizer = 14, OutputCoverageMask = 15,
};
// clang-format on
constexpr int kNumOperandTypes = 16;

enum class Selection : uint8_t { Mask = 0, Swizzle = 1, Select1 = 2 };
// D3D10_SB_OPERAND_INDEX_REPRESENTATION.
// clang-format off
enum class IndexRep : uint8_t {
  Immediate32 = 0, Immediate64 = 1, Relative = 2, Immediate32PlusRelative = 3,
  Immediate64PlusRelative = 4,
};
// clang-format on
enum class OperandModifier : uint8_t { None = 0, Neg = 1, Abs = 2, AbsNeg = 3 };

struct Operand;

// One index of a register: an immediate, a register (always a select-1 operand), or both.
struct Index {
  IndexRep rep = IndexRep::Immediate32;
  uint64_t value = 0;             // immediate part (0 for Relative)
  std::vector<Operand> relative;  // exactly one operand when rep has a relative part
  bool has_relative() const { return rep >= IndexRep::Relative; }
  bool has_immediate() const { return rep != IndexRep::Relative; }
};

struct Operand {
  OperandType type = OperandType::Temp;
  uint8_t num_components = 4;  // 0, 1 or 4 (token value 3, "N", is rejected)
  Selection selection = Selection::Mask;
  uint8_t mask = 0xF;          // Selection::Mask: bit 0 = x ... bit 3 = w
  uint8_t swizzle = 0xE4;      // Selection::Swizzle: 2 bits per channel, x first
  uint8_t select = 0;          // Selection::Select1: the component 0..3
  std::vector<Index> indices;  // index dimension 0..3
  OperandModifier modifier = OperandModifier::None;
  bool extended = false;             // an extended operand token is present
  // Its type: 1 (modifier) as compilers write it, or 0 (empty), which carries no modifier;
  // kept so that a type-1 token with no modifier encodes back as it was read.
  uint8_t extended_type = 1;
  std::array<uint32_t, 4> values{};  // Immediate32: num_components values
};

// D3D10_SB_OPCODE_TYPE numbers (plus rcp from shader model 5).
// clang-format off
enum class Opcode : uint16_t {
  Add = 0, And, Break, BreakC, Call, CallC, Case, Continue, ContinueC, Cut, Default, DerivRtx,
  DerivRty, Discard, Div, Dp2, Dp3, Dp4, Else, Emit, EmitThenCut, EndIf, EndLoop, EndSwitch,
  Eq, Exp, Frc, FtoI, FtoU, Ge, IAdd, If, IEq, IGe, ILt, IMad, IMax, IMin, IMul, INe, INeg,
  IShl, IShr, ItoF, Label, Ld, LdMs, Log, Loop, Lt, Mad, Min, Max, CustomData, Mov, Movc,
  Mul, Ne, Nop, Not, Or, ResInfo, Ret, RetC, RoundNe, RoundNi, RoundPi, RoundZ, Rsq, Sample,
  SampleC, SampleCLz, SampleL, SampleD, SampleB, Sqrt, Switch, SinCos, UDiv, ULt, UGe, UMul,
  UMad, UMax, UMin, UShr, UtoF, Xor, DclResource, DclConstantBuffer, DclSampler,
  DclIndexRange, DclOutputTopology, DclInputPrimitive, DclMaxOutputVertexCount, DclInput,
  DclInputSgv, DclInputSiv, DclInputPs, DclInputPsSgv, DclInputPsSiv, DclOutput,
  DclOutputSgv, DclOutputSiv, DclTemps, DclIndexableTemp, DclGlobalFlags,
  Rcp = 129,
};
// clang-format on

// The class of a customdata block (bits 11-31 of its opcode token).
constexpr uint32_t kCustomDataImmediateConstantBuffer = 3;

// D3D10_SB_NAME: the system value of dcl_*_siv / dcl_*_sgv.
// clang-format off
enum class SystemValue : uint32_t {
  Undefined = 0, Position, ClipDistance, CullDistance, RenderTargetArrayIndex,
  ViewportArrayIndex, VertexId, PrimitiveId, InstanceId, IsFrontFace, SampleIndex,
};
// clang-format on

// One instruction or declaration. The opcode token's bits 11-23 are kept whole in
// `control`; the accessors below name the fields that each opcode gives them.
struct Instruction {
  Opcode op = Opcode::Nop;
  uint32_t control = 0;               // bits 11-23 of the opcode token, shifted down
  std::vector<uint32_t> extended;     // extended opcode tokens (sample offsets ...)
  std::vector<Operand> operands;      // destinations first, then sources
  std::vector<uint32_t> extra;        // dwords after the operands: a dcl's name, count ...
  uint32_t custom_class = 0;          // CustomData only
  std::vector<uint32_t> custom_data;  // CustomData only: the payload dwords
  uint32_t offset = 0;                // dword index of the opcode token in the chunk

  bool saturate() const { return control >> 2 & 1; }              // bit 13
  bool test_nonzero() const { return control >> 7 & 1; }          // bit 18: _nz / _z
  uint32_t interpolation() const { return control & 0xF; }        // dcl_input_ps*: bits 11-14
  uint32_t resource_dimension() const { return control & 0x1F; }  // dcl_resource
  uint32_t sample_count() const { return control >> 5 & 0x7F; }   // dcl_resource ms
  uint32_t sampler_mode() const { return control & 0xF; }         // dcl_sampler
  bool dynamic_indexed() const { return control & 1; }            // dcl_constantbuffer
  uint32_t primitive() const { return control & 0x3F; }           // dcl_inputprimitive
  uint32_t topology() const { return control & 0x7F; }            // dcl_outputtopology
  uint32_t resinfo_return() const { return control & 3; }         // resinfo: float/rcp/uint
  // sample / ld immediate texel offsets (extended token type 1), or zeros.
  std::array<int, 3> texel_offsets() const;
};

// One ISGN / OSGN element (D3D10_SIGNATURE_PARAMETER_DESC).
enum class ComponentType : uint32_t { Unknown = 0, Uint32 = 1, Sint32 = 2, Float32 = 3 };
struct SignatureElement {
  std::string semantic;
  uint32_t semantic_index = 0;
  uint32_t system_value = 0;  // D3D_NAME (0 for plain semantics and for SV_Target)
  ComponentType component_type = ComponentType::Float32;
  uint32_t reg = 0;
  uint8_t mask = 0;
  uint8_t rw_mask = 0;  // ISGN: components read; OSGN: components never written
};
using Signature = std::vector<SignatureElement>;

// RDEF, as fxc writes it for shader model 4.
struct ShaderVariable {
  std::string name;
  uint32_t offset = 0, size = 0, flags = 0;
  uint16_t type_class = 0, type = 0, rows = 0, columns = 0, elements = 0, members = 0;
};
struct ConstantBufferInfo {
  std::string name;
  uint32_t size = 0, flags = 0, type = 0;
  std::vector<ShaderVariable> variables;
};
struct BoundResource {
  std::string name;
  uint32_t type = 0;  // D3D_SHADER_INPUT_TYPE: 0 cbuffer, 1 tbuffer, 2 texture, 3 sampler
  uint32_t return_type = 0, dimension = 0, num_samples = 0, bind_point = 0, bind_count = 0;
  uint32_t flags = 0;
};
struct Reflection {
  uint32_t target = 0;  // e.g. 0xFFFE0400 for vs_4_0
  uint32_t flags = 0;
  std::string creator;
  std::vector<ConstantBufferInfo> constant_buffers;
  std::vector<BoundResource> resources;
};

struct Chunk {
  uint32_t fourcc = 0;  // 'SHDR' as the bytes read: 0x52444853
  uint32_t offset = 0;  // byte offset of the chunk header in the container
  std::vector<uint8_t> data;
  std::string name() const;  // "SHDR"
};

constexpr uint32_t fourcc(const char (&s)[5]) {
  return uint32_t(uint8_t(s[0])) | uint32_t(uint8_t(s[1])) << 8 | uint32_t(uint8_t(s[2])) << 16 |
         uint32_t(uint8_t(s[3])) << 24;
}

// A decoded SM4 program (the SHDR or SHEX token stream).
struct Program {
  Version version;
  std::vector<Instruction> instructions;  // declarations and instructions in token order
};

struct Shader {
  std::array<uint32_t, 4> checksum{};
  std::vector<Chunk> chunks;  // every chunk in container order, raw
  std::optional<Reflection> reflection;
  Signature inputs, outputs;
  Program program;
  uint32_t program_chunk = 0;            // fourcc of the chunk the program came from
  std::vector<uint32_t> program_tokens;  // that chunk's dwords
  std::vector<uint32_t> stats;           // STAT counts, raw
};

}  // namespace gfx::d3d10
