#include "func/geom/primitive_assembly.h"

namespace gfx::func {

int primitive_vertex_count(api::Topology t) {
  switch (t) {
    case api::Topology::PointList: return 1;
    case api::Topology::LineList:
    case api::Topology::LineStrip:
    case api::Topology::LineListAdj:
    case api::Topology::LineStripAdj: return 2;
    default: return 3;
  }
}

bool PrimitiveAssembler::emit(Primitive& out, uint32_t a, uint32_t b, uint32_t c, int count) {
  out.v[0] = a;
  out.v[1] = b;
  out.v[2] = c;
  out.count = static_cast<uint8_t>(count);
  out.provoking = 0;
  out.id = next_id_++;
  return true;
}

bool PrimitiveAssembler::push(uint32_t slot, Primitive& out) {
  const uint32_t k = n_++;  // position of this vertex in the current strip / list
  hist_[k % 6] = slot;
  if (k == 0) first_ = slot;
  // h(j): slot of vertex j of the current run, for j in [k-5, k].
  auto h = [this](uint32_t j) { return hist_[j % 6]; };
  using api::Topology;
  switch (topology_) {
    case Topology::PointList: return emit(out, slot, 0, 0, 1);
    case Topology::LineList: return k % 2 == 1 ? emit(out, h(k - 1), slot, 0, 2) : false;
    case Topology::LineStrip: return k >= 1 ? emit(out, h(k - 1), slot, 0, 2) : false;
    case Topology::TriangleList: return k % 3 == 2 ? emit(out, h(k - 2), h(k - 1), slot, 3) : false;
    case Topology::TriangleStrip: {
      if (k < 2) return false;
      const uint32_t i = k - 2;  // triangle index
      return i % 2 == 0 ? emit(out, h(i), h(i + 1), slot, 3) : emit(out, h(i), slot, h(i + 1), 3);
    }
    case Topology::TriangleFan: return k >= 2 ? emit(out, h(k - 1), slot, first_, 3) : false;
    case Topology::LineListAdj: return k % 4 == 3 ? emit(out, h(k - 2), h(k - 1), 0, 2) : false;
    case Topology::LineStripAdj: return k >= 3 ? emit(out, h(k - 2), h(k - 1), 0, 2) : false;
    case Topology::TriangleListAdj:
      return k % 6 == 5 ? emit(out, h(k - 5), h(k - 3), h(k - 1), 3) : false;
    case Topology::TriangleStripAdj: {
      // Triangle i needs 2i+6 vertices (its last adjacent vertex is v[2i+5]), and its
      // corners are v[2i], v[2i+2], v[2i+4], all within the last six.
      if (k < 5 || k % 2 == 0) return false;
      const uint32_t i = (k - 5) / 2;
      const uint32_t a = h(2 * i), b = h(2 * i + 2), c = h(2 * i + 4);
      return i % 2 == 0 ? emit(out, a, b, c, 3) : emit(out, a, c, b, 3);
    }
  }
  return false;
}

}  // namespace gfx::func
