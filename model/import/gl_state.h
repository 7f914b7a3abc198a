// The part of the OpenGL 1.x state machine the importer follows, with GL's initial
// values: matrix stacks, viewport, enables, depth, culling, blending, fog, lights,
// material, the "current" vertex attributes and the texture units and objects
// (gl_texture.h). Plain data; the calls that change it
// are in gl_calls_*.cpp and its conversion to D3D9 state in d3d_state.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "import/conversion_error.h"
#include "import/gl_matrix.h"
#include "import/gl_program_state.h"
#include "import/gl_texture.h"
#include "import/gli_enums.h"

namespace gfx::import {

struct GlLight {
  bool enabled = false;
  Vec4 ambient{0, 0, 0, 1}, diffuse{0, 0, 0, 1}, specular{0, 0, 0, 1};
  Vec4 position{0, 0, 1, 0};                       // eye space (transformed when specified)
  std::array<double, 3> spot_direction{0, 0, -1};  // eye space
  double spot_exponent = 0, spot_cutoff = 180;
  double constant_attenuation = 1, linear_attenuation = 0, quadratic_attenuation = 0;
};

struct GlMaterial {
  Vec4 ambient{0.2, 0.2, 0.2, 1}, diffuse{0.8, 0.8, 0.8, 1}, specular{0, 0, 0, 1},
      emission{0, 0, 0, 1};
  double shininess = 0;
};

struct GlViewport {
  int64_t x = 0, y = 0, width = 0, height = 0;
  bool operator==(const GlViewport& o) const {
    return x == o.x && y == o.y && width == o.width && height == o.height;
  }
};

struct GlState {
  GlState() {
    lights[0].diffuse = {1, 1, 1, 1};  // GL: light 0 starts white, the others black
    lights[0].specular = {1, 1, 1, 1};
  }

  uint32_t matrix_mode = gl::MODELVIEW;
  std::vector<GlMatrix> modelview{GlMatrix{}}, projection{GlMatrix{}};
  GlViewport viewport;

  Vec4 clear_color{0, 0, 0, 0};
  double clear_depth = 1;

  bool depth_test = false, depth_mask = true;
  uint32_t depth_func = 0x0201;  // GL_LESS
  bool cull = false;
  uint32_t cull_face = gl::BACK, front_face = gl::CCW;
  bool blend = false;
  uint32_t blend_src = 1, blend_dst = 0;  // GL_ONE, GL_ZERO
  uint32_t shade_model = gl::SMOOTH, polygon_mode = gl::FILL;
  bool normalize = false;

  bool fog = false;
  uint32_t fog_mode = gl::EXP;
  double fog_density = 1, fog_start = 0, fog_end = 1;
  Vec4 fog_color{0, 0, 0, 0};

  bool lighting = false;
  std::array<GlLight, 8> lights;
  Vec4 light_model_ambient{0.2, 0.2, 0.2, 1};
  bool local_viewer = false, separate_specular = false;
  GlMaterial material;  // the front material (two-sided lighting is not supported)
  bool color_material = false;
  uint32_t color_material_mode = gl::AMBIENT_AND_DIFFUSE;

  Vec4 color{1, 1, 1, 1};
  std::array<double, 3> normal{0, 0, 1};
  std::array<Vec4, 8> texcoord{{{0, 0, 0, 1},
                                {0, 0, 0, 1},
                                {0, 0, 0, 1},
                                {0, 0, 0, 1},
                                {0, 0, 0, 1},
                                {0, 0, 0, 1},
                                {0, 0, 0, 1},
                                {0, 0, 0, 1}}};

  GlArbState arb;  // ARB vertex and fragment programs

  GlTextures textures;

  GlMatrix& top() { return stack().back(); }
  std::vector<GlMatrix>& stack() {
    return matrix_mode == gl::PROJECTION ? projection
           : matrix_mode == gl::TEXTURE  ? textures.units[textures.active].matrix
                                         : modelview;
  }
};

}  // namespace gfx::import
