// Device::PatchInput: how the driver reads the control points of a patch or N-patch
// draw from the current streams, and what vertex layout the tessellator produces from
// them. Private to the driver's tessellation files (patch_input.cpp, patches.cpp,
// npatches.cpp).
//
// Inputs are the distinct (stream, offset, type) data the declaration reads, decoded to
// one Vec4 each with func/geom/vertex_fetch (so every D3DDECLTYPE works); outputs are one
// slot per declaration element, in declaration order, with the element's D3DDECLMETHOD.
// The generated vertex buffer stores each output as 16 bytes of float4; the synthesized
// declaration reads DEFAULT outputs as FLOAT4, PARTIALU/PARTIALV/CROSSUV as FLOAT3 and UV
// as FLOAT2, the types D3D9 gives those generated values (so the shader sees the same
// default components as on D3D9).
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "driver/device.h"
#include "func/tess/types.h"

namespace gfx::driver {

struct Device::PatchInput {
  std::vector<api::VertexElement> inputs;  // one decoded Vec4 slot each
  func::tess::OutputLayout layout;
  std::shared_ptr<const api::VertexDeclaration> out_declaration;
  int position = -1, normal = -1, tess_factor = -1;  // input slots (-1: absent)
  uint32_t vertex_count = 0;                         // vertices every input stream holds completely
  std::array<std::shared_ptr<const api::Buffer>, api::kMaxStreams> buffers{};
  std::array<api::StreamSource, api::kMaxStreams> streams{};

  unsigned attributes() const { return unsigned(inputs.size()); }
  // Decodes vertices first..first+count-1 (all inside vertex_count) into out.
  void decode(uint32_t first, uint32_t count, func::Vec4* out) const;
  // Adds the byte ranges of vertices first..first+count-1 to the fetch list.
  void add_ranges(uint32_t first, uint32_t count, TessWork& work) const;
};

// "<where>: draw N (<call>)" prefixes of error messages; throws gfx::Error.
[[noreturn]] void patch_fail(const std::string& at, const std::string& what);

}  // namespace gfx::driver
