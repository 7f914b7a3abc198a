#include "import/gl_batch.h"

#include <string>

#include "import/gl_state.h"
#include "import/gli_enums.h"

namespace gfx::import {

namespace {

using V = std::vector<ImmediateVertex>;

D3dBatch make(api::Topology t, V v, uint32_t primitives) {
  D3dBatch b;
  b.topology = t;
  b.primitive_count = primitives;
  if (primitives > 0) b.vertices = std::move(v);
  return b;
}

// Quad q of a list or strip is corners a b c d in GL's order around the polygon.
void push_quad(V& out, const ImmediateVertex& a, const ImmediateVertex& b, const ImmediateVertex& c,
               const ImmediateVertex& d) {
  for (const ImmediateVertex* v : {&a, &b, &c, &a, &c, &d}) out.push_back(*v);
}

}  // namespace

D3dBatch convert_primitive(uint32_t gl_mode, const V& v) {
  const uint32_t n = static_cast<uint32_t>(v.size());
  using api::Topology;
  switch (gl_mode) {
    case gl::POINTS: return make(Topology::PointList, v, n);
    case gl::LINES: return make(Topology::LineList, V(v.begin(), v.begin() + n / 2 * 2), n / 2);
    case gl::LINE_STRIP: return make(Topology::LineStrip, v, n >= 2 ? n - 1 : 0);
    case gl::LINE_LOOP: {
      if (n < 2) return make(Topology::LineStrip, {}, 0);
      V closed = v;
      closed.push_back(v.front());
      return make(Topology::LineStrip, closed, n);
    }
    case gl::TRIANGLES:
      return make(Topology::TriangleList, V(v.begin(), v.begin() + n / 3 * 3), n / 3);
    case gl::TRIANGLE_STRIP: return make(Topology::TriangleStrip, v, n >= 3 ? n - 2 : 0);
    case gl::TRIANGLE_FAN:
    case gl::POLYGON: return make(Topology::TriangleFan, v, n >= 3 ? n - 2 : 0);
    case gl::QUADS: {
      V out;
      for (uint32_t q = 0; q + 4 <= n; q += 4) push_quad(out, v[q], v[q + 1], v[q + 2], v[q + 3]);
      return make(Topology::TriangleList, out, n / 4 * 2);
    }
    case gl::QUAD_STRIP: {
      // Quad i of a strip is v(2i) v(2i+1) v(2i+3) v(2i+2) around its edge.
      V out;
      for (uint32_t q = 0; q + 4 <= n; q += 2) push_quad(out, v[q], v[q + 1], v[q + 3], v[q + 2]);
      return make(Topology::TriangleList, out, static_cast<uint32_t>(out.size() / 3));
    }
    default:
      throw ConversionError("glBegin mode " + std::to_string(gl_mode) + " is not a GL primitive");
  }
}

}  // namespace gfx::import
