// Patch validation messages (see validate.h).
#include "func/tess/validate.h"

#include <cmath>
#include <cstdint>

namespace gfx::func::tess {

namespace {

const char* basis_name(Basis b) {
  switch (b) {
    case Basis::Bezier: return "bezier";
    case Basis::BSpline: return "bspline";
    case Basis::CatmullRom: return "catmull_rom";
  }
  return "unknown";
}

bool known_degree(Degree d) {
  return d == Degree::Linear || d == Degree::Quadratic || d == Degree::Cubic ||
         d == Degree::Quintic;
}

std::string number(uint64_t v) { return std::to_string(v); }

}  // namespace

std::string check_basis_degree(bool rect, Basis basis, Degree degree) {
  const std::string kind = rect ? "rect patch" : "tri patch";
  if (basis != Basis::Bezier && basis != Basis::BSpline && basis != Basis::CatmullRom)
    return kind + ": unknown basis " + number(unsigned(basis));
  if (!known_degree(degree)) return kind + ": unknown degree " + number(unsigned(degree));
  if (!rect && basis != Basis::Bezier)
    return "tri patch: basis " + std::string(basis_name(basis)) + " is not allowed (bezier only)";
  if (basis == Basis::CatmullRom && degree != Degree::Cubic)
    return kind + ": catmull_rom basis needs cubic degree, not " + number(unsigned(degree));
  if (degree == Degree::Quadratic)
    return kind + ": degree 2 (quadratic) is not allowed with basis " + basis_name(basis);
  return {};
}

std::string check_rect_patch(const RectPatchInfo& info) {
  std::string e = check_basis_degree(true, info.basis, info.degree);
  if (!e.empty()) return e;
  const unsigned d = unsigned(info.degree);
  const std::string size = number(info.width) + "x" + number(info.height);
  if (info.basis == Basis::Bezier && (info.width != d + 1 || info.height != d + 1))
    return "rect patch: bezier degree " + number(d) + " needs " + number(d + 1) + "x" +
           number(d + 1) + " control points, got " + size;
  if (info.basis == Basis::BSpline && (info.width <= d || info.height <= d))
    return "rect patch: bspline degree " + number(d) + " needs more than " + number(d) +
           " control points per direction, got " + size;
  if (info.basis == Basis::CatmullRom && (info.width < 4 || info.height < 4))
    return "rect patch: catmull_rom needs at least 4x4 control points, got " + size;
  if (uint64_t(info.start_w) + info.width > info.stride)
    return "rect patch: start_w " + number(info.start_w) + " + width " + number(info.width) +
           " exceeds stride " + number(info.stride);
  return {};
}

std::string check_rect_grid(const RectPatchInfo& info, size_t vertex_count) {
  std::string e = check_rect_patch(info);
  if (!e.empty()) return e;
  const uint64_t last =
      (uint64_t(info.start_h) + info.height - 1) * info.stride + info.start_w + info.width - 1;
  if (last >= vertex_count)
    return "rect patch: grid runs past the vertex data (last control point is vertex " +
           number(last) + ", the streams hold " + number(vertex_count) + ")";
  return {};
}

std::string check_tri_patch(const TriPatchInfo& info, size_t vertex_count) {
  std::string e = check_basis_degree(false, info.basis, info.degree);
  if (!e.empty()) return e;
  const unsigned d = unsigned(info.degree);
  const unsigned need = (d + 1) * (d + 2) / 2;
  if (info.num_vertices != need)
    return "tri patch: degree " + number(d) + " needs " + number(need) + " control points, got " +
           number(info.num_vertices);
  if (uint64_t(info.start_vertex) + info.num_vertices > vertex_count)
    return "tri patch: vertices " + number(info.start_vertex) + ".." +
           number(uint64_t(info.start_vertex) + info.num_vertices - 1) +
           " run past the vertex data (" + number(vertex_count) + " vertices)";
  return {};
}

std::string check_segments(const float* segments, unsigned count) {
  for (unsigned i = 0; i < count; ++i) {
    const float f = segments[i];
    if (!std::isfinite(f) || f <= 0.0f)
      return "segment count " + number(i) + " is " + std::to_string(f) + ", must be > 0";
    if (f > float(kMaxSegments))
      return "segment count " + number(i) + " is " + std::to_string(f) + ", more than the " +
             number(kMaxSegments) + " the model supports";
  }
  return {};
}

namespace {

std::string check_sources(const OutputLayout& layout, unsigned attributes, const char* kind) {
  for (unsigned s = 0; s < layout.count; ++s)
    if (layout.slots[s].method != Method::UV && layout.slots[s].source >= attributes)
      return std::string(kind) + ": output " + number(s) + " reads input element " +
             number(layout.slots[s].source) + " of " + number(attributes);
  return {};
}

}  // namespace

std::string check_tri_outputs(const OutputLayout& layout, unsigned attributes) {
  for (unsigned s = 0; s < layout.count; ++s) {
    const Method m = layout.slots[s].method;
    if (m == Method::PartialU || m == Method::PartialV)
      return "tri patch: output " + number(s) +
             " uses method partial_u/partial_v, which D3D9 does not allow with tri patches";
  }
  return check_sources(layout, attributes, "tri patch");
}

std::string check_rect_outputs(const OutputLayout& layout, unsigned attributes) {
  return check_sources(layout, attributes, "rect patch");
}

std::string check_npatch_degrees(Degree position, Degree normal) {
  if (position != Degree::Linear && position != Degree::Cubic)
    return "n-patch: position degree must be linear (1) or cubic (3), got " +
           number(unsigned(position));
  if (normal != Degree::Linear && normal != Degree::Quadratic)
    return "n-patch: normal degree must be linear (1) or quadratic (2), got " +
           number(unsigned(normal));
  return {};
}

}  // namespace gfx::func::tess
