#include "d3d10/opcodes.h"

#include <array>

namespace gfx::d3d10 {
namespace {

using O = Opcode;
constexpr ImmKind F = ImmKind::Float, I = ImmKind::Int, A = ImmKind::Any;

// clang-format off
// op, name, dst, src, extra, declaration, test, immediates, offsets
const OpcodeInfo kTable[] = {
    {O::Add, "add", 1, 2, 0, false, false, F},       {O::And, "and", 1, 2, 0, false, false, I},
    {O::Break, "break", 0, 0, 0, false, false},      {O::BreakC, "breakc", 0, 1, 0, false, true, I},
    {O::Call, "call", 0, 1, 0, false, false},        {O::CallC, "callc", 0, 2, 0, false, true, I},
    {O::Case, "case", 0, 1, 0, false, false, I},     {O::Continue, "continue", 0, 0, 0, false, false},
    {O::ContinueC, "continuec", 0, 1, 0, false, true, I},
    {O::Cut, "cut", 0, 0, 0, false, false},          {O::Default, "default", 0, 0, 0, false, false},
    {O::DerivRtx, "deriv_rtx", 1, 1, 0, false, false, F},
    {O::DerivRty, "deriv_rty", 1, 1, 0, false, false, F},
    {O::Discard, "discard", 0, 1, 0, false, true, I},
    {O::Div, "div", 1, 2, 0, false, false, F},       {O::Dp2, "dp2", 1, 2, 0, false, false, F},
    {O::Dp3, "dp3", 1, 2, 0, false, false, F},       {O::Dp4, "dp4", 1, 2, 0, false, false, F},
    {O::Else, "else", 0, 0, 0, false, false},        {O::Emit, "emit", 0, 0, 0, false, false},
    {O::EmitThenCut, "emit_then_cut", 0, 0, 0, false, false},
    {O::EndIf, "endif", 0, 0, 0, false, false},      {O::EndLoop, "endloop", 0, 0, 0, false, false},
    {O::EndSwitch, "endswitch", 0, 0, 0, false, false},
    {O::Eq, "eq", 1, 2, 0, false, false, F},         {O::Exp, "exp", 1, 1, 0, false, false, F},
    {O::Frc, "frc", 1, 1, 0, false, false, F},       {O::FtoI, "ftoi", 1, 1, 0, false, false, F},
    {O::FtoU, "ftou", 1, 1, 0, false, false, F},     {O::Ge, "ge", 1, 2, 0, false, false, F},
    {O::IAdd, "iadd", 1, 2, 0, false, false, I},     {O::If, "if", 0, 1, 0, false, true, I},
    {O::IEq, "ieq", 1, 2, 0, false, false, I},       {O::IGe, "ige", 1, 2, 0, false, false, I},
    {O::ILt, "ilt", 1, 2, 0, false, false, I},       {O::IMad, "imad", 1, 3, 0, false, false, I},
    {O::IMax, "imax", 1, 2, 0, false, false, I},     {O::IMin, "imin", 1, 2, 0, false, false, I},
    {O::IMul, "imul", 2, 2, 0, false, false, I},     {O::INe, "ine", 1, 2, 0, false, false, I},
    {O::INeg, "ineg", 1, 1, 0, false, false, I},     {O::IShl, "ishl", 1, 2, 0, false, false, I},
    {O::IShr, "ishr", 1, 2, 0, false, false, I},     {O::ItoF, "itof", 1, 1, 0, false, false, I},
    {O::Label, "label", 0, 1, 0, false, false},      {O::Ld, "ld", 1, 2, 0, false, false, I, true},
    {O::LdMs, "ld_ms", 1, 3, 0, false, false, I, true},
    {O::Log, "log", 1, 1, 0, false, false, F},       {O::Loop, "loop", 0, 0, 0, false, false},
    {O::Lt, "lt", 1, 2, 0, false, false, F},         {O::Mad, "mad", 1, 3, 0, false, false, F},
    {O::Min, "min", 1, 2, 0, false, false, F},       {O::Max, "max", 1, 2, 0, false, false, F},
    {O::Mov, "mov", 1, 1, 0, false, false, A},       {O::Movc, "movc", 1, 3, 0, false, false, A},
    {O::Mul, "mul", 1, 2, 0, false, false, F},       {O::Ne, "ne", 1, 2, 0, false, false, F},
    {O::Nop, "nop", 0, 0, 0, false, false},          {O::Not, "not", 1, 1, 0, false, false, I},
    {O::Or, "or", 1, 2, 0, false, false, I},         {O::ResInfo, "resinfo", 1, 2, 0, false, false, I},
    {O::Ret, "ret", 0, 0, 0, false, false},          {O::RetC, "retc", 0, 1, 0, false, true, I},
    {O::RoundNe, "round_ne", 1, 1, 0, false, false, F},
    {O::RoundNi, "round_ni", 1, 1, 0, false, false, F},
    {O::RoundPi, "round_pi", 1, 1, 0, false, false, F},
    {O::RoundZ, "round_z", 1, 1, 0, false, false, F},
    {O::Rsq, "rsq", 1, 1, 0, false, false, F},
    {O::Sample, "sample", 1, 3, 0, false, false, F, true},
    {O::SampleC, "sample_c", 1, 4, 0, false, false, F, true},
    {O::SampleCLz, "sample_c_lz", 1, 4, 0, false, false, F, true},
    {O::SampleL, "sample_l", 1, 4, 0, false, false, F, true},
    {O::SampleD, "sample_d", 1, 5, 0, false, false, F, true},
    {O::SampleB, "sample_b", 1, 4, 0, false, false, F, true},
    {O::Sqrt, "sqrt", 1, 1, 0, false, false, F},     {O::Switch, "switch", 0, 1, 0, false, false, I},
    {O::SinCos, "sincos", 2, 1, 0, false, false, F}, {O::UDiv, "udiv", 2, 2, 0, false, false, I},
    {O::ULt, "ult", 1, 2, 0, false, false, I},       {O::UGe, "uge", 1, 2, 0, false, false, I},
    {O::UMul, "umul", 2, 2, 0, false, false, I},     {O::UMad, "umad", 1, 3, 0, false, false, I},
    {O::UMax, "umax", 1, 2, 0, false, false, I},     {O::UMin, "umin", 1, 2, 0, false, false, I},
    {O::UShr, "ushr", 1, 2, 0, false, false, I},     {O::UtoF, "utof", 1, 1, 0, false, false, I},
    {O::Xor, "xor", 1, 2, 0, false, false, I},
    {O::DclResource, "dcl_resource", 1, 0, 1, true, false},
    {O::DclConstantBuffer, "dcl_constantbuffer", 1, 0, 0, true, false},
    {O::DclSampler, "dcl_sampler", 1, 0, 0, true, false},
    {O::DclIndexRange, "dcl_indexrange", 1, 0, 1, true, false},
    {O::DclOutputTopology, "dcl_outputtopology", 0, 0, 0, true, false},
    {O::DclInputPrimitive, "dcl_inputprimitive", 0, 0, 0, true, false},
    {O::DclMaxOutputVertexCount, "dcl_maxout", 0, 0, 1, true, false},
    {O::DclInput, "dcl_input", 1, 0, 0, true, false},
    {O::DclInputSgv, "dcl_input_sgv", 1, 0, 1, true, false},
    {O::DclInputSiv, "dcl_input_siv", 1, 0, 1, true, false},
    {O::DclInputPs, "dcl_input_ps", 1, 0, 0, true, false},
    {O::DclInputPsSgv, "dcl_input_ps_sgv", 1, 0, 1, true, false},
    {O::DclInputPsSiv, "dcl_input_ps_siv", 1, 0, 1, true, false},
    {O::DclOutput, "dcl_output", 1, 0, 0, true, false},
    {O::DclOutputSgv, "dcl_output_sgv", 1, 0, 1, true, false},
    {O::DclOutputSiv, "dcl_output_siv", 1, 0, 1, true, false},
    {O::DclTemps, "dcl_temps", 0, 0, 1, true, false},
    {O::DclIndexableTemp, "dcl_indexableTemp", 0, 0, 3, true, false},
    {O::DclGlobalFlags, "dcl_globalFlags", 0, 0, 0, true, false},
    {O::CustomData, "dcl_immediateConstantBuffer", 0, 0, 0, true, false},
    {O::Rcp, "rcp", 1, 1, 0, false, false, F},
};
// clang-format on

}  // namespace

const OpcodeInfo* opcode_info(uint32_t raw) {
  for (const OpcodeInfo& i : kTable)
    if (static_cast<uint32_t>(i.op) == raw) return &i;
  return nullptr;
}

const OpcodeInfo& opcode_info(Opcode op) { return *opcode_info(static_cast<uint32_t>(op)); }

const OpcodeInfo* opcode_by_name(std::string_view name) {
  for (const OpcodeInfo& i : kTable)
    if (name == i.name) return &i;
  return nullptr;
}

uint32_t allowed_controls(const OpcodeInfo& info) {
  if (info.declaration) return 0x1FFF;
  uint32_t bits = 0;
  if (info.num_dst > 0) bits |= kControlSaturate;
  if (info.has_test) bits |= kControlTestNonzero;
  if (info.op == Opcode::ResInfo) bits |= kControlResinfo;
  return bits;
}

}  // namespace gfx::d3d10
