// RDEF: the compiler's reflection data. Layout (shader model 4, all offsets from the
// chunk start): cbuffer count and offset, binding count and offset, target version,
// flags, creator string offset; 32-byte bindings, 24-byte cbuffers, 24-byte variables,
// each variable pointing at a type (class, type, rows, columns, elements, members).
#include "d3d10/chunk_reader.h"
#include "d3d10/container.h"

namespace gfx::d3d10 {

Reflection parse_reflection(const Chunk& chunk, const std::string& shader) {
  const ChunkReader r(chunk, shader);
  Reflection out;
  const uint32_t cb_count = r.u32(0, "constant buffer count");
  const uint32_t cb_offset = r.u32(4, "constant buffer offset");
  const uint32_t res_count = r.u32(8, "binding count");
  const uint32_t res_offset = r.u32(12, "binding offset");
  out.target = r.u32(16, "target");
  out.flags = r.u32(20, "flags");
  r.need_table(8, res_offset, res_count, 32, "bindings");
  r.need_table(0, cb_offset, cb_count, 24, "constant buffers");
  out.creator = r.str(24, "creator");
  for (uint32_t i = 0; i < res_count; ++i) {
    const std::size_t at = std::size_t{res_offset} + 32 * i;
    BoundResource b;
    b.name = r.str(at, "binding name");
    b.type = r.u32(at + 4, "binding type");
    b.return_type = r.u32(at + 8, "binding return type");
    b.dimension = r.u32(at + 12, "binding dimension");
    b.num_samples = r.u32(at + 16, "binding sample count");
    b.bind_point = r.u32(at + 20, "bind point");
    b.bind_count = r.u32(at + 24, "bind count");
    b.flags = r.u32(at + 28, "binding flags");
    out.resources.push_back(std::move(b));
  }
  for (uint32_t i = 0; i < cb_count; ++i) {
    const std::size_t at = std::size_t{cb_offset} + 24 * i;
    ConstantBufferInfo cb;
    cb.name = r.str(at, "constant buffer name");
    const uint32_t var_count = r.u32(at + 4, "variable count");
    const uint32_t var_offset = r.u32(at + 8, "variable offset");
    cb.size = r.u32(at + 12, "constant buffer size");
    cb.flags = r.u32(at + 16, "constant buffer flags");
    cb.type = r.u32(at + 20, "constant buffer type");
    r.need_table(at + 4, var_offset, var_count, 24, "variables");
    for (uint32_t v = 0; v < var_count; ++v) {
      const std::size_t vat = std::size_t{var_offset} + 24 * v;
      ShaderVariable var;
      var.name = r.str(vat, "variable name");
      var.offset = r.u32(vat + 4, "variable offset");
      var.size = r.u32(vat + 8, "variable size");
      var.flags = r.u32(vat + 12, "variable flags");
      const std::size_t t = r.u32(vat + 16, "variable type offset");
      var.type_class = r.u16(t, "type class");
      var.type = r.u16(t + 2, "type");
      var.rows = r.u16(t + 4, "type rows");
      var.columns = r.u16(t + 6, "type columns");
      var.elements = r.u16(t + 8, "type elements");
      var.members = r.u16(t + 10, "type members");
      cb.variables.push_back(std::move(var));
    }
    out.constant_buffers.push_back(std::move(cb));
  }
  return out;
}

}  // namespace gfx::d3d10
