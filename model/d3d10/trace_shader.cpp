#include "d3d10/trace_shader.h"

#include <string_view>

#include "common/error.h"
#include "d3d10/assembler.h"
#include "d3d10/container.h"
#include "d3d10/encode.h"

namespace gfx::d3d10 {

bool is_d3d10_format(api::ShaderFormat format) {
  return format == api::ShaderFormat::Dxbc || format == api::ShaderFormat::Sm4Asm;
}

std::string trace_shader_label(api::ShaderStage stage, uint32_t id) {
  return std::string(stage == api::ShaderStage::Vertex ? "vertex" : "pixel") + " shader " +
         std::to_string(id);
}

Shader load_trace_shader(const api::Shader& source, const std::string& label) {
  ReadOptions read;
  read.name = label;
  Shader shader;
  if (source.format == api::ShaderFormat::Sm4Asm) {
    AsmOptions opts;
    opts.file = label;
    const std::string_view text(reinterpret_cast<const char*>(source.data.data()),
                                source.data.size());
    shader = read_container(build_container(parse_asm(text, opts)), read);
  } else if (source.format == api::ShaderFormat::Dxbc) {
    shader = read_container(source.data.data(), source.data.size(), read);
  } else {
    throw Error(label + ": not a D3D10 shader format");
  }
  const ProgramType type = shader.program.version.type;
  if (type == ProgramType::Geometry)
    throw Error(label + ": its code is " + shader.program.version.name() +
                "; geometry shaders are not modelled yet");
  const bool vertex = source.stage == api::ShaderStage::Vertex;
  if ((type == ProgramType::Vertex) != vertex)
    throw Error(label + ": its code is " + shader.program.version.name() + ", not a " +
                (vertex ? "vertex" : "pixel") + " shader");
  return shader;
}

}  // namespace gfx::d3d10
