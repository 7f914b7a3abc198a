// Meshes of the bundled traces: a ground grid, a cube and a UV sphere, as vertices with
// position, D3DCOLOR and one texture coordinate, plus index lists or strips. Front faces
// are wound clockwise as seen from outside (D3D9's default cull mode removes
// counter-clockwise triangles). No normals: the traces use unlit fixed-function vertices.
#pragma once

#include <cstdint>
#include <vector>

#include "api/state.h"
#include "tools/tracegen_math.h"

namespace gfx::tracegen {

struct Vertex {
  float x, y, z;
  uint32_t color;  // 0xAARRGGBB
  float u, v;
};

struct Mesh {
  std::vector<Vertex> vertices;
  std::vector<uint32_t> indices;
};

// Vertex declarations: position + colour (16-byte stride) and position + colour +
// texcoord0 (24-byte stride).
std::vector<api::VertexElement> decl_position_color();
std::vector<api::VertexElement> decl_position_color_tex();
constexpr uint32_t kStridePC = 16;
constexpr uint32_t kStridePCT = 24;

// Vertex bytes in the layouts above (little-endian).
std::vector<uint8_t> pack_pc(const std::vector<Vertex>& v);
std::vector<uint8_t> pack_pct(const std::vector<Vertex>& v);

// n x n quads over [-half, half]^2 at y = 0, facing up; texcoords repeat every `tile` units.
Mesh ground_grid(int n, double half, double tile, uint32_t color);
// Unit cube (-1..1) as a triangle list, one texture square per face.
Mesh cube(uint32_t color);
// Unit sphere with `rings` latitude bands and `segments` longitude steps.
Mesh sphere_list(int rings, int segments, uint32_t color);
// The same sphere as one triangle strip: bands joined by two repeated indices (degenerate
// triangles, D3D9 style) or, with `cut` set, separated by that strip-cut index (D3D10).
Mesh sphere_strip(int rings, int segments, uint32_t color, bool use_cut, uint32_t cut);

std::vector<uint16_t> to_u16(const std::vector<uint32_t>& indices);

}  // namespace gfx::tracegen
