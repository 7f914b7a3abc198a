// Vertex/primitive arithmetic of D3D topologies.
#include "trace/draws.h"

namespace gfx::trace {

using api::Topology;

uint64_t vertices_for_primitives(Topology t, uint64_t n) {
  if (n == 0) return 0;
  switch (t) {
    case Topology::PointList: return n;
    case Topology::LineList: return 2 * n;
    case Topology::LineStrip: return n + 1;
    case Topology::TriangleList: return 3 * n;
    case Topology::TriangleStrip:
    case Topology::TriangleFan: return n + 2;
    case Topology::LineListAdj: return 4 * n;
    case Topology::LineStripAdj: return n + 3;
    case Topology::TriangleListAdj: return 6 * n;
    case Topology::TriangleStripAdj: return 2 * n + 4;
  }
  return 0;
}

uint64_t primitives_for_vertices(Topology t, uint64_t v) {
  auto minus = [v](uint64_t k) { return v > k ? v - k : 0; };
  switch (t) {
    case Topology::PointList: return v;
    case Topology::LineList: return v / 2;
    case Topology::LineStrip: return minus(1);
    case Topology::TriangleList: return v / 3;
    case Topology::TriangleStrip:
    case Topology::TriangleFan: return minus(2);
    case Topology::LineListAdj: return v / 4;
    case Topology::LineStripAdj: return minus(3);
    case Topology::TriangleListAdj: return v / 6;
    case Topology::TriangleStripAdj: return v >= 6 ? (v - 4) / 2 : 0;
  }
  return 0;
}

namespace {

struct Counter {
  DrawCounts& d;
  bool operator()(const DrawPrimitive& c) {
    d = {
        false, c.topology, c.start_vertex,   vertices_for_primitives(c.topology, c.primitive_count),
        0,     1,          c.primitive_count};
    return true;
  }
  bool operator()(const DrawIndexedPrimitive& c) {
    // clang-format off
    d = {true, c.topology, c.start_index, vertices_for_primitives(c.topology, c.primitive_count),
         c.base_vertex, 1, c.primitive_count};
    // clang-format on
    return true;
  }
  bool operator()(const Draw& c) {
    d = {false,
         c.topology,
         c.start_vertex,
         c.vertex_count,
         0,
         1,
         primitives_for_vertices(c.topology, c.vertex_count)};
    return true;
  }
  bool operator()(const DrawIndexed& c) {
    d = {true,
         c.topology,
         c.start_index,
         c.index_count,
         c.base_vertex,
         1,
         primitives_for_vertices(c.topology, c.index_count)};
    return true;
  }
  bool operator()(const DrawInstanced& c) {
    d = {false,
         c.topology,
         c.start_vertex,
         c.vertex_count_per_instance,
         0,
         c.instance_count,
         c.instance_count * primitives_for_vertices(c.topology, c.vertex_count_per_instance)};
    return true;
  }
  bool operator()(const DrawIndexedInstanced& c) {
    d = {true,
         c.topology,
         c.start_index,
         c.index_count_per_instance,
         c.base_vertex,
         c.instance_count,
         c.instance_count * primitives_for_vertices(c.topology, c.index_count_per_instance)};
    return true;
  }
  template <class T> bool operator()(const T&) { return false; }
};

}  // namespace

bool draw_counts(const Command& c, DrawCounts& out) { return std::visit(Counter{out}, c); }

}  // namespace gfx::trace
