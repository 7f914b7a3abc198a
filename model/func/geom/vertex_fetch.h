// Vertex attribute fetch: the input assembler's decode of vertex-buffer bytes into the
// float4 input registers of a vertex program, for every D3DDECLTYPE of a D3D9 vertex
// declaration and every vertex DXGI format of a D3D10 input layout.
//
// Models: element decode with D3D9's exact conversions; DXGI's conversions (UNORM c/(2^n-1),
// SNORM max(c/(2^(n-1)-1), -1) so that both -128 and -127 give -1.0, FLOAT16 exact, FLOAT32
// as stored, UINT/SINT as the integer's own bits, zero- or sign-extended, with no float
// conversion, for SM4 integer code); the (0,0,0,1) default of missing components and missing
// elements (the 1 an integer 1 for UINT/SINT formats); D3D10's out-of-bounds rule (a read
// past the end of its buffer gives (0,0,0,0)). Leaves out: instancing divisors (the caller
// binds a per-instance stream with stride 0 and its offset advanced to the current
// instance's element), D3DDECLMETHOD other than DEFAULT (the tessellator's business) and
// timing.
#pragma once

#include <cstdint>
#include <vector>

#include "api/input_layout.h"
#include "api/state.h"
#include "func/math.h"
#include "func/shader/isa.h"
#include "func/shader/warp.h"

namespace gfx::func {

struct StreamBinding {
  const api::Buffer* buffer = nullptr;
  uint32_t offset = 0, stride = 0;  // bytes
};

// Decode one element starting at `bytes` (decl_type_size(type) bytes are read; Unused
// reads nothing and gives (0,0,0,1)).
Vec4 decode_element(api::DeclType type, const uint8_t* bytes);

// Decode one element of DXGI format `format` (vertex_format_info(format).bytes are read).
// UINT/SINT components come back as their 32-bit patterns in the floats' bits.
Vec4 decode_vertex_format(api::VertexFormat format, const uint8_t* bytes);

// IEEE half -> float, exact (subnormals, infinities and NaNs included).
float half_to_float(uint16_t h);

// A declaration matched against a program's inputs once per draw, so the per-vertex
// loop does no searching. Throws gfx::Error for an element on a stream >= 16 or an
// input register >= kMaxInputs.
struct FetchPlan {
  struct Entry {
    uint16_t reg = 0;     // input register to fill
    uint16_t offset = 0;  // byte offset of the element inside the vertex
    uint8_t stream = 0;
    api::DeclType type = api::DeclType::Unused;  // Unused: element absent -> (0,0,0,1)
    // D3D10 input layouts: the element's DXGI format, which replaces `type`.
    bool dxgi = false;
    api::VertexFormat format = api::VertexFormat::R32G32B32A32_FLOAT;
    // Bytes the element occupies; 0: element absent.
    unsigned size() const {
      return dxgi ? api::vertex_format_info(format).bytes : api::decl_type_size(type);
    }
  };
  std::vector<Entry> entries;
};
FetchPlan make_fetch_plan(const api::VertexDeclaration& decl,
                          const std::vector<InputBinding>& inputs);
// A D3D10 input layout (element offsets resolved, api::resolve_input_layout) matched to an
// SM4 program's input semantics. Throws gfx::Error "reads <SEMANTIC> (v<reg>), which input
// layout does not give" for an input no element fills.
FetchPlan make_fetch_plan(const api::InputLayout& layout, const std::vector<uint32_t>& offsets,
                          const std::vector<LinkSemantic>& input_semantics);

// Fill lane `lane` of the warp's input registers for vertex `vertex_index`. Returns false
// if any element lay (partly) outside its buffer, or its stream had no buffer; that
// register then reads (0,0,0,0), so the caller can count and warn.
bool fetch_vertex(const FetchPlan& plan, const StreamBinding* streams /*[kMaxStreams]*/,
                  uint32_t vertex_index, Warp& warp, int lane);

// The same without a prepared plan (searches the declaration per input; no allocation).
bool fetch_vertex(const api::VertexDeclaration& decl, const StreamBinding* streams,
                  const std::vector<InputBinding>& inputs, uint32_t vertex_index, Warp& warp,
                  int lane);

}  // namespace gfx::func
