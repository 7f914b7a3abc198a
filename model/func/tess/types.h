// Plain data of the D3D9 tessellator's functional core (N-patches and RT patches): the
// enumerations with the D3D9 numbers, the patch descriptions, the output layout and the
// generated Mesh. No timing, no trace types: the driver converts its state into these.
//
// Vertex data convention used by every function of func/tess: a vertex is `attributes`
// consecutive Vec4 values (one per vertex-declaration element, already converted to float),
// so attribute a of vertex i is at data[i * attributes + a].
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/error.h"
#include "func/math.h"

namespace gfx::func::tess {

// D3DPATCHEDGESTYLE.
enum class EdgeStyle : uint8_t { Discrete = 0, Continuous = 1 };
// D3DBASISTYPE (CatmullRom is D3DBASIS_CATMULL_ROM, DX8's D3DBASIS_INTERPOLATE).
enum class Basis : uint8_t { Bezier = 0, BSpline = 1, CatmullRom = 2 };
// D3DDEGREETYPE.
enum class Degree : uint8_t { Linear = 1, Quadratic = 2, Cubic = 3, Quintic = 5 };
// D3DDECLMETHOD values a patch can generate (LOOKUP/LOOKUPPRESAMPLED are not modelled).
enum class Method : uint8_t { Default = 0, PartialU = 1, PartialV = 2, CrossUV = 3, UV = 4 };

constexpr unsigned kMaxSlots = 16;       // vertex elements per vertex (D3D9 input registers)
constexpr unsigned kMaxSegments = 1024;  // hard cap on segments per edge (a model limit)

// One output attribute of a patch vertex. Default: input slot `source` evaluated with the
// patch basis. PartialU / PartialV: dP/du, dP/dv of input slot `source` (xyz, w = 0).
// CrossUV: cross(dP/du, dP/dv) of slot `source`, NOT normalised (w = 0); for a grid laid out
// row-major left-to-right, top-to-bottom on screen it points towards the viewer in D3D's
// left-handed space. UV: (u, v, 0, 1), `source` ignored.
struct OutputSlot {
  Method method = Method::Default;
  uint8_t source = 0;
};

// The output vertex layout of a patch draw: output slot i of a generated vertex.
struct OutputLayout {
  std::array<OutputSlot, kMaxSlots> slots{};
  unsigned count = 0;
  // Every input slot copied (interpolated) to the same output slot.
  static OutputLayout identity(unsigned attributes);
  void add(Method m, unsigned source);  // throws gfx::Error past kMaxSlots
};

// D3DRECTPATCH_INFO. Control point (row r, column c) is input vertex
// (start_h + r) * stride + start_w + c; u runs along a row (columns), v down the rows.
struct RectPatchInfo {
  uint32_t start_w = 0, start_h = 0, width = 4, height = 4, stride = 4;
  Basis basis = Basis::Bezier;
  Degree degree = Degree::Cubic;
};

// D3DTRIPATCH_INFO. Control points are stored row by row with rows of 1, 2, ..., d+1
// points; corners: c0 = point 0 (apex), c1 = last point of the last row, c2 = first point
// of the last row (so segment edges are c0-c1, c1-c2, c2-c0, as D3D9's pNumSegs[0..2]).
struct TriPatchInfo {
  uint32_t start_vertex = 0, num_vertices = 10;
  Basis basis = Basis::Bezier;
  Degree degree = Degree::Cubic;
};

// The generated geometry: vertices with `attributes` Vec4 slots each and a triangle list.
// Triangles keep the input's winding (see each tessellator's header). Functions append,
// so one Mesh can collect a whole draw; clear() keeps the capacity for reuse.
struct Mesh {
  unsigned attributes = 0;
  std::vector<Vec4> vertices;
  std::vector<uint32_t> indices;

  void clear(unsigned attribute_count) {
    attributes = attribute_count;
    vertices.clear();
    indices.clear();
  }
  size_t vertex_count() const { return attributes ? vertices.size() / attributes : 0; }
  size_t triangle_count() const { return indices.size() / 3; }
  const Vec4* vertex(size_t i) const { return vertices.data() + i * attributes; }
  // Makes an empty mesh take `count` elements per vertex; a tessellator appending to a
  // non-empty mesh of another width throws, naming itself (`who`).
  void expect_attributes(unsigned count, const char* who) {
    if (vertices.empty() && indices.empty()) attributes = count;
    if (attributes != count)
      throw Error(std::string(who) + ": output mesh has " + std::to_string(attributes) +
                  " elements per vertex, the input " + std::to_string(count));
  }
};

}  // namespace gfx::func::tess
