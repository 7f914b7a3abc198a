// The GL enum names GLInterceptor prints, with their values (the OpenGL 2.1 headers'
// numbers), and the few names it prints for booleans (GL_TRUE, GL_FALSE).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace gfx::import {

std::optional<uint32_t> gl_enum_value(const std::string& name);
// The names of vertex arrays, buffer objects and textures (gli_enums_tex.cpp).
std::optional<uint32_t> gl_array_texture_enum_value(const std::string& name);

// GL enum values the state tracker compares against.
namespace gl {
// clang-format off
constexpr uint32_t POINTS = 0x0000, LINES = 0x0001, LINE_LOOP = 0x0002, LINE_STRIP = 0x0003,
    TRIANGLES = 0x0004, TRIANGLE_STRIP = 0x0005, TRIANGLE_FAN = 0x0006, QUADS = 0x0007,
    QUAD_STRIP = 0x0008, POLYGON = 0x0009;
constexpr uint32_t MODELVIEW = 0x1700, PROJECTION = 0x1701, TEXTURE = 0x1702;
constexpr uint32_t FRONT = 0x0404, BACK = 0x0405, FRONT_AND_BACK = 0x0408, CW = 0x0900,
    CCW = 0x0901;
constexpr uint32_t DEPTH_BUFFER_BIT = 0x0100, STENCIL_BUFFER_BIT = 0x0400,
    COLOR_BUFFER_BIT = 0x4000;
constexpr uint32_t CULL_FACE = 0x0B44, LIGHTING = 0x0B50, COLOR_MATERIAL = 0x0B57, FOG = 0x0B60,
    DEPTH_TEST = 0x0B71, NORMALIZE = 0x0BA1, BLEND = 0x0BE2, LIGHT0 = 0x4000;
constexpr uint32_t NEVER = 0x0200, ALWAYS = 0x0207;
constexpr uint32_t FLAT = 0x1D00, SMOOTH = 0x1D01;
constexpr uint32_t POINT = 0x1B00, LINE = 0x1B01, FILL = 0x1B02;
constexpr uint32_t FOG_DENSITY = 0x0B62, FOG_START = 0x0B63, FOG_END = 0x0B64, FOG_MODE = 0x0B65,
    FOG_COLOR = 0x0B66, LINEAR = 0x2601, EXP = 0x0800, EXP2 = 0x0801;
constexpr uint32_t AMBIENT = 0x1200, DIFFUSE = 0x1201, SPECULAR = 0x1202, POSITION = 0x1203,
    SPOT_DIRECTION = 0x1204, SPOT_EXPONENT = 0x1205, SPOT_CUTOFF = 0x1206,
    CONSTANT_ATTENUATION = 0x1207, LINEAR_ATTENUATION = 0x1208, QUADRATIC_ATTENUATION = 0x1209;
constexpr uint32_t EMISSION = 0x1600, SHININESS = 0x1601, AMBIENT_AND_DIFFUSE = 0x1602;
constexpr uint32_t LIGHT_MODEL_LOCAL_VIEWER = 0x0B51, LIGHT_MODEL_TWO_SIDE = 0x0B52,
    LIGHT_MODEL_AMBIENT = 0x0B53, LIGHT_MODEL_COLOR_CONTROL = 0x81F8,
    SEPARATE_SPECULAR_COLOR = 0x81FA, SINGLE_COLOR = 0x81F9;
constexpr uint32_t VERTEX_PROGRAM_ARB = 0x8620, FRAGMENT_PROGRAM_ARB = 0x8804,
    PROGRAM_FORMAT_ASCII_ARB = 0x8875;
// Vertex arrays, buffer objects and textures (gli_enums_tex.cpp has the names).
constexpr uint32_t BYTE = 0x1400, UNSIGNED_BYTE = 0x1401, SHORT = 0x1402, UNSIGNED_SHORT = 0x1403,
    INT = 0x1404, UNSIGNED_INT = 0x1405, FLOAT = 0x1406, DOUBLE = 0x140A;
constexpr uint32_t VERTEX_ARRAY = 0x8074, NORMAL_ARRAY = 0x8075, COLOR_ARRAY = 0x8076,
    TEXTURE_COORD_ARRAY = 0x8078;
constexpr uint32_t ARRAY_BUFFER = 0x8892, ELEMENT_ARRAY_BUFFER = 0x8893;
constexpr uint32_t TEXTURE_2D = 0x0DE1, TEXTURE0 = 0x84C0, TEXTURE_CUBE_MAP = 0x8513;
// clang-format on
}  // namespace gl

}  // namespace gfx::import
