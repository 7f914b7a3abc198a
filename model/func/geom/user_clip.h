// User clip planes of a draw (D3D9 SetClipPlane + D3DRS_CLIPPLANEENABLE) as the clipper
// takes them: in clip space. With a vertex shader D3D9 gives them in clip space already;
// for fixed-function vertex processing they are in world space and are carried into clip
// space once per draw with the inverse of View * Projection (a plane P is a row against
// column positions, so it maps as P' = inverse(VP) * P for row vectors v' = v * VP).
#pragma once

#include <array>
#include <cstdint>

#include "api/state.h"
#include "func/geom/clip.h"

namespace gfx::func {

// Fills out.num_user / out.user from the planes whose bit is set in `enable`, in index
// order. `view_proj` null: the planes are already in clip space. Returns false when
// View * Projection is singular (the world-space planes then have no clip-space form).
bool user_clip_planes(const std::array<std::array<float, 4>, api::kMaxClipPlanes>& planes,
                      uint32_t enable, const api::Matrix4* view, const api::Matrix4* proj,
                      ClipPlanes& out);

}  // namespace gfx::func
