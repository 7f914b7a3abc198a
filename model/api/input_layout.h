// A D3D10 input layout (ID3D10InputLayout) as an application creates it: the
// D3D10_INPUT_ELEMENT_DESC list, and D3D10's rules for it that need no shader.
//
// Models: the vertex-buffer DXGI formats (their size, component count and number class),
// D3D10_APPEND_ALIGNED_ELEMENT (the element follows the previous element of its slot,
// aligned up to its component size), and CreateInputLayout's own checks: at most 16
// elements, slots 0..15, offsets aligned and inside 2048 bytes, no semantic twice, a step
// rate of 0 on per-vertex elements, one class per slot. Leaves out: the match against the
// shader's input signature (d3d10/input_signature.h) and the fetch (func/geom/vertex_fetch.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "api/enums.h"

namespace gfx::api {

constexpr uint32_t kAppendAligned = 0xFFFFFFFFu;  // D3D10_APPEND_ALIGNED_ELEMENT
constexpr unsigned kMaxInputElements = 16;        // D3D10_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT
constexpr unsigned kMaxInputSlots = 16;           // D3D10_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT
constexpr uint32_t kMaxElementEnd = 2048;         // D3D10_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES

struct InputElement {
  std::string semantic_name;  // compared without regard to case, as D3D10 does
  uint32_t semantic_index = 0;
  VertexFormat format = VertexFormat::R32G32B32A32_FLOAT;
  uint32_t input_slot = 0;
  uint32_t aligned_byte_offset = 0;  // or kAppendAligned
  InputClass input_slot_class = InputClass::PerVertex;
  uint32_t instance_data_step_rate = 0;  // per-instance: instances per element; 0 never steps
};

struct InputLayout {
  std::vector<InputElement> elements;
};

// How a format's components reach the shader: converted to float (Float, Unorm, Snorm) or
// as the integer's own bits (Uint, Sint).
enum class NumberClass : uint8_t { Float, Unorm, Snorm, Uint, Sint };

struct VertexFormatInfo {
  uint8_t bytes;            // size of one element
  uint8_t components;       // 1..4
  uint8_t component_bytes;  // the alignment of the element (4 for packed formats)
  NumberClass number;
};
VertexFormatInfo vertex_format_info(VertexFormat f);

// The byte offset of every element inside its slot's vertex, D3D10_APPEND_ALIGNED_ELEMENT
// resolved. Throws gfx::Error "element <i> (<SEMANTIC><index>): <problem>" when the layout
// breaks one of CreateInputLayout's rules above.
std::vector<uint32_t> resolve_input_layout(const InputLayout& layout);

// "COLOR1": an element's semantic as errors name it (upper case, index appended).
std::string semantic_label(const std::string& name, uint32_t index);
// Whether two semantics are the same: names compared without regard to case, as D3D10 does.
bool same_semantic(const std::string& a, uint32_t a_index, const std::string& b, uint32_t b_index);

}  // namespace gfx::api
