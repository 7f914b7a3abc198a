// Hi-Z: a per-tile depth bound (the farthest depth stored in each tile of the depth
// surface) that rejects a whole quad before its depth line is read, when not even the
// quad's nearest pixel can pass against the tile's farthest stored depth. The bound is
// conservative by construction, so a rejected quad is one the exact test would fail in
// every pixel: the pixels never change.
//
// The memory holds `capacity` tiles of `tile_pixels` x `tile_pixels` pixels, the first
// ones of the surface in row-major tile order; a quad in a tile past them is never
// rejected. The bound is modelled as kept up to date by every writer (the early-Z stage's
// writes, the ROP's late writes, Clears): it is read from the functional surface when
// asked, which is what an exact update on every write would hold.
//
// It applies only where a rejection is sure (rejects()): a depth test of LESS,
// LESSEQUAL (bound: the tile's farthest = largest depth), GREATER or GREATEREQUAL (bound:
// the smallest), and no stencil test (a quad failing depth would still run its ZFAIL op).
// MSAA: the bound covers every sample of the tile, and a quad is rejected when not one of
// its covered samples can pass, each at the depth the ROP would test it at.
// Leaves out: a min bound for the other direction's accept test, compression of the bounds.
#pragma once

#include <cstdint>

#include "func/draw_context.h"
#include "func/geom/setup.h"
#include "func/rop/rop.h"

namespace gfx::func {

class HiZ {
 public:
  HiZ(uint32_t tile_pixels, uint64_t capacity) : tile_(tile_pixels), capacity_(capacity) {}

  uint32_t tile_pixels() const { return tile_; }
  // Whether the draw state lets Hi-Z reject (header comment).
  static bool applies(const RopState& s, const RenderTarget& rt);
  // The quad's tile (row-major over the surface s tests against); kNoTile past capacity.
  static constexpr uint64_t kNoTile = ~uint64_t(0);
  uint64_t tile_of(const RopState& s, const RenderTarget& rt, const Quad& q) const;
  // True when no covered pixel (sample, under MSAA) of q (triangle t of draw d) can pass
  // the depth test against its tile's bound; never for a tile past capacity or a state
  // that does not apply.
  bool rejects(const DrawContext& d, const RopState& s, const RenderTarget& rt,
               const TriangleSetup& t, const Quad& q) const;

 private:
  uint32_t tile_;
  uint64_t capacity_;
};

}  // namespace gfx::func
