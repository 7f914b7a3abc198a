// The surfaces render-to-texture writes: one image (a level's 2D image, cube face or
// volume slice) of a texture copied into a func::ColorSurface or func::DepthSurface, and
// copied back into a new Texture when the surface leaves its slot (what a real driver's
// resolve does; textures are immutable in the model). A8R8G8B8 and X8R8G8B8 surfaces keep
// 0xAARRGGBB words (ColorSurface::color), every other format its own bytes (`native`).
#pragma once

#include <cstdint>
#include <memory>

#include "api/state.h"
#include "func/rop/render_target.h"

namespace gfx::driver {

// Image `image` of level `level` of `t`, as a target of format `format` (a view's format;
// the texture's own or one of its typeless family, the same bytes).
std::shared_ptr<func::ColorSurface> make_color_surface(const api::Texture& t, uint32_t level,
                                                       uint32_t image, api::Format format);
std::shared_ptr<func::DepthSurface> make_depth_surface(const api::Texture& t, uint32_t level,
                                                       uint32_t image, api::Format format);

// A copy of `t` whose image (level, image) holds the surface's pixels.
std::shared_ptr<api::Texture> with_surface(const api::Texture& t, uint32_t level, uint32_t image,
                                           const func::ColorSurface& s);
std::shared_ptr<api::Texture> with_surface(const api::Texture& t, uint32_t level, uint32_t image,
                                           const func::DepthSurface& s);

}  // namespace gfx::driver
