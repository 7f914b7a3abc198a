#include "d3d10/input_signature.h"

#include "common/error.h"

namespace gfx::d3d10 {

void check_input_signature(const api::InputLayout& layout, const Shader& vertex_shader,
                           const std::string& shader_label) {
  for (const SignatureElement& in : vertex_shader.inputs) {
    if (in.system_value != 0) continue;  // SV_VertexID, SV_InstanceID: the IA makes them
    const std::string want = api::semantic_label(in.semantic, in.semantic_index);
    bool found = false;
    for (const api::InputElement& e : layout.elements)
      found |=
          api::same_semantic(e.semantic_name, e.semantic_index, in.semantic, in.semantic_index);
    if (!found)
      throw Error(shader_label + " reads " + want + " (v" + std::to_string(in.reg) +
                  "), which no element of the input layout gives");
  }
}

}  // namespace gfx::d3d10
