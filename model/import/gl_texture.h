// GL texture objects and texture units as the importer follows them: the images of each
// GL_TEXTURE_2D object (already in D3D9 texel layout, gl_teximage.cpp), its filters and
// wrap modes, and per unit the GL_TEXTURE_2D enable, the bound object, the texture
// environment, coordinate generation and the texture matrix stack. Plain data, held in
// GlState; the conversion to D3D9 sampler and stage state is d3d_texture.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "api/state.h"
#include "import/gl_matrix.h"

namespace gfx::import {

using Vec4 = std::array<double, 4>;

// GL's base internal formats, which decide what a texel gives to the texture environment.
enum class GlBase { Alpha, Luminance, LuminanceAlpha, Rgb, Rgba };

struct GlTexture {
  GlBase base = GlBase::Rgba;
  api::Format format = api::Format::A8R8G8B8;
  uint32_t width = 0, height = 0;                     // of level 0
  std::vector<std::vector<uint8_t>> levels;           // D3D texel layout; empty: not given
  uint32_t min_filter = 0x2702, mag_filter = 0x2601;  // NEAREST_MIPMAP_LINEAR, LINEAR
  uint32_t wrap_s = 0x2901, wrap_t = 0x2901;          // REPEAT
  uint32_t version = 0;                               // bumped by every image change
  // The emitter's record: the trace texture holding `written_version` (0 id: none yet).
  uint32_t trace_id = 0, written_version = ~0u;

  bool mipmapped() const { return min_filter >= 0x2700 && min_filter <= 0x2703; }
  // GL: a texture whose filter needs mip levels it lacks disables its unit.
  bool complete() const;
  // The levels a trace texture holds: level 0, and the chain when mipmapped.
  uint32_t level_count() const;
};

struct GlTexUnit {
  bool enabled_2d = false;
  uint32_t bound = 0;          // GL_TEXTURE_2D name; 0: the default texture
  uint32_t env_mode = 0x2100;  // GL_MODULATE
  Vec4 env_color{0, 0, 0, 0};
  std::array<bool, 4> gen{};  // GL_TEXTURE_GEN_S, T, R, Q enabled
  std::array<uint32_t, 4> gen_mode{0x2400, 0x2400, 0x2400, 0x2400};  // EYE_LINEAR
  // Planes per coordinate: object planes as given, eye planes times the inverse of the
  // modelview when they were given (GL 2.1 2.12.4).
  std::array<Vec4, 4> object_plane{{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}};
  std::array<Vec4, 4> eye_plane{{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}};
  std::vector<GlMatrix> matrix{GlMatrix{}};  // the texture matrix stack
};

struct GlTextures {
  std::map<uint32_t, std::shared_ptr<GlTexture>> objects;  // by name; 0 the default texture
  std::array<GlTexUnit, 8> units;
  uint32_t active = 0;            // glActiveTexture
  uint32_t unpack_alignment = 4;  // glPixelStorei(GL_UNPACK_ALIGNMENT)
  // The object bound to unit u (created on first use, as GL's default texture is).
  const GlTexture* bound(uint32_t u) const {
    auto it = objects.find(units[u].bound);
    return it == objects.end() ? nullptr : it->second.get();
  }
};

}  // namespace gfx::import
