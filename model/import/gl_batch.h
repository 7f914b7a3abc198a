// Immediate-mode geometry: the vertices of one glBegin/glEnd with the current attributes
// they captured, and the conversion of GL's primitive modes to D3D9 topologies. GL_QUADS
// and GL_QUAD_STRIP become triangle lists (each quad v0 v1 v2 v3 as v0 v1 v2, v0 v2 v3,
// GL's own split, keeping the winding), GL_POLYGON a fan, GL_LINE_LOOP a strip closed by
// its first vertex; the others are themselves. Vertices that complete no primitive are
// dropped, as GL drops them.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "api/enums.h"

namespace gfx::import {

struct ImmediateVertex {
  std::array<float, 4> position{0, 0, 0, 1};
  std::array<float, 3> normal{0, 0, 1};
  std::array<float, 4> color{1, 1, 1, 1};
  // Texture coordinate sets (s, t, r, q) of units 0..7; only the sets the draw's texture
  // units read are written to the vertex buffer.
  std::array<std::array<float, 4>, 8> tex{{{0, 0, 0, 1},
                                           {0, 0, 0, 1},
                                           {0, 0, 0, 1},
                                           {0, 0, 0, 1},
                                           {0, 0, 0, 1},
                                           {0, 0, 0, 1},
                                           {0, 0, 0, 1},
                                           {0, 0, 0, 1}}};
};

struct D3dBatch {
  api::Topology topology = api::Topology::TriangleList;
  std::vector<ImmediateVertex> vertices;
  uint32_t primitive_count = 0;  // 0: nothing to draw
};

// Throws ConversionError for a mode that is not a GL primitive.
D3dBatch convert_primitive(uint32_t gl_mode, const std::vector<ImmediateVertex>& vertices);

// The same conversion over vertex indices (gl_index_batch.cpp), for glDrawArrays /
// glDrawElements and for flat shading. With flat, each primitive's provoking vertex (GL:
// the last vertex of a line, triangle or quad; the first of a GL_POLYGON) is put first,
// where D3D9's flat shading takes the colour: strips, fans and quads become lists, each
// triangle rotated (the winding kept), each line reversed, each quad split along the
// diagonal through its last vertex.
struct IndexedPrimitives {
  api::Topology topology = api::Topology::TriangleList;
  std::vector<uint32_t> indices;
  uint32_t primitive_count = 0;  // 0: nothing to draw
};
IndexedPrimitives convert_indexed(uint32_t gl_mode, const std::vector<uint32_t>& indices,
                                  bool flat);

}  // namespace gfx::import
