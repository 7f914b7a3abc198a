// Lighting state: glLight[fi][v], glLightModel[fi][v], glMaterial[fi][v], glColorMaterial.
// Positions and spot directions are taken to eye space by the modelview current when
// they are specified, as GL does; eye space is D3D world space here (gl_matrix.h).
#include <cmath>

#include "import/gl_translator.h"

namespace gfx::import {

namespace {

Vec4 vec4(const std::vector<double>& v) { return {v[0], v[1], v[2], v[3]}; }

}  // namespace

void GlTranslator::add_lighting_calls() {
  auto light = [this](const CallArgs& a, bool vector) {
    a.expect_count(3);
    uint32_t which = a.enumeration(0);
    if (which < gl::LIGHT0 || which >= gl::LIGHT0 + 8) a.fail("not GL_LIGHT0..GL_LIGHT7");
    GlLight& l = state_.lights[which - gl::LIGHT0];
    uint32_t p = a.enumeration(1);
    const GlMatrix& mv = state_.modelview.back();
    if (vector &&
        (p == gl::AMBIENT || p == gl::DIFFUSE || p == gl::SPECULAR || p == gl::POSITION)) {
      Vec4 v = vec4(a.reals(2, 4));
      if (p == gl::AMBIENT) l.ambient = v;
      if (p == gl::DIFFUSE) l.diffuse = v;
      if (p == gl::SPECULAR) l.specular = v;
      if (p == gl::POSITION) l.position = mv * v;
      return;
    }
    if (vector && p == gl::SPOT_DIRECTION) {
      auto d = a.reals(2, 3);
      Vec4 e = mv * Vec4{d[0], d[1], d[2], 0};  // a direction: the upper 3x3 only
      l.spot_direction = {e[0], e[1], e[2]};
      return;
    }
    double v = vector ? a.reals(2, 1)[0] : a.real(2);
    switch (p) {
      case gl::SPOT_EXPONENT:
        if (v < 0 || v > 128) a.fail("spot exponent outside [0, 128]");
        l.spot_exponent = v;
        return;
      case gl::SPOT_CUTOFF:
        if ((v < 0 || v > 90) && v != 180) a.fail("spot cutoff outside [0, 90] and not 180");
        l.spot_cutoff = v;
        return;
      case gl::CONSTANT_ATTENUATION: l.constant_attenuation = v; return;
      case gl::LINEAR_ATTENUATION: l.linear_attenuation = v; return;
      case gl::QUADRATIC_ATTENUATION: l.quadratic_attenuation = v; return;
    }
    a.fail("light parameter " + a.enum_text(1) + " is not valid in this form");
  };
  for (const char* n : {"glLightf", "glLighti"})
    on(n, [light](const CallArgs& a) { light(a, false); });
  for (const char* n : {"glLightfv", "glLightiv"})
    on(n, [light](const CallArgs& a) { light(a, true); });

  auto model = [this](const CallArgs& a, bool vector) {
    a.expect_count(2);
    uint32_t p = a.enumeration(0);
    if (p == gl::LIGHT_MODEL_AMBIENT) {
      if (!vector) a.fail("GL_LIGHT_MODEL_AMBIENT needs the vector form");
      state_.light_model_ambient = vec4(a.reals(1, 4));
      return;
    }
    double v = vector ? a.reals(1, 1)[0] : a.real(1);
    switch (p) {
      case gl::LIGHT_MODEL_LOCAL_VIEWER: state_.local_viewer = v != 0; return;
      case gl::LIGHT_MODEL_TWO_SIDE:
        if (v != 0) throw UnsupportedError("two-sided lighting is not supported");
        return;
      case gl::LIGHT_MODEL_COLOR_CONTROL:
        if (v != gl::SINGLE_COLOR && v != gl::SEPARATE_SPECULAR_COLOR)
          a.fail("not GL_SINGLE_COLOR or GL_SEPARATE_SPECULAR_COLOR");
        state_.separate_specular = v == gl::SEPARATE_SPECULAR_COLOR;
        return;
    }
    a.fail("light model parameter " + a.enum_text(0) + " is not valid");
  };
  for (const char* n : {"glLightModelf", "glLightModeli"})
    on(n, [model](const CallArgs& a) { model(a, false); });
  for (const char* n : {"glLightModelfv", "glLightModeliv"})
    on(n, [model](const CallArgs& a) { model(a, true); });

  // Only the front material is kept: with two-sided lighting off GL never reads the back.
  auto material = [this](const CallArgs& a, bool vector) {
    a.expect_count(3);
    uint32_t face = a.enumeration(0);
    if (face != gl::FRONT && face != gl::BACK && face != gl::FRONT_AND_BACK) a.fail("not a face");
    if (face == gl::BACK) return;
    GlMaterial& m = state_.material;
    uint32_t p = a.enumeration(1);
    if (p == gl::SHININESS) {
      double v = vector ? a.reals(2, 1)[0] : a.real(2);
      if (v < 0 || v > 128) a.fail("shininess outside [0, 128]");
      m.shininess = v;
      return;
    }
    if (!vector) a.fail("parameter " + a.enum_text(1) + " needs the vector form");
    Vec4 v = vec4(a.reals(2, 4));
    switch (p) {
      case gl::AMBIENT: m.ambient = v; return;
      case gl::DIFFUSE: m.diffuse = v; return;
      case gl::SPECULAR: m.specular = v; return;
      case gl::EMISSION: m.emission = v; return;
      case gl::AMBIENT_AND_DIFFUSE: m.ambient = m.diffuse = v; return;
    }
    a.fail("material parameter " + a.enum_text(1) + " is not valid");
  };
  for (const char* n : {"glMaterialf", "glMateriali"})
    on(n, [material](const CallArgs& a) { material(a, false); });
  for (const char* n : {"glMaterialfv", "glMaterialiv"})
    on(n, [material](const CallArgs& a) { material(a, true); });

  on("glColorMaterial", [this](const CallArgs& a) {
    a.expect_count(2);
    if (a.enumeration(0) == gl::BACK) throw UnsupportedError("a back-face colour material");
    uint32_t m = a.enumeration(1);
    if (m != gl::AMBIENT && m != gl::DIFFUSE && m != gl::SPECULAR && m != gl::EMISSION &&
        m != gl::AMBIENT_AND_DIFFUSE)
      a.fail("not a colour material mode");
    state_.color_material_mode = m;
  });
}

}  // namespace gfx::import
