#include "import/gli_enums.h"

#include <cstdint>
#include <unordered_map>

namespace gfx::import {

namespace {

// The names the supported captures print, plus their close relatives (the other values
// of the same parameters), so an unsupported value is reported by the call that reads
// it rather than as an unknown name.
const std::unordered_map<std::string, uint32_t>& table() {
  static const std::unordered_map<std::string, uint32_t> t = {
      {"GL_FALSE", 0},
      {"GL_TRUE", 1},
      {"GL_ZERO", 0},
      {"GL_ONE", 1},
      // primitives
      {"GL_POINTS", 0x0000},
      {"GL_LINES", 0x0001},
      {"GL_LINE_LOOP", 0x0002},
      {"GL_LINE_STRIP", 0x0003},
      {"GL_TRIANGLES", 0x0004},
      {"GL_TRIANGLE_STRIP", 0x0005},
      {"GL_TRIANGLE_FAN", 0x0006},
      {"GL_QUADS", 0x0007},
      {"GL_QUAD_STRIP", 0x0008},
      {"GL_POLYGON", 0x0009},
      // compare functions
      {"GL_NEVER", 0x0200},
      {"GL_LESS", 0x0201},
      {"GL_EQUAL", 0x0202},
      {"GL_LEQUAL", 0x0203},
      {"GL_GREATER", 0x0204},
      {"GL_NOTEQUAL", 0x0205},
      {"GL_GEQUAL", 0x0206},
      {"GL_ALWAYS", 0x0207},
      // blend factors
      {"GL_SRC_COLOR", 0x0300},
      {"GL_ONE_MINUS_SRC_COLOR", 0x0301},
      {"GL_SRC_ALPHA", 0x0302},
      {"GL_ONE_MINUS_SRC_ALPHA", 0x0303},
      {"GL_DST_ALPHA", 0x0304},
      {"GL_ONE_MINUS_DST_ALPHA", 0x0305},
      {"GL_DST_COLOR", 0x0306},
      {"GL_ONE_MINUS_DST_COLOR", 0x0307},
      {"GL_SRC_ALPHA_SATURATE", 0x0308},
      // faces and winding
      {"GL_FRONT", 0x0404},
      {"GL_BACK", 0x0405},
      {"GL_FRONT_AND_BACK", 0x0408},
      {"GL_CW", 0x0900},
      {"GL_CCW", 0x0901},
      // capabilities
      {"GL_CULL_FACE", 0x0B44},
      {"GL_LIGHTING", 0x0B50},
      {"GL_COLOR_MATERIAL", 0x0B57},
      {"GL_FOG", 0x0B60},
      {"GL_DEPTH_TEST", 0x0B71},
      {"GL_STENCIL_TEST", 0x0B90},
      {"GL_NORMALIZE", 0x0BA1},
      {"GL_ALPHA_TEST", 0x0BC0},
      {"GL_DITHER", 0x0BD0},
      {"GL_BLEND", 0x0BE2},
      {"GL_SCISSOR_TEST", 0x0C11},
      {"GL_TEXTURE_2D", 0x0DE1},
      {"GL_RESCALE_NORMAL", 0x803A},
      // hints
      {"GL_PERSPECTIVE_CORRECTION_HINT", 0x0C50},
      {"GL_POINT_SMOOTH_HINT", 0x0C51},
      {"GL_LINE_SMOOTH_HINT", 0x0C52},
      {"GL_POLYGON_SMOOTH_HINT", 0x0C53},
      {"GL_FOG_HINT", 0x0C54},
      {"GL_DONT_CARE", 0x1100},
      {"GL_FASTEST", 0x1101},
      {"GL_NICEST", 0x1102},
      // lights and materials
      {"GL_AMBIENT", 0x1200},
      {"GL_DIFFUSE", 0x1201},
      {"GL_SPECULAR", 0x1202},
      {"GL_POSITION", 0x1203},
      {"GL_SPOT_DIRECTION", 0x1204},
      {"GL_SPOT_EXPONENT", 0x1205},
      {"GL_SPOT_CUTOFF", 0x1206},
      {"GL_CONSTANT_ATTENUATION", 0x1207},
      {"GL_LINEAR_ATTENUATION", 0x1208},
      {"GL_QUADRATIC_ATTENUATION", 0x1209},
      {"GL_EMISSION", 0x1600},
      {"GL_SHININESS", 0x1601},
      {"GL_AMBIENT_AND_DIFFUSE", 0x1602},
      {"GL_LIGHT_MODEL_LOCAL_VIEWER", 0x0B51},
      {"GL_LIGHT_MODEL_TWO_SIDE", 0x0B52},
      {"GL_LIGHT_MODEL_AMBIENT", 0x0B53},
      {"GL_LIGHT_MODEL_COLOR_CONTROL", 0x81F8},
      {"GL_SINGLE_COLOR", 0x81F9},
      {"GL_SEPARATE_SPECULAR_COLOR", 0x81FA},
      {"GL_LIGHT0", 0x4000},
      {"GL_LIGHT1", 0x4001},
      {"GL_LIGHT2", 0x4002},
      {"GL_LIGHT3", 0x4003},
      {"GL_LIGHT4", 0x4004},
      {"GL_LIGHT5", 0x4005},
      {"GL_LIGHT6", 0x4006},
      {"GL_LIGHT7", 0x4007},
      // matrices
      {"GL_MODELVIEW", 0x1700},
      {"GL_PROJECTION", 0x1701},
      {"GL_TEXTURE", 0x1702},
      // shading, polygon mode, fog
      {"GL_FLAT", 0x1D00},
      {"GL_SMOOTH", 0x1D01},
      {"GL_POINT", 0x1B00},
      {"GL_LINE", 0x1B01},
      {"GL_FILL", 0x1B02},
      {"GL_FOG_INDEX", 0x0B61},
      {"GL_FOG_DENSITY", 0x0B62},
      {"GL_FOG_START", 0x0B63},
      {"GL_FOG_END", 0x0B64},
      {"GL_FOG_MODE", 0x0B65},
      {"GL_FOG_COLOR", 0x0B66},
      {"GL_EXP", 0x0800},
      {"GL_EXP2", 0x0801},
      {"GL_LINEAR", 0x2601},
      // clear bits
      {"GL_DEPTH_BUFFER_BIT", 0x0100},
      {"GL_ACCUM_BUFFER_BIT", 0x0200},
      {"GL_STENCIL_BUFFER_BIT", 0x0400},
      {"GL_COLOR_BUFFER_BIT", 0x4000},
      // ARB_vertex_program, ARB_fragment_program
      {"GL_VERTEX_PROGRAM_ARB", 0x8620},
      {"GL_FRAGMENT_PROGRAM_ARB", 0x8804},
      {"GL_PROGRAM_FORMAT_ASCII_ARB", 0x8875},
  };
  return t;
}

}  // namespace

std::optional<uint32_t> gl_enum_value(const std::string& name) {
  auto it = table().find(name);
  if (it == table().end()) return gl_array_texture_enum_value(name);
  return it->second;
}

}  // namespace gfx::import
