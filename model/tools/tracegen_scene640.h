// The scene both scene640 traces draw: the D3D9 one (tracegen_scene640.cpp, fixed-function
// vertices, D3D9 and D3D10 draws) and scene640_d3d10 (tracegen_scene640_d3d10.cpp, SM4
// shaders and D3D10 state objects only). One description, so the two differ only in the
// API that draws it.
#pragma once

#include <array>
#include <vector>

#include "api/enums.h"
#include "api/state.h"
#include "tools/tracegen_meshes.h"
#include "trace/builder.h"

namespace gfx::tracegen::scene640 {

constexpr int kFrames = 4;
constexpr int kObjects = 30;
constexpr uint32_t kClearColor = 0xFF6080A0;

// A mesh and how the D3D9 trace draws it: index width, topology, and whether with the
// D3D10 DrawIndexed (else D3D9 DrawIndexedPrimitive).
struct Variant {
  Mesh mesh;
  bool wide = false;
  api::Topology topology = api::Topology::TriangleList;
  bool d3d10 = false;
};

// A variant's vertex and index buffers in a trace, and how it is drawn.
struct Model {
  trace::ResourceId vb = 0, ib = 0;
  uint32_t vertices = 0, indices = 0;
  api::Topology topology = api::Topology::TriangleList;
  bool d3d10 = false;  // D3D10 DrawIndexed, else D3D9 DrawIndexedPrimitive
};
Model upload(trace::TraceBuilder& b, const Variant& v);

struct Object {
  Vec3 pos;
  double size, turn;
};

std::array<api::Texture, 3> textures();  // checker, bricks, rings: 256x256 with mips
Mesh ground();                           // 40x40 quads, 16-bit list
std::array<Variant, 5> variants();       // object i is variant i % 5, texture i % 3
std::vector<Vertex> glass();             // four blended quads, 4 strip vertices each
std::vector<Object> objects();           // kObjects placements from a fixed-seed LCG
Mat4 projection();
Mat4 view(int frame);                    // the camera circles and sinks per frame
Mat4 world(const Object& o, int frame);  // objects turn a little each frame

}  // namespace gfx::tracegen::scene640
