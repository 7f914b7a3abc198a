#include "api/input_layout.h"

#include <array>
#include <cctype>

#include "common/error.h"

namespace gfx::api {

VertexFormatInfo vertex_format_info(VertexFormat f) {
  using N = NumberClass;
  using F = VertexFormat;
  switch (f) {
    case F::R32G32B32A32_FLOAT: return {16, 4, 4, N::Float};
    case F::R32G32B32A32_UINT: return {16, 4, 4, N::Uint};
    case F::R32G32B32A32_SINT: return {16, 4, 4, N::Sint};
    case F::R32G32B32_FLOAT: return {12, 3, 4, N::Float};
    case F::R32G32B32_UINT: return {12, 3, 4, N::Uint};
    case F::R32G32B32_SINT: return {12, 3, 4, N::Sint};
    case F::R16G16B16A16_FLOAT: return {8, 4, 2, N::Float};
    case F::R16G16B16A16_UNORM: return {8, 4, 2, N::Unorm};
    case F::R16G16B16A16_UINT: return {8, 4, 2, N::Uint};
    case F::R16G16B16A16_SNORM: return {8, 4, 2, N::Snorm};
    case F::R16G16B16A16_SINT: return {8, 4, 2, N::Sint};
    case F::R32G32_FLOAT: return {8, 2, 4, N::Float};
    case F::R32G32_UINT: return {8, 2, 4, N::Uint};
    case F::R32G32_SINT: return {8, 2, 4, N::Sint};
    case F::R10G10B10A2_UNORM: return {4, 4, 4, N::Unorm};
    case F::R10G10B10A2_UINT: return {4, 4, 4, N::Uint};
    case F::R8G8B8A8_UNORM: return {4, 4, 1, N::Unorm};
    case F::R8G8B8A8_UINT: return {4, 4, 1, N::Uint};
    case F::R8G8B8A8_SNORM: return {4, 4, 1, N::Snorm};
    case F::R8G8B8A8_SINT: return {4, 4, 1, N::Sint};
    case F::R16G16_FLOAT: return {4, 2, 2, N::Float};
    case F::R16G16_UNORM: return {4, 2, 2, N::Unorm};
    case F::R16G16_UINT: return {4, 2, 2, N::Uint};
    case F::R16G16_SNORM: return {4, 2, 2, N::Snorm};
    case F::R16G16_SINT: return {4, 2, 2, N::Sint};
    case F::R32_FLOAT: return {4, 1, 4, N::Float};
    case F::R32_UINT: return {4, 1, 4, N::Uint};
    case F::R32_SINT: return {4, 1, 4, N::Sint};
    case F::R8G8_UNORM: return {2, 2, 1, N::Unorm};
    case F::R8G8_UINT: return {2, 2, 1, N::Uint};
    case F::R8G8_SNORM: return {2, 2, 1, N::Snorm};
    case F::R8G8_SINT: return {2, 2, 1, N::Sint};
    case F::R16_FLOAT: return {2, 1, 2, N::Float};
    case F::R16_UNORM: return {2, 1, 2, N::Unorm};
    case F::R16_UINT: return {2, 1, 2, N::Uint};
    case F::R16_SNORM: return {2, 1, 2, N::Snorm};
    case F::R16_SINT: return {2, 1, 2, N::Sint};
    case F::R8_UNORM: return {1, 1, 1, N::Unorm};
    case F::R8_UINT: return {1, 1, 1, N::Uint};
    case F::R8_SNORM: return {1, 1, 1, N::Snorm};
    case F::R8_SINT: return {1, 1, 1, N::Sint};
    case F::B8G8R8A8_UNORM: return {4, 4, 1, N::Unorm};
  }
  return {0, 0, 1, N::Float};  // not a format: is_valid<VertexFormat> refuses it on reading
}

std::string semantic_label(const std::string& name, uint32_t index) {
  std::string s = name;
  for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
  return s + std::to_string(index);
}

bool same_semantic(const std::string& a, uint32_t a_index, const std::string& b, uint32_t b_index) {
  if (a_index != b_index || a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::toupper(static_cast<unsigned char>(a[i])) !=
        std::toupper(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

std::vector<uint32_t> resolve_input_layout(const InputLayout& layout) {
  const auto& el = layout.elements;
  if (el.size() > kMaxInputElements)
    throw Error(std::to_string(el.size()) + " elements; D3D10 input layouts hold at most " +
                std::to_string(kMaxInputElements));
  std::vector<uint32_t> offsets(el.size());
  std::array<uint32_t, kMaxInputSlots> next{};  // where an appended element of the slot starts
  std::array<int, kMaxInputSlots> first_of_slot;
  first_of_slot.fill(-1);
  for (std::size_t i = 0; i < el.size(); ++i) {
    const InputElement& e = el[i];
    const std::string label = semantic_label(e.semantic_name, e.semantic_index);
    const auto fail = [&](const std::string& what) {
      throw Error("element " + std::to_string(i) + " (" + label + "): " + what);
    };
    if (e.semantic_name.empty()) fail("has no semantic name");
    if (e.input_slot >= kMaxInputSlots)
      fail("input slot " + std::to_string(e.input_slot) + " is beyond D3D10's slots 0..15");
    if (e.input_slot_class == InputClass::PerVertex && e.instance_data_step_rate != 0)
      fail("per-vertex data needs an instance data step rate of 0, got " +
           std::to_string(e.instance_data_step_rate));
    // One class and step rate per slot: D3D10 refuses a class change inside a slot, and the
    // model steps a slot's buffer as a whole.
    int& first = first_of_slot[e.input_slot];
    if (first >= 0) {
      const InputElement& f = el[std::size_t(first)];
      if (f.input_slot_class != e.input_slot_class)
        fail("slot " + std::to_string(e.input_slot) + " holds " +
             std::string(to_name(f.input_slot_class)) + " data (element " + std::to_string(first) +
             "); one slot has one class");
      if (f.instance_data_step_rate != e.instance_data_step_rate)
        fail("step rate " + std::to_string(e.instance_data_step_rate) + " differs from slot " +
             std::to_string(e.input_slot) + "'s " + std::to_string(f.instance_data_step_rate) +
             " (element " + std::to_string(first) +
             "); the model steps a slot as a whole (not modelled)");
    } else {
      first = int(i);
    }
    for (std::size_t j = 0; j < i; ++j)
      if (same_semantic(el[j].semantic_name, el[j].semantic_index, e.semantic_name,
                        e.semantic_index))
        fail("the semantic is given twice (element " + std::to_string(j) + ")");
    const VertexFormatInfo info = vertex_format_info(e.format);
    uint64_t at = e.aligned_byte_offset;
    if (e.aligned_byte_offset == kAppendAligned) {
      const uint32_t a = info.component_bytes;
      at = (uint64_t{next[e.input_slot]} + a - 1) / a * a;
    } else if (at % info.component_bytes != 0) {
      fail("offset " + std::to_string(at) + " is not a multiple of " +
           std::to_string(info.component_bytes) + " bytes, the alignment of " +
           std::string(to_name(e.format)));
    }
    if (at + info.bytes > kMaxElementEnd)
      fail("offset " + std::to_string(at) + " + " + std::to_string(info.bytes) +
           " bytes runs past D3D10's 2048-byte vertex");
    offsets[i] = uint32_t(at);
    next[e.input_slot] = uint32_t(at + info.bytes);
  }
  return offsets;
}

}  // namespace gfx::api
