// D3D10 buffers and bindings: the sizes and slot ranges D3D10 itself allows (a constant
// buffer of whole float4 registers, at most 4096 of them; 14 constant-buffer slots). What
// the model maps of them (4 slots of 48 registers) is the driver's question, asked when a
// buffer is bound.
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

}  // namespace

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
