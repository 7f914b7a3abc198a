// Immediate mode: glBegin/glEnd and the vertex attribute calls. Attributes set "current"
// values, as in GL, inside and outside glBegin/glEnd; glVertex captures them into a
// vertex; glEnd hands the batch, converted to a D3D9 topology, to the emitter.
#include "import/gl_translator.h"

namespace gfx::import {

void GlTranslator::vertex(const CallArgs& a, size_t n, bool doubles) {
  a.expect_count(n);
  if (!in_begin_) throw ConversionError("glVertex outside glBegin/glEnd");
  ImmediateVertex v;
  for (size_t i = 0; i < n; ++i)
    v.position[i] = static_cast<float>(doubles ? a.real_double(i) : a.real(i));
  for (size_t i = 0; i < 3; ++i) v.normal[i] = static_cast<float>(state_.normal[i]);
  for (size_t i = 0; i < 4; ++i) v.color[i] = static_cast<float>(state_.color[i]);
  for (size_t u = 0; u < 8; ++u)
    for (size_t i = 0; i < 4; ++i) v.tex[u][i] = static_cast<float>(state_.texcoord[u][i]);
  vertices_.push_back(v);
}

// GL maps unsigned byte colours by c / 255; floats and doubles are taken as they are
// (GL clamps them when they are used, as D3D9 clamps vertex colours).
void GlTranslator::color(const CallArgs& a, size_t n, char type) {
  a.expect_count(n);
  Vec4 c{0, 0, 0, 1};
  for (size_t i = 0; i < n; ++i)
    c[i] = type == 'f' ? a.real(i) : type == 'd' ? a.real_double(i) : double(a.integer(i)) / 255.0;
  state_.color = c;
}

// Flat shading: the vertices reordered (gl_index_batch.cpp) so each primitive starts with
// GL's provoking vertex, the one D3D9's flat shading reads.
D3dBatch GlTranslator::flat_batch(uint32_t mode, const std::vector<ImmediateVertex>& v) {
  std::vector<uint32_t> seq(v.size());
  for (uint32_t i = 0; i < seq.size(); ++i) seq[i] = i;
  IndexedPrimitives p = convert_indexed(mode, seq, true);
  D3dBatch b;
  b.topology = p.topology;
  b.primitive_count = p.primitive_count;
  for (uint32_t i : p.indices) b.vertices.push_back(v[i]);
  return b;
}

void GlTranslator::add_immediate_calls() {
  const bool kImmediate = true;
  on(
      "glBegin",
      [this](const CallArgs& a) {
        a.expect_count(1);
        if (in_begin_) throw ConversionError("glBegin inside glBegin/glEnd");
        begin_mode_ = a.enumeration(0);
        convert_primitive(begin_mode_, {});  // reject a bad mode here, not at glEnd
        in_begin_ = true;
        vertices_.clear();
      },
      kImmediate);
  on(
      "glEnd",
      [this](const CallArgs& a) {
        a.expect_count(0);
        if (!in_begin_) throw ConversionError("glEnd without glBegin");
        in_begin_ = false;
        if (state_.shade_model == gl::FLAT) {
          out_.add(state_, flat_batch(begin_mode_, vertices_));
        } else {
          out_.add(state_, convert_primitive(begin_mode_, vertices_));
        }
        vertices_.clear();
      },
      kImmediate);
  for (size_t n : {2, 3, 4}) {
    for (char t : {'f', 'd', 'i', 's'}) {
      std::string name = "glVertex" + std::to_string(n) + t;
      on(
          name, [this, n, t](const CallArgs& a) { vertex(a, n, t == 'd'); }, kImmediate);
    }
  }
  for (size_t n : {3, 4})
    for (const char* t : {"f", "d", "ub"})
      on(
          "glColor" + std::to_string(n) + t, [this, n, t](const CallArgs& a) { color(a, n, t[0]); },
          kImmediate);
  for (char t : {'f', 'd'}) {
    on(
        std::string("glNormal3") + t,
        [this, t](const CallArgs& a) {
          a.expect_count(3);
          for (size_t i = 0; i < 3; ++i) state_.normal[i] = t == 'd' ? a.real_double(i) : a.real(i);
        },
        kImmediate);
    on(
        std::string("glTexCoord2") + t,
        [this, t](const CallArgs& a) {
          a.expect_count(2);
          for (size_t i = 0; i < 2; ++i)
            state_.texcoord[0][i] = t == 'd' ? a.real_double(i) : a.real(i);
          state_.texcoord[0][2] = 0;
          state_.texcoord[0][3] = 1;
        },
        kImmediate);
  }
}

}  // namespace gfx::import
