// D3D10 buffers, samplers and bindings: the sizes and slot ranges D3D10 itself allows (a
// constant buffer of whole float4 registers, at most 4096 of them; 14 constant-buffer, 16
// sampler and 128 resource slots) and D3D10_SAMPLER_DESC's ranges. What the model maps of
// them is the driver's question, asked when they are bound.
#include <cmath>
#include <string>

#include "trace/check.h"
#include "trace/check_d3d10.h"

namespace gfx::trace {
namespace {

void check_registers(const char* field, std::size_t bytes) {
  if (bytes == 0 || bytes % 16 != 0)
    throw FieldError(field, std::to_string(bytes) + " bytes; a constant buffer holds whole " +
                                "16-byte float4 registers");
}

void check_slots(const char* what, uint32_t start, std::size_t count, uint32_t slots) {
  if (uint64_t{start} + count > slots)
    throw FieldError("ids", std::to_string(count) + " " + what + " from slot " +
                                std::to_string(start) + " run past D3D10's " +
                                std::to_string(slots) + " slots (0.." + std::to_string(slots - 1) +
                                ")");
}

}  // namespace

void check_d3d10_state(const CreateSamplerState& c) {
  const api::SamplerDesc& d = c.desc;
  if (c.id == 0) throw FieldError("id", "state object id 0 is reserved for D3D10's default state");
  if (d.max_anisotropy < 1 || d.max_anisotropy > 16)
    throw FieldError("max_anisotropy", "must be 1..16, got " + std::to_string(d.max_anisotropy));
  if (!std::isfinite(d.mip_lod_bias)) throw FieldError("mip_lod_bias", "must be a finite number");
  if (d.border_color.size() != 4) throw FieldError("border_color", "must be 4 floats (RGBA)");
  for (float f : d.border_color)
    if (!std::isfinite(f)) throw FieldError("border_color", "must be finite numbers");
  if (std::isnan(d.min_lod) || std::isnan(d.max_lod) || d.min_lod > d.max_lod)
    throw FieldError("max_lod", "min_lod and max_lod must be numbers with min_lod <= max_lod");
}

void check_d3d10_state(const SetSamplers& c) {
  check_slots("samplers", c.start_slot, c.ids.size(), api::kD3D10SamplerSlots);
}

void check_d3d10_state(const SetShaderResources& c) {
  check_slots("views", c.start_slot, c.ids.size(), api::kD3D10ResourceSlots);
}

void check_d3d10_state(const CreateConstantBuffer& c) {
  if (c.id == 0) throw FieldError("id", "resource id 0 is reserved for \"none\"");
  const std::size_t n = c.buffer->bytes.size();
  check_registers("bytes", n);
  if (n > kD3D10ConstantBufferBytes)
    throw FieldError(
        "bytes", std::to_string(n / 16) + " registers; a D3D10 constant buffer holds at most 4096");
}

void check_d3d10_state(const UpdateConstantBuffer& c) {
  if (c.id == 0) throw FieldError("id", "resource id 0 is reserved for \"none\"");
  if (c.offset % 16 != 0)
    throw FieldError("offset", "byte " + std::to_string(c.offset) + " is not a register boundary");
  check_registers("bytes", c.bytes.size());
  if (uint64_t{c.offset} + c.bytes.size() > kD3D10ConstantBufferBytes)
    throw FieldError("bytes", "bytes " + std::to_string(c.offset) + ".." +
                                  std::to_string(uint64_t{c.offset} + c.bytes.size()) +
                                  " run past the 4096 registers of a D3D10 constant buffer");
}

void check_d3d10_state(const SetConstantBuffers& c) {
  if (uint64_t{c.start_slot} + c.ids.size() > kD3D10ConstantBufferSlots)
    throw FieldError("ids", std::to_string(c.ids.size()) + " buffers from slot " +
                                std::to_string(c.start_slot) +
                                " run past D3D10's 14 constant-buffer slots (0..13)");
}

}  // namespace gfx::trace
