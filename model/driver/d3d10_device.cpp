// Device: binding D3D10 state objects. Each set_* writes the render states its object
// maps to (d3d10_states.h), so a later D3D9 render-state command overrides them and a
// later object overrides that: the last writer wins.
#include "common/error.h"
#include "driver/d3d10_states.h"
#include "driver/device.h"

namespace gfx::driver {

namespace {

template <class T> const T& bound_object(const std::map<api::ResourceId, T>& table,
                                         api::ResourceId id, const T& fallback, const char* kind,
                                         const std::string& where) {
  if (id == 0) return fallback;
  const auto it = table.find(id);
  if (it == table.end())
    throw Error(where + ": no " + kind + " state with id " + std::to_string(id) + " (create_" +
                kind + "_state makes one)");
  return it->second;
}

}  // namespace

void Device::set_rasterizer_state(const trace::SetRasterizerState& c, const std::string& where) {
  static const api::RasterizerDesc kDefault{};
  const api::RasterizerDesc& d =
      bound_object(rasterizer_states_, c.id, kDefault, "rasterizer", where);
  const bool winding_changed =
      d.front_counter_clockwise != rasterizer_bound_.front_counter_clockwise;
  rasterizer_bound_ = d;
  apply_rasterizer_state(d, bound_depth_format(), render_states_);
  if (winding_changed && depth_stencil_object_bound_)
    assign_stencil_faces(depth_stencil_bound_, d.front_counter_clockwise != 0, render_states_);
}

void Device::set_depth_stencil_state(const trace::SetDepthStencilState& c,
                                     const std::string& where) {
  static const api::DepthStencilDesc kDefault{};
  depth_stencil_bound_ =
      bound_object(depth_stencil_states_, c.id, kDefault, "depth_stencil", where);
  depth_stencil_object_bound_ = true;
  apply_depth_stencil_state(depth_stencil_bound_, c.stencil_ref,
                            rasterizer_bound_.front_counter_clockwise != 0, render_states_);
}

void Device::set_blend_state(const trace::SetBlendState& c, const std::string& where) {
  static const api::BlendDesc kDefault{};
  blend_bound_ = bound_object(blend_states_, c.id, kDefault, "blend", where);
  sample_mask_bound_ = c.sample_mask;
  apply_blend_state(blend_bound_, c.blend_factor, render_states_, where);
}

}  // namespace gfx::driver
