// Enables and fixed render state: glEnable/glDisable, glDepthFunc, glDepthMask,
// glCullFace, glFrontFace, glBlendFunc, glShadeModel, glPolygonMode, glFog[if][v],
// glClearColor, glClearDepth, glClear and wglSwapBuffers.
#include <algorithm>

#include "import/gl_translator.h"

namespace gfx::import {

void GlTranslator::enable(const CallArgs& a, bool on) {
  a.expect_count(1);
  uint32_t cap = a.enumeration(0);
  if (cap >= gl::LIGHT0 && cap < gl::LIGHT0 + 8) {
    state_.lights[cap - gl::LIGHT0].enabled = on;
    return;
  }
  switch (cap) {
    case gl::DEPTH_TEST: state_.depth_test = on; return;
    case gl::CULL_FACE: state_.cull = on; return;
    case gl::BLEND: state_.blend = on; return;
    case gl::LIGHTING: state_.lighting = on; return;
    case gl::FOG: state_.fog = on; return;
    case gl::NORMALIZE: state_.normalize = on; return;
    case gl::COLOR_MATERIAL: state_.color_material = on; return;
    case gl::VERTEX_PROGRAM_ARB: state_.arb.vertex_enabled = on; return;
    case gl::FRAGMENT_PROGRAM_ARB: state_.arb.fragment_enabled = on; return;
  }
  if (texture_enable(cap, on)) return;  // gl_calls_texture.cpp
  if (!on) return;  // disabling what is off by default and never supported changes nothing
  throw UnsupportedError("capability " + a.enum_text(0) + " is not supported");
}

void GlTranslator::add_state_calls() {
  on("glEnable", [this](const CallArgs& a) { enable(a, true); });
  on("glDisable", [this](const CallArgs& a) { enable(a, false); });
  on("glDepthFunc", [this](const CallArgs& a) {
    a.expect_count(1);
    uint32_t f = a.enumeration(0);
    if (f < gl::NEVER || f > gl::ALWAYS) a.fail("not a compare function");
    state_.depth_func = f;
  });
  on("glDepthMask", [this](const CallArgs& a) {
    a.expect_count(1);
    state_.depth_mask = a.integer(0) != 0;
  });
  on("glCullFace", [this](const CallArgs& a) {
    a.expect_count(1);
    uint32_t f = a.enumeration(0);
    if (f != gl::FRONT && f != gl::BACK && f != gl::FRONT_AND_BACK) a.fail("not a face");
    state_.cull_face = f;
  });
  on("glFrontFace", [this](const CallArgs& a) {
    a.expect_count(1);
    uint32_t f = a.enumeration(0);
    if (f != gl::CW && f != gl::CCW) a.fail("not GL_CW or GL_CCW");
    state_.front_face = f;
  });
  on("glBlendFunc", [this](const CallArgs& a) {
    a.expect_count(2);
    state_.blend_src = a.enumeration(0);
    state_.blend_dst = a.enumeration(1);
  });
  on("glShadeModel", [this](const CallArgs& a) {
    a.expect_count(1);
    uint32_t m = a.enumeration(0);
    if (m != gl::FLAT && m != gl::SMOOTH) a.fail("not GL_FLAT or GL_SMOOTH");
    state_.shade_model = m;
  });
  on("glPolygonMode", [this](const CallArgs& a) {
    a.expect_count(2);
    uint32_t m = a.enumeration(1);
    if (m != gl::POINT && m != gl::LINE && m != gl::FILL) a.fail("not GL_POINT/LINE/FILL");
    if (a.enumeration(0) != gl::FRONT_AND_BACK)
      throw UnsupportedError("a polygon mode for one face only (D3D9 has one fill mode)");
    state_.polygon_mode = m;
  });
  auto fog = [this](const CallArgs& a, bool vector) {
    a.expect_count(2);
    uint32_t p = a.enumeration(0);
    if (p == gl::FOG_COLOR) {
      if (!vector) a.fail("GL_FOG_COLOR needs the vector form");
      auto c = a.reals(1, 4);
      state_.fog_color = {c[0], c[1], c[2], c[3]};
      return;
    }
    double v = vector ? a.reals(1, 1)[0] : a.real(1);
    switch (p) {
      case gl::FOG_MODE: state_.fog_mode = static_cast<uint32_t>(v); return;
      case gl::FOG_DENSITY: state_.fog_density = v; return;
      case gl::FOG_START: state_.fog_start = v; return;
      case gl::FOG_END: state_.fog_end = v; return;
    }
    throw UnsupportedError("fog parameter " + a.enum_text(0) + " is not supported");
  };
  for (const char* n : {"glFogf", "glFogi"}) on(n, [fog](const CallArgs& a) { fog(a, false); });
  for (const char* n : {"glFogfv", "glFogiv"}) on(n, [fog](const CallArgs& a) { fog(a, true); });
  on("glClearColor", [this](const CallArgs& a) {
    a.expect_count(4);
    state_.clear_color = {a.real(0), a.real(1), a.real(2), a.real(3)};
  });
  on("glClearDepth", [this](const CallArgs& a) {
    a.expect_count(1);
    state_.clear_depth = std::min(1.0, std::max(0.0, a.real_double(0)));
  });
  on("glClear", [this](const CallArgs& a) {
    a.expect_count(1);
    out_.clear(state_, a.enumeration(0));
  });
  on("wglSwapBuffers", [this](const CallArgs&) { out_.present(); });
}

}  // namespace gfx::import
