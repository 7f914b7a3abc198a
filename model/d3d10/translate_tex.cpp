// Resource instructions of the SM4 -> ISA translator (translate.h): the sample family onto
// the ISA's Tex and its modes, deriv_rtx / deriv_rty onto dsx / dsy.
//   sample      -> tex (LOD from the quad in pixel shaders)
//   sample_b    -> texldb: coordinates plus the bias in .w of a scratch temp
//   sample_l    -> texldl: coordinates plus the LOD in .w of a scratch temp
//   sample_d    -> texldd: d/dx and d/dy of the coordinates as the second and third sources
//   ld          -> tex in Fetch mode (texture2d / texture3d: integer xy(z), mip level in w);
//                  its immediate texel offsets are added to the address first
//   resinfo     -> tex in Info / InfoRcp / InfoUint mode (texture2d / texture3d / cube)
//   sample_c    -> tex in Compare mode: the reference value as the second source, the LOD
//                  from the quad (pixel shaders only, as D3D10 allows)
//   sample_c_lz -> tex in CompareLz mode: level 0, any stage
// The resource's swizzle reorders the texel (or the sizes), so it applies to the result;
// a comparison's one result fills every channel, so its t#.r changes nothing.
// The sample family's immediate texel offsets travel in Instr::texel_offset to the sampler,
// which adds them to every tap's texel address at the level it filters.
// dcl_sampler's mode decides which instructions may use s# (D3D10): mode_default the sample
// family, mode_comparison sample_c and sample_c_lz; another pairing is a located error, and
// mode_mono (the text filter) is not modelled.
// Left out (located errors): ld_ms and the other resource dimensions.
#include <string>

#include "api/state.h"
#include "d3d10/translate_internal.h"

namespace gfx::d3d10::detail {
namespace {

using func::Op;

func::Instr make(Op op) {
  func::Instr in;
  in.op = op;
  return in;
}

}  // namespace

// The ISA sampler slot of t# (and s#, which must match when given).
uint16_t Translator::texture_slot(const Operand& res, const Operand* smp) {
  if (res.type != OperandType::Resource || (smp && smp->type != OperandType::Sampler))
    fail("expected a t# resource and an s# sampler");
  const uint16_t t = single_index(res, "resource");
  if (smp) {
    const uint16_t s = single_index(*smp, "sampler");
    if (t != s)
      fail("t" + std::to_string(t) + " with s" + std::to_string(s) +
           ": a texture and its sampler must share a slot (the pipeline binds them together)");
  }
  const int slots = pixel_ ? api::kPixelSamplers : api::kVertexSamplers;
  if (t >= slots) fail("sampler slot " + std::to_string(t) + " is out of range");
  return uint16_t(pixel_ ? t : api::kPixelSamplers + t);
}

// Emits `in` (its dst the SM4 destination), reordering the texel by the resource's swizzle.
void Translator::texel_copy(func::Instr in, const Operand& res) {
  const uint8_t texel_swz =
      res.selection == Selection::Swizzle ? res.swizzle : func::kSwizzleIdentity;
  if (texel_swz == func::kSwizzleIdentity) return emit(in);
  const func::Dst dst = in.dst;
  const uint16_t tmp = scratch(kScratchResult);
  in.dst = func::Dst{};
  in.dst.index = tmp;
  emit(in);
  func::Instr copy = make(Op::Mov);
  copy.dst = dst;
  copy.src[0].index = tmp;
  copy.src[0].swz = texel_swz;
  emit(copy);
}

bool Translator::resource(const Instruction& ins) {
  switch (ins.op) {
    case Opcode::DerivRtx:
    case Opcode::DerivRty: {
      if (!pixel_) fail("derivatives are only valid in pixel shaders");
      if (ins.operands[0].type == OperandType::Null) return true;
      func::Instr in = make(ins.op == Opcode::DerivRtx ? Op::Dsx : Op::Dsy);
      in.dst = destination(ins.operands[0], ins.saturate());
      in.src[0] = source(ins.operands[1]);
      emit(in);
      return true;
    }
    case Opcode::SampleC:
    case Opcode::SampleCLz: compare(ins); return true;
    case Opcode::LdMs: fail("not supported yet");
    case Opcode::Ld:
    case Opcode::ResInfo: query(ins); return true;
    case Opcode::Sample:
    case Opcode::SampleB:
    case Opcode::SampleL:
    case Opcode::SampleD: break;
    default: return false;
  }
  const Operand& res = ins.operands[2];
  func::Instr in = make(Op::Tex);
  const std::array<int, 3> offsets = ins.texel_offsets();  // the sampler adds them per level
  for (int k = 0; k < 3; ++k) in.texel_offset[k] = int8_t(offsets[size_t(k)]);
  in.sampler = uint8_t(texture_slot(res, &ins.operands[3]));
  check_sampler_mode(ins.operands[3], false);
  if (ins.operands[0].type == OperandType::Null) return true;
  func::Src coord = source(ins.operands[1]);
  if (ins.op == Opcode::SampleB || ins.op == Opcode::SampleL) {
    // texldb / texldl read the bias or LOD from .w: build (coord.xyz, value.x).
    const uint16_t tmp = scratch(kScratchCoord);
    func::Instr xyz = make(Op::Mov);
    xyz.dst.index = tmp;
    xyz.dst.mask = 0x7;
    xyz.src[0] = coord;
    emit(xyz);
    func::Instr w = make(Op::Mov);
    w.dst.index = tmp;
    w.dst.mask = 0x8;
    w.src[0] = source(ins.operands[4]);
    const int c = w.src[0].swz & 3;
    w.src[0].swz = func::swizzle(c, c, c, c);
    emit(w);
    coord = func::Src{};
    coord.index = tmp;
    in.tex_mode = ins.op == Opcode::SampleB ? func::TexMode::Bias : func::TexMode::Lod;
  }
  if (ins.op == Opcode::SampleD) {
    in.tex_mode = func::TexMode::Grad;
    in.src[1] = source(ins.operands[4]);
    in.src[2] = source(ins.operands[5]);
  }
  in.src[0] = coord;
  in.dst = destination(ins.operands[0], ins.saturate());
  texel_copy(in, res);
  return true;
}

// s# must be declared in the mode the instruction needs (dcl_sampler; D3D10's validator).
void Translator::check_sampler_mode(const Operand& smp, bool comparison) {
  constexpr uint32_t kDefault = 0, kComparison = 1;  // D3D10_SB_SAMPLER_MODE
  const uint16_t s = single_index(smp, "sampler");
  const uint32_t mode = s < sampler_mode_.size() ? sampler_mode_[s] : kDefault;
  const std::string name = "s" + std::to_string(s);
  if (mode != kDefault && mode != kComparison)
    fail(name + " is declared mode_mono: the text filter is not modelled");
  if (comparison && mode != kComparison)
    fail(name +
         " is declared mode_default; a comparison needs a sampler declared "
         "mode_comparison");
  if (!comparison && mode == kComparison)
    fail(name + " is declared mode_comparison, which only sample_c and sample_c_lz may use");
}

// sample_c[_lz][_aoffimmi] dst, address, t#.r, s#, reference.
void Translator::compare(const Instruction& ins) {
  // The validator has refused sample_c outside pixel shaders (D3D10 allows it there only).
  const bool lz = ins.op == Opcode::SampleCLz;
  func::Instr in = make(Op::Tex);
  in.tex_mode = lz ? func::TexMode::CompareLz : func::TexMode::Compare;
  const std::array<int, 3> offsets = ins.texel_offsets();
  for (int k = 0; k < 3; ++k) in.texel_offset[k] = int8_t(offsets[size_t(k)]);
  in.sampler = uint8_t(texture_slot(ins.operands[2], &ins.operands[3]));
  check_sampler_mode(ins.operands[3], true);
  constexpr uint32_t kTexture3D = 5;  // D3D10_SB_RESOURCE_DIMENSION; t# is in range here
  if (resource_dim_.at(single_index(ins.operands[2], "resource")) == kTexture3D)
    fail("a texture3d cannot be compared (D3D10 compares 1D, 2D and cube textures)");
  if (ins.operands[0].type == OperandType::Null) return;
  in.src[0] = source(ins.operands[1]);
  in.src[1] = source(ins.operands[4]);  // one selected component, read as .x
  const int c = in.src[1].swz & 3;
  in.src[1].swz = func::swizzle(c, c, c, c);
  in.dst = destination(ins.operands[0], ins.saturate());
  emit(in);
}

// ld dst, address, t# / resinfo dst, mip, t#.
void Translator::query(const Instruction& ins) {
  const Operand& res = ins.operands[2];
  const uint16_t slot = texture_slot(res, nullptr);
  const uint32_t dim = resource_dim_.at(single_index(res, "resource"));
  constexpr uint32_t kTexture2D = 3, kTexture3D = 5,
                     kTextureCube = 6;  // D3D10_SB_RESOURCE_DIMENSION
  const bool ld = ins.op == Opcode::Ld;
  if (dim != kTexture2D && dim != kTexture3D && (ld || dim != kTextureCube))
    fail(std::string(ld ? "ld" : "resinfo") +
         " of this resource dimension is not supported yet (texture2d, texture3d" +
         (ld ? ")" : ", texturecube)"));
  const std::array<int, 3> offsets = ins.texel_offsets();
  const bool offset = offsets[0] || offsets[1] || offsets[2];
  if (ins.operands[0].type == OperandType::Null) return;
  func::Instr in = make(Op::Tex);
  in.sampler = uint8_t(slot);
  in.src[0] = source(ins.operands[1]);
  if (ld) {
    in.tex_mode = func::TexMode::Fetch;
    if (offset) {  // ld_aoffimmi: the offsets add to the integer address, the level stays
      const uint16_t tmp = scratch(kScratchCoord);
      func::Instr add = make(Op::IAdd);
      add.dst.index = tmp;
      add.dst.mask = 0x7;
      add.src[0] = in.src[0];
      add.src[1] = immediate({uint32_t(offsets[0]), uint32_t(offsets[1]), uint32_t(offsets[2]), 0});
      emit(add);
      func::Instr mip = make(Op::Mov);
      mip.dst.index = tmp;
      mip.dst.mask = 0x8;
      mip.src[0] = in.src[0];
      emit(mip);
      in.src[0] = func::Src{};
      in.src[0].index = tmp;
    }
  } else {
    static const func::TexMode kModes[] = {func::TexMode::Info, func::TexMode::InfoRcp,
                                           func::TexMode::InfoUint};
    if (ins.resinfo_return() > 2) fail("unknown resinfo return type");
    in.tex_mode = kModes[ins.resinfo_return()];
    const int c = in.src[0].swz & 3;
    in.src[0].swz = func::swizzle(c, c, c, c);
  }
  in.dst = destination(ins.operands[0], ins.saturate());
  texel_copy(in, res);
}

}  // namespace gfx::d3d10::detail
