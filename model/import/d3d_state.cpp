#include "import/d3d_state.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "import/d3d_texture.h"

namespace gfx::import {

namespace {

using api::RenderStateId;

uint32_t bits(double d) {
  float f = static_cast<float>(d);
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

uint32_t u(bool b) { return b ? 1u : 0u; }
template <class E> uint32_t u(E e) { return static_cast<uint32_t>(e); }

api::Blend d3d_blend(uint32_t gl_factor) {
  switch (gl_factor) {
    case 0: return api::Blend::Zero;
    case 1: return api::Blend::One;
    case 0x0300: return api::Blend::SrcColor;
    case 0x0301: return api::Blend::InvSrcColor;
    case 0x0302: return api::Blend::SrcAlpha;
    case 0x0303: return api::Blend::InvSrcAlpha;
    case 0x0304: return api::Blend::DestAlpha;
    case 0x0305: return api::Blend::InvDestAlpha;
    case 0x0306: return api::Blend::DestColor;
    case 0x0307: return api::Blend::InvDestColor;
    case 0x0308: return api::Blend::SrcAlphaSat;
  }
  throw UnsupportedError("blend factor " + std::to_string(gl_factor) + " is not supported");
}

// GL's window y points up, D3D's down, so GL's counter-clockwise is D3D's clockwise.
api::Cull d3d_cull(const GlState& s) {
  if (!s.cull) return api::Cull::None;
  if (s.cull_face == gl::FRONT_AND_BACK)
    throw UnsupportedError("glCullFace(GL_FRONT_AND_BACK) has no D3D9 cull mode");
  bool front_is_d3d_cw = s.front_face == gl::CCW;
  bool cull_front = s.cull_face == gl::FRONT;
  bool cull_d3d_cw = front_is_d3d_cw == cull_front;
  return cull_d3d_cw ? api::Cull::Cw : api::Cull::Ccw;
}

api::FillMode d3d_fill(uint32_t mode) {
  return mode == gl::POINT  ? api::FillMode::Point
         : mode == gl::LINE ? api::FillMode::Wireframe
                            : api::FillMode::Solid;
}

api::FogMode d3d_fog(uint32_t mode) {
  switch (mode) {
    case gl::LINEAR: return api::FogMode::Linear;
    case gl::EXP: return api::FogMode::Exp;
    case gl::EXP2: return api::FogMode::Exp2;
  }
  throw UnsupportedError("fog mode " + std::to_string(mode) + " is not GL_LINEAR/EXP/EXP2");
}

// Which D3D material colours come from the vertex colour under glColorMaterial.
struct Sources {
  api::MaterialSource diffuse, ambient, specular, emissive;
};
Sources material_sources(const GlState& s) {
  using api::MaterialSource;
  Sources r{MaterialSource::Material, MaterialSource::Material, MaterialSource::Material,
            MaterialSource::Material};
  if (!s.color_material) return r;
  switch (s.color_material_mode) {
    case gl::AMBIENT_AND_DIFFUSE: r.ambient = r.diffuse = MaterialSource::Color1; break;
    case gl::AMBIENT: r.ambient = MaterialSource::Color1; break;
    case gl::DIFFUSE: r.diffuse = MaterialSource::Color1; break;
    case gl::SPECULAR: r.specular = MaterialSource::Color1; break;
    case gl::EMISSION: r.emissive = MaterialSource::Color1; break;
  }
  return r;
}

}  // namespace

uint32_t d3d_color(const Vec4& c) {
  auto ch = [](double v) {
    return static_cast<uint32_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255.0));
  };
  return ch(c[3]) << 24 | ch(c[0]) << 16 | ch(c[1]) << 8 | ch(c[2]);
}

std::map<api::RenderStateId, uint32_t> d3d_render_states(const GlState& s) {
  std::map<RenderStateId, uint32_t> r;
  r[RenderStateId::ZEnable] = u(s.depth_test);
  r[RenderStateId::ZFunc] = s.depth_func - gl::NEVER + 1;  // same order: NEVER .. ALWAYS
  r[RenderStateId::ZWriteEnable] = u(s.depth_mask);
  r[RenderStateId::CullMode] = u(d3d_cull(s));
  r[RenderStateId::AlphaBlendEnable] = u(s.blend);
  r[RenderStateId::SrcBlend] = u(d3d_blend(s.blend_src));
  r[RenderStateId::DestBlend] = u(d3d_blend(s.blend_dst));
  // Flat: the translator puts GL's provoking vertex first in each primitive (gl_batch.h).
  r[RenderStateId::ShadeMode] =
      u(s.shade_model == gl::FLAT ? api::ShadeMode::Flat : api::ShadeMode::Gouraud);
  r[RenderStateId::FillMode] = u(d3d_fill(s.polygon_mode));
  r[RenderStateId::Lighting] = u(s.lighting);
  r[RenderStateId::NormalizeNormals] = u(s.normalize);
  // Without textures GL adds the specular term in both colour-control modes (into the
  // primary colour, or as the secondary colour after texturing): D3D9 adds it only with
  // SPECULARENABLE.
  r[RenderStateId::SpecularEnable] = u(s.lighting);
  r[RenderStateId::Ambient] = d3d_color(s.light_model_ambient);
  // GL's sphere map reflects the eye vector, D3D9's only with LOCALVIEWER (d3d_texture.h).
  r[RenderStateId::LocalViewer] = u(s.local_viewer || d3d_sphere_map_local_viewer(s));
  Sources src = material_sources(s);
  r[RenderStateId::ColorVertex] = u(s.color_material);
  r[RenderStateId::DiffuseMaterialSource] = u(src.diffuse);
  r[RenderStateId::AmbientMaterialSource] = u(src.ambient);
  r[RenderStateId::SpecularMaterialSource] = u(src.specular);
  r[RenderStateId::EmissiveMaterialSource] = u(src.emissive);
  r[RenderStateId::FogEnable] = u(s.fog);
  r[RenderStateId::FogVertexMode] = u(s.fog ? d3d_fog(s.fog_mode) : api::FogMode::None);
  r[RenderStateId::FogTableMode] = u(api::FogMode::None);
  r[RenderStateId::RangeFogEnable] = 0;  // GL fogs by eye-space z, D3D by view-space z
  r[RenderStateId::FogColor] = d3d_color(s.fog_color);
  r[RenderStateId::FogStart] = bits(s.fog_start);
  r[RenderStateId::FogEnd] = bits(s.fog_end);
  r[RenderStateId::FogDensity] = bits(s.fog_density);
  // ARB programs: the fragment program replaces fog (no ARB_fog_* option is translated);
  // the colour sum adds a vertex program's secondary colour when it writes one (as Mesa
  // does); GL fogs a vertex program's draw by result.fogcoord, D3D9 takes oFog as the factor.
  const bool vp = s.arb.vertex_enabled, fp = s.arb.fragment_enabled;
  if (fp) r[RenderStateId::FogEnable] = 0;
  if (vp && !fp) {
    if (s.fog) throw UnsupportedError("GL fog with a vertex program (D3D9 reads oFog as the fog factor)");
    const GlArbProgramObject* o = s.arb.active(gl::VERTEX_PROGRAM_ARB, true);
    r[RenderStateId::SpecularEnable] = u(o->program && o->program->writes_secondary_color);
  }
  return r;
}

trace::SetLight d3d_light(const GlLight& l, uint32_t index) {
  auto f4 = [](const Vec4& c) {
    return std::vector<float>{float(c[0]), float(c[1]), float(c[2]), float(c[3])};
  };
  trace::SetLight d;
  d.index = index;
  d.ambient = f4(l.ambient);
  d.diffuse = f4(l.diffuse);
  d.specular = f4(l.specular);
  d.attenuation0 = float(l.constant_attenuation);
  d.attenuation1 = float(l.linear_attenuation);
  d.attenuation2 = float(l.quadratic_attenuation);
  bool spot = l.spot_cutoff != 180;
  if (l.position[3] == 0) {
    if (spot)
      throw UnsupportedError("light " + std::to_string(index) +
                             " is directional (w = 0) with a spot cutoff");
    d.type = api::LightType::Directional;
    d.direction = {float(-l.position[0]), float(-l.position[1]), float(-l.position[2])};
    return d;
  }
  const Vec4& p = l.position;
  d.position = {float(p[0] / p[3]), float(p[1] / p[3]), float(p[2] / p[3])};
  d.range = std::sqrt(std::numeric_limits<float>::max());  // GL lights have no range
  d.type = spot ? api::LightType::Spot : api::LightType::Point;
  if (spot) {
    const double kPi = 3.14159265358979323846;
    double cutoff = l.spot_cutoff * kPi / 180.0;
    d.direction = {float(l.spot_direction[0]), float(l.spot_direction[1]),
                   float(l.spot_direction[2])};
    d.phi = float(2 * cutoff);
    if (l.spot_exponent == 0) {
      d.theta = d.phi;  // a hard cone: D3D9's spot model expresses it exactly
      d.falloff = 1;
    } else {
      // Approximation: GL's cos(a)^e against D3D9's ((cos a - cos c) / (1 - cos c))^f
      // with theta = 0; f = e (1 - cos c) gives both the same curvature on the axis.
      d.theta = 0;
      d.falloff = float(l.spot_exponent * (1 - std::cos(cutoff)));
    }
  }
  return d;
}

trace::SetMaterial d3d_material(const GlMaterial& m) {
  auto f4 = [](const Vec4& c) {
    return std::vector<float>{float(c[0]), float(c[1]), float(c[2]), float(c[3])};
  };
  trace::SetMaterial d;
  d.ambient = f4(m.ambient);
  d.diffuse = f4(m.diffuse);
  d.specular = f4(m.specular);
  d.emissive = f4(m.emission);
  d.power = float(m.shininess);
  return d;
}

}  // namespace gfx::import
