// The work items that travel through the timing model's queues.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "func/pipeline/stages.h"
#include "pipe/draw_state.h"

namespace gfx::pipe {

constexpr int kMaxQuadsPerWarp = func::kMaxLanes / 4;

// A batch of new vertices for the shader cores (input assembler -> shader cores).
struct VertexWarp {
  DrawRef draw;
  uint64_t first_seq = 0;  // vertex store sequence number of lane 0 (lanes are consecutive)
  uint32_t count = 0;
  uint32_t instance = 0;  // a warp never spans instances
  std::array<uint32_t, func::kMaxLanes> fetch_index{};
  Cycle data_ready = 0;  // attributes arrive from memory
};

// An assembled primitive (input assembler -> setup): vertex store sequence numbers of a
// point (count 1), line (2) or triangle (3); unused entries repeat the last vertex.
struct PrimitiveItem {
  DrawRef draw;
  uint64_t seq[3] = {0, 0, 0};
  uint8_t count = 3;
  uint32_t primitive_id = 0;  // SV_PrimitiveID
  uint64_t oldest_live = 0;   // vertices below this sequence number are no longer referenced
};

// A set-up triangle (setup -> rasterizer).
struct TriangleItem {
  DrawRef draw;
  std::shared_ptr<const func::TriangleSetup> tri;
};

// Quads for pixel shading (rasterizer -> shader cores -> ROP). `seq` restores API order
// at the ROP after cores finish out of order.
struct PixelWarp {
  DrawRef draw;
  uint64_t seq = 0;
  uint32_t quads = 0;
  std::array<func::Quad, kMaxQuadsPerWarp> quad{};
  std::array<std::shared_ptr<const func::TriangleSetup>, kMaxQuadsPerWarp> tri{};
  // The early-Z stage has run the depth/stencil half (func::DepthPath::Early): each quad's
  // mask holds only the pixels that passed, and the ROP runs only the colour half, with no
  // depth lookup of its own. depth_samples[i] holds quad i's samples that passed
  // (func::depth_stencil_quad's form), which the colour half writes under MSAA; the quad's
  // own `samples` stays the rasterizer's coverage, which the shader reads.
  bool depth_done = false;
  std::array<uint64_t, kMaxQuadsPerWarp> depth_samples{};
  func::PixelResults results;  // filled by the shader core
};
using PixelWarpPtr = std::unique_ptr<PixelWarp>;

}  // namespace gfx::pipe
