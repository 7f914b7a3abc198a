// The ARB program state of a GL context the importer follows (ARB_vertex_program,
// ARB_fragment_program): program objects with their translated D3D9 form and local
// parameters, the env parameters of each target, the bindings and the enables. Plain data;
// gl_calls_program.cpp changes it, gl_program_constants.cpp reads it per draw.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <utility>

#include "import/arb_program.h"

namespace gfx::import {

struct GlArbProgramObject {
  std::shared_ptr<const ArbProgram> program;  // null until glProgramStringARB
  uint64_t serial = 0;  // new for every program string: names its D3D9 shader in the trace
  std::map<uint32_t, std::array<double, 4>> locals;  // program.local[n], (0, 0, 0, 0) unset
};

struct GlArbState {
  bool vertex_enabled = false, fragment_enabled = false;
  std::map<uint32_t, uint32_t> bound;  // target -> program name (0 unless bound)
  // Objects by (target, name): names are per target here, which GL's single namespace
  // (a name takes the target of its first bind) makes equivalent.
  std::map<std::pair<uint32_t, uint32_t>, GlArbProgramObject> objects;
  std::map<uint32_t, std::map<uint32_t, std::array<double, 4>>> env;  // target -> env[n]
  uint64_t next_serial = 1;

  GlArbProgramObject& object(uint32_t target) { return objects[{target, bound[target]}]; }
  // The program object a draw uses for `target`, or null when that mode is disabled.
  const GlArbProgramObject* active(uint32_t target, bool enabled) const {
    if (!enabled) return nullptr;
    auto b = bound.find(target);
    auto it = objects.find({target, b == bound.end() ? 0u : b->second});
    static const GlArbProgramObject kEmpty;
    return it == objects.end() ? &kEmpty : &it->second;
  }
};

}  // namespace gfx::import
