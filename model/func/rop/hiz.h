// Hi-Z: a per-tile depth bound memory (the farthest depth stored in each tile of the
// depth surface) that rejects a whole quad before its depth line is read, when not even the
// quad's nearest pixel can pass against the tile's farthest stored depth. The bound is
// conservative by construction, so a rejected quad is one the exact test would fail in
// every pixel: the pixels never change.
//
// The memory holds `capacity` tiles of `tile_pixels` x `tile_pixels` pixels, the first
// ones of the surface in row-major tile order; a quad in a tile past them is never
// rejected. Each tile keeps the largest and the smallest stored depth (in
// depth_order_key form; the farthest is the largest for LESS and LESSEQUAL, the smallest
// for GREATER and GREATEREQUAL) and whether they are current.
//
// Upkeep by the writers: every writer of depth reports the quad it wrote (written(): the
// early-Z stage's Early writes, the ROP's late writes) or the whole surface (invalidate():
// Clears, a new surface), and the tiles it touched lose their current bound; the next check
// of such a tile recomputes it from the functional surface, once, and every later check
// until the next write reads the memory. So the bound a check sees is always the exact
// farthest depth, as if each write had updated it (a GPU recomputes a tile's bound when it
// writes the tile back; a write that moves depth farther could simply raise it, one that
// moves it nearer could only keep the old, looser bound). The memory describes one
// surface at a time (the back buffer's or a D3D10 view's, held so it cannot be freed and
// its address reused); a check on another surface starts it afresh. Resolves write no depth.
//
// It applies only where a rejection is sure (rejects()): a depth test of LESS,
// LESSEQUAL, GREATER or GREATEREQUAL, and no stencil test (a quad failing depth would still
// run its ZFAIL op).
// MSAA: the bound covers every sample of the tile, and a quad is rejected when not one of
// its covered samples can pass, each at the depth the ROP would test it at.
// Leaves out: a near bound for the other direction's accept test, compression of the bounds.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

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
  // that does not apply. Recomputes the tile's bound first when a write has touched it.
  bool rejects(const DrawContext& d, const RopState& s, const RenderTarget& rt,
               const TriangleSetup& t, const Quad& q);
  // A writer may have changed the depth of the quad at (x, y) of a draw with state s: its
  // tiles lose their current bound. Nothing when the draw writes no depth.
  void written(const RopState& s, const RenderTarget& rt, int x, int y);
  // Every tile loses its current bound (a Clear of depth).
  void invalidate();
  // Tile bounds recomputed from the surface so far (a stat: checks minus these are the
  // checks the memory answered alone).
  const uint64_t* recomputed() const { return &recomputed_; }

 private:
  // The surface the memory describes: a view's (held) or the back buffer's (null view).
  bool describes(const RopState& s, const RenderTarget& rt) const;
  // Starts afresh on the surface draw d (state s) tests against.
  void take(const DrawContext& d, const RopState& s, const RenderTarget& rt);
  void mark(uint64_t tile);

  uint32_t tile_;
  uint64_t capacity_;
  std::shared_ptr<DepthSurface> view_;     // the view whose bounds are held (null: rt)
  const RenderTarget* target_ = nullptr;   // the back buffer, when no view
  api::Format format_{};                   // what the bounds were taken of
  uint32_t width_ = 0, height_ = 0, samples_ = 0;
  std::vector<uint32_t> max_, min_;        // per tile, depth_order_key form
  std::vector<uint8_t> current_;           // per tile: max_/min_ hold its stored depths
  uint64_t recomputed_ = 0;
};

}  // namespace gfx::func
