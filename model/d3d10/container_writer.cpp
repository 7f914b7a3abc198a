// build_container: signatures from the declarations, then header, chunk table, checksum.
// A declared input or output becomes one element: a system value keeps its SV_ name;
// other registers are TEXCOORD<n> (vertex and geometry outputs, pixel inputs), ATTRIB<n>
// (vertex inputs) and SV_Target<n> (pixel outputs). Inputs read what they declare;
// outputs write all they declare.
#include <cstring>

#include "d3d10/checksum.h"
#include "d3d10/container.h"
#include "d3d10/encode.h"

namespace gfx::d3d10 {
namespace {

const char* sv_semantic(uint32_t sv) {
  static const char* const kNames[] = {nullptr,
                                       "SV_Position",
                                       "SV_ClipDistance",
                                       "SV_CullDistance",
                                       "SV_RenderTargetArrayIndex",
                                       "SV_ViewportArrayIndex",
                                       "SV_VertexID",
                                       "SV_PrimitiveID",
                                       "SV_InstanceID",
                                       "SV_IsFrontFace",
                                       "SV_SampleIndex"};
  return sv < 11 ? kNames[sv] : nullptr;
}

bool is_integer_sv(uint32_t sv) { return sv >= 4 && sv != 9; }

Signature derive(const Program& p, bool inputs) {
  Signature sig;
  const bool ps = p.version.type == ProgramType::Pixel;
  const bool vs = p.version.type == ProgramType::Vertex;
  for (const Instruction& ins : p.instructions) {
    const Opcode op = ins.op;
    const bool in = op == Opcode::DclInput || op == Opcode::DclInputSgv ||
                    op == Opcode::DclInputSiv || op == Opcode::DclInputPs ||
                    op == Opcode::DclInputPsSgv || op == Opcode::DclInputPsSiv;
    const bool out =
        op == Opcode::DclOutput || op == Opcode::DclOutputSgv || op == Opcode::DclOutputSiv;
    if (inputs ? !in : !out) continue;
    const Operand& o = ins.operands.at(0);
    if (o.indices.empty()) continue;  // vPrim, oDepth: no signature element of their own
    SignatureElement e;
    e.reg = static_cast<uint32_t>(o.indices.back().value);
    e.mask = o.num_components == 4 && o.selection == Selection::Mask ? o.mask : 1;
    e.rw_mask = inputs ? e.mask : 0;
    const uint32_t sv = ins.extra.empty() ? 0 : ins.extra[0];
    if (const char* name = sv_semantic(sv)) {
      e.semantic = name;
      e.system_value = sv;
      if (is_integer_sv(sv)) e.component_type = ComponentType::Uint32;
    } else {
      e.semantic = !inputs && ps ? "SV_Target" : inputs && vs ? "ATTRIB" : "TEXCOORD";
      e.semantic_index = e.reg;
    }
    sig.push_back(std::move(e));
  }
  return sig;
}

void put32(std::vector<uint8_t>& b, uint32_t v) {
  for (int i = 0; i < 4; ++i) b.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

}  // namespace

std::vector<uint8_t> signature_bytes(const Signature& sig) {
  std::vector<uint8_t> b;
  put32(b, static_cast<uint32_t>(sig.size()));
  put32(b, 8);
  std::string strings;
  const uint32_t strings_at = static_cast<uint32_t>(8 + 24 * sig.size());
  for (const SignatureElement& e : sig) {
    put32(b, strings_at + static_cast<uint32_t>(strings.size()));
    strings += e.semantic;
    strings.push_back('\0');
    put32(b, e.semantic_index);
    put32(b, e.system_value);
    put32(b, static_cast<uint32_t>(e.component_type));
    put32(b, e.reg);
    put32(b, uint32_t{e.mask} | uint32_t{e.rw_mask} << 8);
  }
  b.insert(b.end(), strings.begin(), strings.end());
  while (b.size() % 4) b.push_back(0xAB);  // fxc's padding byte
  return b;
}

Signature derived_inputs(const Program& program) { return derive(program, true); }
Signature derived_outputs(const Program& program) { return derive(program, false); }

std::vector<uint32_t> build_container(const Program& program) {
  std::vector<Chunk> chunks(3);
  chunks[0].fourcc = fourcc("ISGN");
  chunks[0].data = signature_bytes(derived_inputs(program));
  chunks[1].fourcc = fourcc("OSGN");
  chunks[1].data = signature_bytes(derived_outputs(program));
  chunks[2].fourcc = fourcc("SHDR");
  for (uint32_t t : encode_program(program)) put32(chunks[2].data, t);
  return write_container(chunks);
}

std::vector<uint32_t> write_container(const std::vector<Chunk>& chunks) {
  std::vector<uint8_t> b;
  put32(b, kDxbcMagic);
  for (int i = 0; i < 4; ++i) put32(b, 0);
  put32(b, 1);
  put32(b, 0);  // total size, below
  put32(b, static_cast<uint32_t>(chunks.size()));
  uint32_t offset = static_cast<uint32_t>(32 + 4 * chunks.size());
  for (const auto& c : chunks) {
    put32(b, offset);
    offset += static_cast<uint32_t>(8 + (c.data.size() + 3) / 4 * 4);
  }
  for (const auto& c : chunks) {
    put32(b, c.fourcc);
    put32(b, static_cast<uint32_t>(c.data.size()));
    b.insert(b.end(), c.data.begin(), c.data.end());
    while (b.size() % 4) b.push_back(0);  // the next chunk starts on a dword
  }
  const uint32_t total = static_cast<uint32_t>(b.size());
  std::memcpy(b.data() + 24, &total, 4);  // little-endian hosts only, as the rest of gfxsim
  const auto sum = dxbc_checksum(b.data(), b.size());
  std::memcpy(b.data() + 4, sum.data(), 16);
  std::vector<uint32_t> out(b.size() / 4);
  std::memcpy(out.data(), b.data(), b.size());
  return out;
}

}  // namespace gfx::d3d10
