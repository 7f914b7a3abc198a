// GL primitive modes over vertex indices (gl_batch.h). Smooth shading keeps GL's strips
// and fans, as convert_primitive does; flat shading reorders so that D3D9's provoking
// vertex (the first) is GL's.
#include <string>

#include "import/gl_batch.h"
#include "import/gl_state.h"

namespace gfx::import {

namespace {

using I = std::vector<uint32_t>;
using api::Topology;

IndexedPrimitives make(Topology t, I idx, uint32_t primitives) {
  IndexedPrimitives p;
  p.topology = t;
  p.primitive_count = primitives;
  if (primitives > 0) p.indices = std::move(idx);
  return p;
}

// Triangle (a b c) provoked by c: (c a b) has the same winding.
void tri(I& out, uint32_t a, uint32_t b, uint32_t c, bool flat) {
  if (flat) {
    out.insert(out.end(), {c, a, b});
  } else {
    out.insert(out.end(), {a, b, c});
  }
}

// Quad a b c d around its edge. Smooth: GL's split a b c, a c d. Flat: d provokes the
// whole quad, so split along d-b: d a b, d b c (same winding, both start at d).
void quad(I& out, uint32_t a, uint32_t b, uint32_t c, uint32_t d, bool flat) {
  if (flat) {
    out.insert(out.end(), {d, a, b, d, b, c});
  } else {
    out.insert(out.end(), {a, b, c, a, c, d});
  }
}

}  // namespace

IndexedPrimitives convert_indexed(uint32_t mode, const I& v, bool flat) {
  const uint32_t n = static_cast<uint32_t>(v.size());
  switch (mode) {
    case gl::POINTS: return make(Topology::PointList, v, n);
    case gl::LINES:
    case gl::LINE_STRIP:
    case gl::LINE_LOOP: {
      I seq = v;
      if (mode == gl::LINE_LOOP && n >= 2) seq.push_back(v.front());
      if (mode == gl::LINES) {
        I out;
        for (uint32_t i = 0; i + 2 <= n; i += 2) out.insert(out.end(), {v[i + flat], v[i + !flat]});
        return make(Topology::LineList, out, n / 2);
      }
      uint32_t lines = seq.size() >= 2 ? uint32_t(seq.size()) - 1 : 0;
      if (!flat) return make(Topology::LineStrip, seq, lines);
      I out;
      for (uint32_t i = 0; i < lines; ++i) out.insert(out.end(), {seq[i + 1], seq[i]});
      return make(Topology::LineList, out, lines);
    }
    case gl::TRIANGLES: {
      I out;
      for (uint32_t i = 0; i + 3 <= n; i += 3) tri(out, v[i], v[i + 1], v[i + 2], flat);
      return make(Topology::TriangleList, out, n / 3);
    }
    case gl::TRIANGLE_STRIP: {
      uint32_t tris = n >= 3 ? n - 2 : 0;
      if (!flat) return make(Topology::TriangleStrip, v, tris);
      I out;
      // Odd triangles of a strip wind the other way: (i+1, i, i+2) in GL's order.
      for (uint32_t i = 0; i < tris; ++i)
        if (i % 2 == 0)
          tri(out, v[i], v[i + 1], v[i + 2], true);
        else
          tri(out, v[i + 1], v[i], v[i + 2], true);
      return make(Topology::TriangleList, out, tris);
    }
    case gl::TRIANGLE_FAN: {
      uint32_t tris = n >= 3 ? n - 2 : 0;
      if (!flat) return make(Topology::TriangleFan, v, tris);
      I out;
      for (uint32_t i = 0; i < tris; ++i) tri(out, v[0], v[i + 1], v[i + 2], true);
      return make(Topology::TriangleList, out, tris);
    }
    case gl::POLYGON:  // provoked by its first vertex: a fan's first is D3D9's too
      return make(Topology::TriangleFan, v, n >= 3 ? n - 2 : 0);
    case gl::QUADS: {
      I out;
      for (uint32_t q = 0; q + 4 <= n; q += 4) quad(out, v[q], v[q + 1], v[q + 2], v[q + 3], flat);
      return make(Topology::TriangleList, out, n / 4 * 2);
    }
    case gl::QUAD_STRIP: {
      I out;
      // Quad i is v(2i) v(2i+1) v(2i+3) v(2i+2) around its edge, provoked by v(2i+3):
      // flat starts the edge at v(2i+2) so that the provoking vertex comes last.
      for (uint32_t q = 0; q + 4 <= n; q += 2)
        if (flat)
          quad(out, v[q + 2], v[q], v[q + 1], v[q + 3], true);
        else
          quad(out, v[q], v[q + 1], v[q + 3], v[q + 2], false);
      return make(Topology::TriangleList, out, uint32_t(out.size() / 3));
    }
    default:
      throw ConversionError("primitive mode " + std::to_string(mode) + " is not a GL primitive");
  }
}

}  // namespace gfx::import
