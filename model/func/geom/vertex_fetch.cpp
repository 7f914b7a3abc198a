#include "func/geom/vertex_fetch.h"

#include <cstring>
#include <string>

#include "common/error.h"

namespace gfx::func {

namespace {

// Buffers are little-endian whatever the host is; the compiler turns these into plain loads.
uint16_t le16(const uint8_t* p) { return static_cast<uint16_t>(p[0] | (p[1] << 8)); }
uint32_t le32(const uint8_t* p) {
  return uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) | (uint32_t(p[3]) << 24);
}
float f32(const uint8_t* p) {
  uint32_t u = le32(p);
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
float s16(const uint8_t* p) { return float(int16_t(le16(p))); }

// Sign-extend a 10-bit field of a DEC3N word.
int dec10(uint32_t word, int shift) {
  int v = int((word >> shift) & 0x3FF);
  return v >= 512 ? v - 1024 : v;
}

}  // namespace

float half_to_float(uint16_t h) {
  uint32_t sign = uint32_t(h >> 15) << 31;
  uint32_t exp = (h >> 10) & 0x1F;
  uint32_t mant = h & 0x3FF;
  uint32_t bits;
  if (exp == 0) {
    // Zero or subnormal: mant * 2^-24 is exact in float.
    float f = float(mant) * (1.0f / 16777216.0f);
    return sign ? -f : f;
  } else if (exp == 31) {
    bits = sign | 0x7F800000u | (mant << 13);  // infinity or NaN, payload kept
  } else {
    bits = sign | ((exp + 127 - 15) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

Vec4 decode_element(api::DeclType type, const uint8_t* b) {
  using api::DeclType;
  switch (type) {
    case DeclType::Float1: return {f32(b), 0, 0, 1};
    case DeclType::Float2: return {f32(b), f32(b + 4), 0, 1};
    case DeclType::Float3: return {f32(b), f32(b + 4), f32(b + 8), 1};
    case DeclType::Float4: return {f32(b), f32(b + 4), f32(b + 8), f32(b + 12)};
    case DeclType::D3DColor:
      // 0xAARRGGBB stored little-endian: bytes are B, G, R, A.
      return {b[2] / 255.0f, b[1] / 255.0f, b[0] / 255.0f, b[3] / 255.0f};
    case DeclType::UByte4: return {float(b[0]), float(b[1]), float(b[2]), float(b[3])};
    case DeclType::UByte4N: return {b[0] / 255.0f, b[1] / 255.0f, b[2] / 255.0f, b[3] / 255.0f};
    case DeclType::Short2: return {s16(b), s16(b + 2), 0, 1};
    case DeclType::Short4: return {s16(b), s16(b + 2), s16(b + 4), s16(b + 6)};
    // D3D9 divides by 32767 without clamping, so -32768 gives slightly below -1.
    case DeclType::Short2N: return {s16(b) / 32767.0f, s16(b + 2) / 32767.0f, 0, 1};
    case DeclType::Short4N:
      return {s16(b) / 32767.0f, s16(b + 2) / 32767.0f, s16(b + 4) / 32767.0f,
              s16(b + 6) / 32767.0f};
    case DeclType::UShort2N: return {le16(b) / 65535.0f, le16(b + 2) / 65535.0f, 0, 1};
    case DeclType::UShort4N:
      return {le16(b) / 65535.0f, le16(b + 2) / 65535.0f, le16(b + 4) / 65535.0f,
              le16(b + 6) / 65535.0f};
    case DeclType::UDec3: {
      uint32_t w = le32(b);
      return {float(w & 0x3FF), float((w >> 10) & 0x3FF), float((w >> 20) & 0x3FF), 1};
    }
    case DeclType::Dec3N: {
      uint32_t w = le32(b);
      return {dec10(w, 0) / 511.0f, dec10(w, 10) / 511.0f, dec10(w, 20) / 511.0f, 1};
    }
    case DeclType::Float16_2: return {half_to_float(le16(b)), half_to_float(le16(b + 2)), 0, 1};
    case DeclType::Float16_4:
      return {half_to_float(le16(b)), half_to_float(le16(b + 2)), half_to_float(le16(b + 4)),
              half_to_float(le16(b + 6))};
    case DeclType::Unused: break;
  }
  return {0, 0, 0, 1};
}

namespace {

void check_reg(uint16_t reg) {
  if (reg >= kMaxInputs)
    throw Error("vertex fetch: input register v" + std::to_string(reg) + " is beyond v" +
                std::to_string(kMaxInputs - 1));
}

const api::VertexElement* find_element(const api::VertexDeclaration& decl, const InputBinding& in) {
  for (const api::VertexElement& e : decl.elements) {
    if (e.usage == in.usage && e.usage_index == in.usage_index && e.type != api::DeclType::Unused) {
      if (e.stream >= api::kMaxStreams)
        throw Error("vertex declaration: element " + std::string(api::to_name(e.usage)) +
                    std::to_string(e.usage_index) + " uses stream " + std::to_string(e.stream) +
                    " (streams are 0.." + std::to_string(api::kMaxStreams - 1) + ")");
      return &e;  // the first matching element wins
    }
  }
  return nullptr;
}

// Read one element of one vertex; false (and (0,0,0,0)) when it is not wholly inside its
// buffer. 64-bit arithmetic: index * stride may exceed 32 bits on hostile input.
const uint8_t* element_bytes(unsigned size, uint32_t stream, uint32_t elem_offset,
                             const StreamBinding* streams, uint32_t vertex_index) {
  const StreamBinding& s = streams[stream];
  uint64_t start = uint64_t(s.offset) + uint64_t(vertex_index) * s.stride + elem_offset;
  if (!s.buffer || start + size > s.buffer->bytes.size()) return nullptr;
  return s.buffer->bytes.data() + start;
}

bool read_element(api::DeclType type, uint32_t stream, uint32_t elem_offset,
                  const StreamBinding* streams, uint32_t vertex_index, Vec4& out) {
  const uint8_t* b =
      element_bytes(api::decl_type_size(type), stream, elem_offset, streams, vertex_index);
  out = b ? decode_element(type, b) : Vec4{0, 0, 0, 0};
  return b != nullptr;
}

}  // namespace

FetchPlan make_fetch_plan(const api::VertexDeclaration& decl,
                          const std::vector<InputBinding>& inputs) {
  FetchPlan plan;
  plan.entries.reserve(inputs.size());
  for (const InputBinding& in : inputs) {
    check_reg(in.reg);
    FetchPlan::Entry e;
    e.reg = in.reg;
    if (const api::VertexElement* el = find_element(decl, in)) {
      e.offset = el->offset;
      e.stream = static_cast<uint8_t>(el->stream);
      e.type = el->type;
    }
    plan.entries.push_back(e);
  }
  return plan;
}

bool fetch_vertex(const FetchPlan& plan, const StreamBinding* streams, uint32_t vertex_index,
                  Warp& warp, int lane) {
  bool ok = true;
  for (const FetchPlan::Entry& e : plan.entries) {
    Vec4 v{0, 0, 0, 1};
    if (const unsigned size = e.size()) {
      const uint8_t* b = element_bytes(size, e.stream, e.offset, streams, vertex_index);
      if (!b) {
        v = {0, 0, 0, 0};
        ok = false;
      } else {
        v = e.dxgi ? decode_vertex_format(e.format, b) : decode_element(e.type, b);
      }
    }
    warp.set_input(e.reg, lane, v);
  }
  return ok;
}

bool fetch_vertex(const api::VertexDeclaration& decl, const StreamBinding* streams,
                  const std::vector<InputBinding>& inputs, uint32_t vertex_index, Warp& warp,
                  int lane) {
  bool ok = true;
  for (const InputBinding& in : inputs) {
    check_reg(in.reg);
    Vec4 v{0, 0, 0, 1};
    if (const api::VertexElement* el = find_element(decl, in))
      ok &= read_element(el->type, el->stream, el->offset, streams, vertex_index, v);
    warp.set_input(in.reg, lane, v);
  }
  return ok;
}

}  // namespace gfx::func
