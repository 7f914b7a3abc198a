// The matrix stacks and the viewport: glMatrixMode, glLoadIdentity, glLoadMatrix[fd],
// glMultMatrix[fd], glPush/PopMatrix, glTranslate[fd], glRotate[fd], glScale[fd],
// glOrtho, glFrustum, glViewport.
#include "import/gl_translator.h"

namespace gfx::import {

namespace {

GlMatrix matrix_arg(const CallArgs& a) {
  a.expect_count(1);
  std::vector<double> v = a.reals(0, 16);
  if (v.size() != 16) a.fail("expected 16 matrix values, found " + std::to_string(v.size()));
  std::array<double, 16> m{};
  for (int i = 0; i < 16; ++i) m[i] = v[i];
  return gl_from_array(m);
}

}  // namespace

void GlTranslator::add_matrix_calls() {
  on("glMatrixMode", [this](const CallArgs& a) {
    a.expect_count(1);
    uint32_t mode = a.enumeration(0);
    if (mode != gl::MODELVIEW && mode != gl::PROJECTION && mode != gl::TEXTURE)
      a.fail("unknown matrix mode");
    state_.matrix_mode = mode;
  });
  on("glLoadIdentity", [this](const CallArgs& a) {
    a.expect_count(0);
    state_.top() = GlMatrix{};
  });
  for (const char* name : {"glLoadMatrixf", "glLoadMatrixd"})
    on(name, [this](const CallArgs& a) { state_.top() = matrix_arg(a); });
  for (const char* name : {"glMultMatrixf", "glMultMatrixd"})
    on(name, [this](const CallArgs& a) { multiply(matrix_arg(a)); });
  on("glPushMatrix", [this](const CallArgs& a) {
    a.expect_count(0);
    // GL's minimum depths: 32 modelview, 2 projection and 2 texture matrices.
    size_t limit = state_.matrix_mode == gl::MODELVIEW ? 32 : 2;
    if (state_.stack().size() >= limit) a.fail("matrix stack overflow");
    state_.stack().push_back(state_.top());
  });
  on("glPopMatrix", [this](const CallArgs& a) {
    a.expect_count(0);
    if (state_.stack().size() <= 1) a.fail("matrix stack underflow");
    state_.stack().pop_back();
  });
  auto three = [](const CallArgs& a, bool d, size_t first) {
    std::array<double, 3> v{};
    for (size_t i = 0; i < 3; ++i) v[i] = d ? a.real_double(first + i) : a.real(first + i);
    return v;
  };
  for (bool d : {false, true}) {
    on(d ? "glTranslated" : "glTranslatef", [this, three, d](const CallArgs& a) {
      a.expect_count(3);
      auto v = three(a, d, 0);
      multiply(gl_translate(v[0], v[1], v[2]));
    });
    on(d ? "glScaled" : "glScalef", [this, three, d](const CallArgs& a) {
      a.expect_count(3);
      auto v = three(a, d, 0);
      multiply(gl_scale(v[0], v[1], v[2]));
    });
    on(d ? "glRotated" : "glRotatef", [this, three, d](const CallArgs& a) {
      a.expect_count(4);
      double angle = d ? a.real_double(0) : a.real(0);
      auto v = three(a, d, 1);
      multiply(gl_rotate(angle, v[0], v[1], v[2]));
    });
  }
  for (bool ortho : {true, false})
    on(ortho ? "glOrtho" : "glFrustum", [this, ortho](const CallArgs& a) {
      a.expect_count(6);
      double p[6];
      for (size_t i = 0; i < 6; ++i) p[i] = a.real_double(i);
      if (p[0] == p[1] || p[2] == p[3] || p[4] == p[5]) a.fail("empty view volume");
      if (!ortho && (p[4] <= 0 || p[5] <= 0)) a.fail("near and far must be positive");
      multiply(ortho ? gl_ortho(p[0], p[1], p[2], p[3], p[4], p[5])
                     : gl_frustum(p[0], p[1], p[2], p[3], p[4], p[5]));
    });
  on("glViewport", [this](const CallArgs& a) {
    a.expect_count(4);
    state_.viewport = {a.integer(0), a.integer(1), a.integer(2), a.integer(3)};
    if (state_.viewport.width < 0 || state_.viewport.height < 0) a.fail("negative size");
  });
}

}  // namespace gfx::import
