// The D3D9 side of ARB programs: each translated program becomes a shader resource the
// first time a draw uses it, is set when the draw's program differs from the last one set
// (D3D9 keeps shader constants across shader changes, so only changed values are sent),
// and its constants are written from the GL state of the draw.
#include <cstring>

#include "import/d3d_emitter.h"
#include "import/gl_program_constants.h"

namespace gfx::import {

void D3dEmitter::check_programs(const GlState& s) const {
  const double vw = double(s.viewport.width), vh = double(s.viewport.height);
  if (const auto* o = s.arb.active(gl::VERTEX_PROGRAM_ARB, s.arb.vertex_enabled))
    arb_constant_values(s, *o, gl::VERTEX_PROGRAM_ARB, vw, vh);
  if (const auto* o = s.arb.active(gl::FRAGMENT_PROGRAM_ARB, s.arb.fragment_enabled))
    arb_constant_values(s, *o, gl::FRAGMENT_PROGRAM_ARB, vw, vh);
}

void D3dEmitter::send_programs(const GlState& s) {
  send_program(s, gl::VERTEX_PROGRAM_ARB, sent_vertex_program_);
  send_program(s, gl::FRAGMENT_PROGRAM_ARB, sent_fragment_program_);
}

void D3dEmitter::send_program(const GlState& s, uint32_t target, SentProgram& sent) {
  const bool vertex = target == gl::VERTEX_PROGRAM_ARB;
  const api::ShaderStage stage = vertex ? api::ShaderStage::Vertex : api::ShaderStage::Pixel;
  const GlArbProgramObject* o =
      s.arb.active(target, vertex ? s.arb.vertex_enabled : s.arb.fragment_enabled);
  ArbConstantValues values;
  if (o)
    values =
        arb_constant_values(s, *o, target, double(s.viewport.width), double(s.viewport.height));
  const uint64_t serial = o ? o->serial : 0;
  if (serial != sent.serial) {
    api::ResourceId id = 0;
    if (o) {
      auto it = arb_shaders_.find(serial);
      if (it == arb_shaders_.end()) {
        const std::vector<uint32_t>& t = o->program->tokens;
        std::vector<uint8_t> bytes(t.size() * 4);
        std::memcpy(bytes.data(), t.data(), bytes.size());  // little-endian DWORDs
        it = arb_shaders_
                 .emplace(serial,
                          out_.shader(stage, api::ShaderFormat::D3D9Bytecode, std::move(bytes)))
                 .first;
      }
      id = it->second;
    }
    if (vertex)
      out_.set_vertex_shader(id);
    else
      out_.set_pixel_shader(id);
    sent.serial = serial;
  }
  // Consecutive changed registers go in one set_shader_constants.
  size_t i = 0;
  while (i < values.size()) {
    auto unchanged = [&](size_t k) {
      auto it = sent.constants.find(values[k].first);
      return it != sent.constants.end() && it->second == values[k].second;
    };
    if (unchanged(i)) {
      ++i;
      continue;
    }
    const uint32_t start = values[i].first;
    std::vector<float> run;
    while (i < values.size() && values[i].first == start + run.size() / 4 && !unchanged(i)) {
      run.insert(run.end(), values[i].second.begin(), values[i].second.end());
      sent.constants[values[i].first] = values[i].second;
      ++i;
    }
    out_.set_shader_constants(stage, start, std::move(run));
  }
}

}  // namespace gfx::import
