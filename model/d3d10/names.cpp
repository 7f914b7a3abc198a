#include "d3d10/names.h"

#include <utility>

namespace gfx::d3d10 {
namespace {

struct Entry {
  NameSet set;
  uint32_t value;
  const char* name;
};

// clang-format off
const Entry kNames[] = {
    {NameSet::Interpolation, 1, "constant"}, {NameSet::Interpolation, 2, "linear"},
    {NameSet::Interpolation, 3, "linear centroid"},
    {NameSet::Interpolation, 4, "linear noperspective"},
    {NameSet::Interpolation, 5, "linear noperspective centroid"},
    {NameSet::Interpolation, 6, "linear sample"},
    {NameSet::Interpolation, 7, "linear noperspective sample"},
    {NameSet::SystemValue, 1, "position"}, {NameSet::SystemValue, 2, "clip_distance"},
    {NameSet::SystemValue, 3, "cull_distance"},
    {NameSet::SystemValue, 4, "rendertarget_array_index"},
    {NameSet::SystemValue, 5, "viewport_array_index"}, {NameSet::SystemValue, 6, "vertex_id"},
    {NameSet::SystemValue, 7, "primitive_id"}, {NameSet::SystemValue, 8, "instance_id"},
    {NameSet::SystemValue, 9, "is_front_face"}, {NameSet::SystemValue, 10, "sampleIndex"},
    {NameSet::ResourceDim, 1, "buffer"}, {NameSet::ResourceDim, 2, "texture1d"},
    {NameSet::ResourceDim, 3, "texture2d"}, {NameSet::ResourceDim, 4, "texture2dms"},
    {NameSet::ResourceDim, 5, "texture3d"}, {NameSet::ResourceDim, 6, "texturecube"},
    {NameSet::ResourceDim, 7, "texture1darray"}, {NameSet::ResourceDim, 8, "texture2darray"},
    {NameSet::ResourceDim, 9, "texture2dmsarray"},
    {NameSet::ResourceDim, 10, "texturecubearray"},
    {NameSet::ReturnType, 1, "unorm"}, {NameSet::ReturnType, 2, "snorm"},
    {NameSet::ReturnType, 3, "sint"}, {NameSet::ReturnType, 4, "uint"},
    {NameSet::ReturnType, 5, "float"}, {NameSet::ReturnType, 6, "mixed"},
    {NameSet::SamplerMode, 0, "mode_default"}, {NameSet::SamplerMode, 1, "mode_comparison"},
    {NameSet::SamplerMode, 2, "mode_mono"},
    {NameSet::Primitive, 1, "point"}, {NameSet::Primitive, 2, "line"},
    {NameSet::Primitive, 3, "triangle"}, {NameSet::Primitive, 6, "lineadj"},
    {NameSet::Primitive, 7, "triangleadj"},
    {NameSet::Topology, 1, "pointlist"}, {NameSet::Topology, 2, "linelist"},
    {NameSet::Topology, 3, "linestrip"}, {NameSet::Topology, 4, "trianglelist"},
    {NameSet::Topology, 5, "trianglestrip"}, {NameSet::Topology, 10, "linelistadj"},
    {NameSet::Topology, 11, "linestripadj"}, {NameSet::Topology, 12, "trianglelistadj"},
    {NameSet::Topology, 13, "trianglestripadj"},
    {NameSet::GlobalFlag, 1, "refactoringAllowed"},
    {NameSet::GlobalFlag, 2, "enableDoublePrecisionFloatOps"},
    {NameSet::GlobalFlag, 4, "forceEarlyDepthStencil"},
    {NameSet::GlobalFlag, 8, "enableRawAndStructuredBuffers"},
};
// clang-format on

}  // namespace

const char* value_name(NameSet set, uint32_t value) {
  for (const Entry& e : kNames)
    if (e.set == set && e.value == value) return e.name;
  return nullptr;
}

std::optional<uint32_t> value_by_name(NameSet set, std::string_view name) {
  for (const Entry& e : kNames)
    if (e.set == set && name == e.name) return e.value;
  return std::nullopt;
}

const char* set_description(NameSet set) {
  switch (set) {
    case NameSet::Interpolation: return "interpolation mode";
    case NameSet::SystemValue: return "system value";
    case NameSet::ResourceDim: return "resource dimension";
    case NameSet::ReturnType: return "return type";
    case NameSet::SamplerMode: return "sampler mode";
    case NameSet::Primitive: return "input primitive";
    case NameSet::Topology: return "output topology";
    case NameSet::GlobalFlag: return "global flag";
  }
  return "value";
}

}  // namespace gfx::d3d10
