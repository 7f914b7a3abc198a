#include "import/gl_program_constants.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace gfx::import {
namespace {

using V4 = std::array<double, 4>;

GlMatrix transpose(const GlMatrix& m) {
  GlMatrix t;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) t.at(r, c) = m.at(c, r);
  return t;
}

GlMatrix matrix_of(const GlState& s, const ArbConstant& c) {
  GlMatrix m;
  switch (c.matrix) {
    case ArbMatrix::Modelview:
      if (c.index != 0)
        throw UnsupportedError(c.path + ": vertex blending matrices are not followed");
      m = s.modelview.back();
      break;
    case ArbMatrix::Projection: m = s.projection.back(); break;
    case ArbMatrix::Mvp: m = s.projection.back() * s.modelview.back(); break;
    default: throw UnsupportedError(c.path + ": the importer does not follow this matrix yet");
  }
  switch (c.modifier) {
    case ArbMatrixModifier::None: return m;
    case ArbMatrixModifier::Inverse: return program_inverse(m);
    case ArbMatrixModifier::Transpose: return transpose(m);
    case ArbMatrixModifier::InverseTranspose: return transpose(program_inverse(m));
  }
  return m;
}

V4 rgb_times(const V4& a, const V4& b, double alpha) {
  return {a[0] * b[0], a[1] * b[1], a[2] * b[2], alpha};
}

// state.* other than matrices, by canonical path (arb_state.cpp writes them).
V4 state_value(const GlState& s, const std::string& path) {
  const GlMaterial& m = s.material;
  auto material = [&](const std::string& prop) -> V4 {
    if (s.color_material)
      throw UnsupportedError(path + " while GL_COLOR_MATERIAL tracks the colour is not followed");
    if (prop == "ambient") return m.ambient;
    if (prop == "diffuse") return m.diffuse;
    if (prop == "specular") return m.specular;
    if (prop == "emission") return m.emission;
    return {m.shininess, 0, 0, 1};  // shininess
  };
  unsigned n = 0;
  char prop[32] = {};
  if (std::sscanf(path.c_str(), "state.material.front.%31s", prop) == 1) return material(prop);
  if (std::sscanf(path.c_str(), "state.light[%u].%31s", &n, prop) == 2 && n < 8) {
    const GlLight& l = s.lights[n];
    const std::string p = prop;
    if (p == "ambient") return l.ambient;
    if (p == "diffuse") return l.diffuse;
    if (p == "specular") return l.specular;
    if (p == "position") return l.position;
    if (p == "attenuation")
      return {l.constant_attenuation, l.linear_attenuation, l.quadratic_attenuation,
              l.spot_exponent};
    if (p == "spot.direction") {
      const double kPi = 3.14159265358979323846;
      return {l.spot_direction[0], l.spot_direction[1], l.spot_direction[2],
              std::cos(l.spot_cutoff * kPi / 180.0)};
    }
  }
  if (std::sscanf(path.c_str(), "state.lightprod[%u].front.%31s", &n, prop) == 2 && n < 8) {
    // Alpha is the material's diffuse alpha, as Mesa fills it.
    const GlLight& l = s.lights[n];
    const std::string p = prop;
    const V4& light = p == "ambient" ? l.ambient : p == "diffuse" ? l.diffuse : l.specular;
    return rgb_times(light, material(p), material("diffuse")[3]);
  }
  if (path == "state.lightmodel.ambient") return s.light_model_ambient;
  if (path == "state.lightmodel.front.scenecolor") {
    const V4 e = material("emission"), a = material("ambient");
    const V4& g = s.light_model_ambient;
    return {e[0] + a[0] * g[0], e[1] + a[1] * g[1], e[2] + a[2] * g[2], material("diffuse")[3]};
  }
  if (path == "state.fog.color") return s.fog_color;
  if (path == "state.fog.params")
    return {s.fog_density, s.fog_start, s.fog_end, 1.0 / (s.fog_end - s.fog_start)};
  if (path == "state.depth.range")
    return {0, 1, 1, 1};  // glDepthRange is not followed: GL's default
  throw UnsupportedError(path + ": the importer does not follow this state yet");
}

}  // namespace

GlMatrix program_inverse(const GlMatrix& m) {
  GlMatrix inv;
  if (!gl_invert(m, inv)) throw UnsupportedError("the inverse of a singular matrix");
  return inv;
}

ArbConstantValues arb_constant_values(const GlState& s, const GlArbProgramObject& o,
                                      uint32_t target, double vw, double vh) {
  if (!o.program)
    throw ConversionError(
        std::string("a draw with ") +
        (target == gl::VERTEX_PROGRAM_ARB ? "GL_VERTEX_PROGRAM_ARB" : "GL_FRAGMENT_PROGRAM_ARB") +
        " enabled and no program string loaded for the bound program");
  ArbConstantValues out;
  for (const ArbConstant& c : o.program->constants) {
    V4 v{0, 0, 0, 0};
    switch (c.kind) {
      case ArbParamKind::Local: {
        auto it = o.locals.find(c.index);
        if (it != o.locals.end()) v = it->second;
        break;
      }
      case ArbParamKind::Env: {
        auto t = s.arb.env.find(target);
        if (t != s.arb.env.end()) {
          auto it = t->second.find(c.index);
          if (it != t->second.end()) v = it->second;
        }
        break;
      }
      case ArbParamKind::MatrixRow: {
        const GlMatrix m = matrix_of(s, c);
        for (int k = 0; k < 4; ++k) v[size_t(k)] = m.at(int(c.row), k);
        break;
      }
      case ArbParamKind::State: v = state_value(s, c.path); break;
      case ArbParamKind::ViewportFixup: v = {-1.0 / vw, 1.0 / vh, 0.5, 0}; break;
    }
    out.push_back({c.reg, {float(v[0]), float(v[1]), float(v[2]), float(v[3])}});
  }
  return out;
}

bool arb_vertex_reads(const GlState& s, uint32_t n) {
  const GlArbProgramObject* o = s.arb.active(gl::VERTEX_PROGRAM_ARB, s.arb.vertex_enabled);
  if (!o || !o->program) return false;
  for (const ArbAttribute& a : o->program->attributes)
    if (a.reg == n) return true;
  return false;
}

}  // namespace gfx::import
