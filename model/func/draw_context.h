// DrawContext: everything one draw call needs, snapshotted by the driver layer when the
// draw is issued. Resources are held by shared_ptr, so the trace may release or replace
// them while the draw is still in flight in the timing model, and so memory stays bounded
// by the draws in flight rather than growing with the trace.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "api/state.h"
#include "func/geom/setup.h"
#include "func/geom/vertex_fetch.h"
#include "func/rop/render_target.h"
#include "func/shader/isa.h"
#include "func/texture/sampler.h"

namespace gfx::func {

struct TessWork;  // func/tess_work.h

// A D3D10 constant buffer as one draw sees it: the registers c(first) .. c(first + registers
// - 1) hold it (already copied into the draw's constants), and `offset` is where the driver
// placed its version in the constant heap, the memory the timing model fetches it from.
// Every update of a buffer is a new version at a new offset, so a draw in flight reads its
// own data. registers == 0: no buffer in the slot.
struct ConstantBufferRange {
  uint64_t offset = 0;  // bytes from the start of the constant heap; 256-byte aligned
  uint32_t first = 0;
  uint32_t registers = 0;
};
constexpr int kConstantBufferRanges = 4;  // the constant-buffer slots the model maps per stage

struct DrawContext {
  uint64_t id = 0;     // run-wide draw number, from 0
  uint32_t frame = 0;  // frame the draw belongs to
  std::string where;   // trace location, for messages ("scene.gfxt: command 812")
  std::string call;    // API call name, e.g. "draw_indexed_primitive"

  api::DrawApi api = api::DrawApi::D3D9;
  api::Topology topology = api::Topology::TriangleList;
  bool indexed = false;
  uint32_t first = 0;       // start vertex (non-indexed) or start index (indexed)
  uint32_t count = 0;       // vertices or indices per instance
  int32_t base_vertex = 0;  // added to every index (indexed draws)
  uint32_t instance_count = 1;
  uint32_t start_instance = 0;
  // Instancing per stream: false = per-vertex data; true = per-instance data whose element
  // is start_instance + instance / divisor (D3D9 INSTANCEDATA | divisor, D3D10 slot class
  // PER_INSTANCE_DATA with step rate = divisor; divisor 0 never steps, as in D3D10).
  std::array<bool, api::kMaxStreams> per_instance{};
  std::array<uint32_t, api::kMaxStreams> instance_divisor{};

  // Vertex input.
  std::shared_ptr<const api::VertexDeclaration> declaration;
  std::array<StreamBinding, api::kMaxStreams> streams{};
  std::array<std::shared_ptr<const api::Buffer>, api::kMaxStreams> stream_buffers{};
  std::shared_ptr<const api::IndexBuffer> indices;
  FetchPlan fetch_plan;

  // Shading.
  std::shared_ptr<const Program> vertex_program;
  std::shared_ptr<const Program> pixel_program;
  std::vector<Vec4> vs_constants;  // c0..c255
  std::vector<Vec4> ps_constants;
  std::array<Int4, kNumIntConstants> vs_int_constants{}, ps_int_constants{};     // i0..i15
  std::array<bool, kNumBoolConstants> vs_bool_constants{}, ps_bool_constants{};  // b0..b15
  // D3D10 draws: the constant buffers bound to the vertex and pixel stage's slots.
  std::array<ConstantBufferRange, kConstantBufferRanges> vs_constant_buffers{},
      ps_constant_buffers{};
  std::array<SamplerBinding, api::kMaxSamplers> samplers{};
  std::array<std::shared_ptr<const api::Texture>, api::kMaxSamplers> textures{};
  uint32_t varying_mask = 0;  // varyings the vertex program writes and the pixel program reads
  // POSITIONT vertices without a vertex shader: the vertex program is a pass-through whose
  // o0 = (x, y, z, rhw) shade_vertices maps to clip space (func/geom/pretransformed.h), and
  // the timing model runs it on no shader core.
  bool pretransformed = false;
  bool writes_point_size = false;  // the vertex program writes Varying::PointSize

  // Rasterization and output. `clip`: the guard band, D3DRS_CLIPPING and the enabled user
  // clip planes in clip space (func/geom/user_clip.h).
  ClipPlanes clip;
  RasterParams raster;
  api::RenderStates render_states;
  ColorTargets color_targets{};  // set_render_target surfaces (null slot 0: back buffer)
  // D3D10 set_render_targets' depth-stencil view: its surface, or the back buffer's depth
  // when null; no_depth for a NULL view (no depth or stencil test, func/rop/rop.h).
  std::shared_ptr<DepthSurface> depth_surface;
  bool no_depth = false;
  // D3D10's OMSetBlendState SampleMask: sample s of a pixel is written only when bit s is
  // set; "always applied", also on a single-sample target (bit 0). D3D9 draws: all ones.
  uint32_t sample_mask = 0xFFFFFFFFu;
  // D3D10 blend state's AlphaToCoverageEnable (func::RopState::alpha_to_coverage).
  bool alpha_to_coverage = false;

  // Set when the tessellator generated this draw's vertices (N-patches, rect/tri patches):
  // what the timing model's tessellator fetched and computed; the vertex and index data
  // above are its on-chip output. Null for every other draw.
  std::shared_ptr<const TessWork> tess;

  // Vertex index of the i-th vertex of an instance (before instancing offsets): reads the
  // index buffer for indexed draws. `ok` is false for an index read past the buffer's end
  // (which then reads 0, as D3D10 defines).
  uint32_t vertex_index(uint32_t i, bool* ok) const;
  // True when value `index` is the strip-cut value of this draw (D3D10 indexed draws only).
  bool is_cut(uint32_t index) const;

  // The system values and fetch positions, all modulo 2^32 as D3D10 defines them.
  // fetch_of: where per-vertex data is read for a vertex_index() value (index + base vertex
  // for indexed draws). vertex_id: SV_VertexID of a fetch position (the raw index, or the
  // vertex number within the instance). instance_element: the element of a per-instance
  // stream that instance `instance` (from 0, = SV_InstanceID) reads.
  uint32_t fetch_of(uint32_t index) const {
    return indexed ? index + uint32_t(base_vertex) : index;
  }
  uint32_t vertex_id(uint32_t fetch) const {
    return fetch - (indexed ? uint32_t(base_vertex) : first);
  }
  uint32_t instance_element(unsigned stream, uint32_t instance) const {
    const uint32_t div = instance_divisor[stream];
    return start_instance + (div ? instance / div : 0);
  }
  // The stream bindings instance `instance` fetches through: per-instance streams become
  // stride-0 bindings at their element, so the per-vertex fetch loop needs no branch.
  void instance_streams(uint32_t instance, StreamBinding* out /*[kMaxStreams]*/) const;
};

}  // namespace gfx::func
