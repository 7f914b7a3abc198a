// Primitive assembly: turns the stream of vertex references of a draw into points, lines
// and triangles for every api::Topology, including D3D10's adjacency topologies and the
// D3D9 triangle fan.
//
// Vertex orders (each one puts the D3D leading / provoking vertex first, so `provoking`
// is 0 for every topology; it is kept so that callers need not rely on that):
//   triangle strip  i even: (v[i], v[i+1], v[i+2])   i odd: (v[i], v[i+2], v[i+1])
//                   -- the D3D9 DDI order (D3DHAL_DP2TRIANGLESTRIP: 012, 132, 234, 354),
//                   the same triangles and winding as (v[i+1], v[i], v[i+2]);
//   triangle fan    (v[i+1], v[i+2], v[0])  -- D3D9 "v2, v3, v1" (1-based), flat shading
//                   from the first of these;
//   line strip      (v[i], v[i+1]);
//   adjacency       only the non-adjacent vertices: line list adj {v[4i+1], v[4i+2]},
//                   line strip adj {v[i+1], v[i+2]}, triangle list adj {v[6i], v[6i+2],
//                   v[6i+4]}, triangle strip adj i even {v[2i], v[2i+2], v[2i+4]},
//                   i odd {v[2i], v[2i+4], v[2i+2]} (1st, 3rd, 5th of the D3D/Vulkan layout).
// Points come out with count 1 (v[0]), lines with count 2 (v[0], v[1]).
// Incomplete primitives (at a cut or at the end of the draw) are dropped silently.
// PrimitiveID counts the emitted (non-adjacent) primitives from reset(); cut() keeps it.
// Leaves out: the adjacent vertices themselves (no geometry shader consumes them) and
// patch lists.
#pragma once

#include <cstdint>

#include "api/enums.h"

namespace gfx::func {

struct Primitive {
  uint32_t v[3] = {0, 0, 0};  // vertex slots, in rasterization order
  uint8_t count = 0;          // 1 point, 2 line, 3 triangle
  uint8_t provoking = 0;      // index into v[] of the leading vertex
  uint32_t id = 0;            // PrimitiveID: counts from reset(), not reset by cut()
};

// Vertices a topology needs per primitive (1, 2 or 3 in the output).
int primitive_vertex_count(api::Topology t);

class PrimitiveAssembler {
 public:
  explicit PrimitiveAssembler(api::Topology topology) : topology_(topology) {}

  // Feed the next vertex slot; returns true and fills `out` when it completes a primitive
  // (each vertex completes at most one).
  bool push(uint32_t slot, Primitive& out);
  void cut() { n_ = 0; }  // strip restart: drop any partial primitive
  void reset() {
    n_ = 0;
    next_id_ = 0;
  }  // new draw or instance
  // PrimitiveID of the next primitive: a 32-bit counter that wraps at 2^32 (unit tests
  // start it near the wrap; a timing unit resuming a split draw could restore it).
  void set_next_id(uint32_t id) { next_id_ = id; }
  api::Topology topology() const { return topology_; }
  // Rewrites every vertex slot the assembler still holds (the last six and the fan
  // centre) as f(slot): lets a caller that walks a draw in windows move the vertices a
  // later primitive may still use to new slots before it reuses the old ones.
  template <class F> void remap(F f) {
    first_ = f(first_);
    for (uint32_t& h : hist_) h = f(h);
  }

 private:
  bool emit(Primitive& out, uint32_t a, uint32_t b, uint32_t c, int count);

  api::Topology topology_;
  uint32_t n_ = 0;         // vertices since the last cut
  uint32_t first_ = 0;     // v[0] of the strip (fan centre)
  uint32_t hist_[6] = {};  // the last six slots, hist_[n % 6]
  uint32_t next_id_ = 0;
};

}  // namespace gfx::func
