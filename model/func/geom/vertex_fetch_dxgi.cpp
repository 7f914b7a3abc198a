// The D3D10 half of vertex fetch (vertex_fetch.h): DXGI vertex formats and input layouts.
#include <cstring>
#include <string>
#include <utility>

#include "common/error.h"
#include "func/geom/vertex_fetch.h"

namespace gfx::func {
namespace {

uint32_t le(const uint8_t* p, unsigned bytes) {  // little-endian, whatever the host
  uint32_t v = 0;
  for (unsigned i = 0; i < bytes; ++i) v |= uint32_t(p[i]) << (8 * i);
  return v;
}

float bits_float(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// One component of `bits` width (8, 16 or 32 bits, or a field of a packed word) as the
// shader register receives it.
float component(api::NumberClass number, uint32_t raw, unsigned bits) {
  using N = api::NumberClass;
  const uint32_t max = bits == 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
  switch (number) {
    case N::Float: return bits == 16 ? half_to_float(uint16_t(raw)) : bits_float(raw);
    case N::Unorm: return float(raw) / float(max);
    case N::Snorm: {
      // Two's complement; both the most negative value and the one above it give -1.
      const int32_t v = int32_t(raw << (32 - bits)) >> (32 - bits);
      const float f = float(v) / float(max >> 1);
      return f < -1.0f ? -1.0f : f;
    }
    case N::Uint: return bits_float(raw);
    case N::Sint: return bits_float(uint32_t(int32_t(raw << (32 - bits)) >> (32 - bits)));
  }
  return 0.0f;
}

}  // namespace

Vec4 decode_vertex_format(api::VertexFormat format, const uint8_t* b) {
  using F = api::VertexFormat;
  const api::VertexFormatInfo info = api::vertex_format_info(format);
  const bool integer =
      info.number == api::NumberClass::Uint || info.number == api::NumberClass::Sint;
  // Missing components: (0, 0, 0, 1), the 1 in the format's own number class.
  Vec4 v{0.0f, 0.0f, 0.0f, integer ? bits_float(1) : 1.0f};
  if (format == F::R10G10B10A2_UNORM || format == F::R10G10B10A2_UINT) {
    const uint32_t w = le(b, 4);
    for (int c = 0; c < 3; ++c) v[c] = component(info.number, (w >> (10 * c)) & 0x3FF, 10);
    v[3] = component(info.number, w >> 30, 2);
    return v;
  }
  const unsigned cb = info.bytes / info.components;  // bytes per component
  for (unsigned c = 0; c < info.components; ++c)
    v[c] = component(info.number, le(b + c * cb, cb), 8 * cb);
  if (format == F::B8G8R8A8_UNORM) std::swap(v[0], v[2]);  // stored B, G, R, A
  return v;
}

FetchPlan make_fetch_plan(const api::InputLayout& layout, const std::vector<uint32_t>& offsets,
                          const std::vector<LinkSemantic>& input_semantics) {
  FetchPlan plan;
  plan.entries.reserve(input_semantics.size());
  for (const LinkSemantic& in : input_semantics) {
    if (in.reg >= kMaxInputs)
      throw Error("vertex fetch: input register v" + std::to_string(in.reg) + " is beyond v" +
                  std::to_string(kMaxInputs - 1));
    const api::InputElement* found = nullptr;
    std::size_t at = 0;
    for (std::size_t i = 0; i < layout.elements.size() && !found; ++i)
      if (api::same_semantic(layout.elements[i].semantic_name, layout.elements[i].semantic_index,
                             in.name, in.index)) {
        found = &layout.elements[i];
        at = i;
      }
    if (!found)
      throw Error("reads " + api::semantic_label(in.name, in.index) + " (v" +
                  std::to_string(in.reg) + "), which the input layout does not give");
    FetchPlan::Entry e;
    e.reg = in.reg;
    e.offset = uint16_t(offsets.at(at));
    e.stream = uint8_t(found->input_slot);
    e.dxgi = true;
    e.format = found->format;
    plan.entries.push_back(e);
  }
  return plan;
}

}  // namespace gfx::func
