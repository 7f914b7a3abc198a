// ROP (render output unit): takes shaded pixel warps back in API order, looks up each
// quad's depth and colour lines in the Z and colour caches, and once they are present runs
// the depth test, blend and colour write on the frame buffer. As the last unit it performs
// the markers (pipe/marker.h) once everything before them has retired: it retires draws,
// performs Clears and the end-of-frame write-back of its caches and the L2, and reports
// each to the command processor through the RetirePort. Warps come back through a reorder
// window (sim::ReorderWindow) the wiring owns: the ROP takes from it, the shader cluster
// sends within it.
//
// The markers are looked at at the start of a tick and after its work; one takes effect at
// the first look where its turn has come, except a Present, performed only at the start of
// a tick: the write-back starts once the caches have been idle for a whole cycle, as when
// the command processor started it.
//
// Surfaces are stored in 4x4-pixel tiles of 64 bytes (a quad never straddles a tile), so
// one quad needs one depth line and one colour line with 64-byte lines. A D16 depth
// surface has 32-byte tiles; D24S8 holds depth and stencil in one 4-byte word, so the
// stencil test and its writes share the depth line.
//
// Stencil-tested draws resolve the depth/stencil test before any colour access: their
// quads look up only the depth line at issue, run the test in API order once it is
// present, and then look up colour lines only for a quad with a surviving pixel, so a
// stencil-culled pass makes no colour traffic. Those quads then wait for their colour
// lines in a second in-order stage (finishing_), which later quads join while it is busy,
// so quads retire in order. Other draws look up colour at issue as before.
//
// Multiple render targets: every bound colour target (the back buffer or the texture
// surfaces of set_render_target) takes its own colour-cache line per quad, so MRT traffic
// shows in the colour client's bandwidth; target surfaces are tiled the same way. A D3D10
// depth-stencil view's surface is tiled likewise at its own address with its format's pixel
// size (D16_UNORM 2 bytes, D24_UNORM_S8_UINT and D32_FLOAT 4), so depth traffic follows
// the format; a NULL view makes no depth lookups.
//
// MSAA (the trace header's sample_count S > 1, set_sample_count): the back buffer's colour
// and depth hold S samples a pixel, so a pixel's footprint is S times the format's bytes,
// its samples adjacent in memory, and the 4x4-pixel tiles grow to S times 64 bytes; a quad
// looks up every line its four pixels' samples lie in, and a Clear writes S times the
// lines. Throughput counts samples: every cycle brings quads_per_cycle slots, and a quad
// of an S-sample draw takes S of them (4 * quads_per_cycle samples a cycle whatever S; a
// 16x quad takes 16 / quads_per_cycle cycles); an idle ROP banks at most max(S,
// quads_per_cycle) slots.
//
// Models: a reorder buffer restoring API order, quads per cycle, Z/colour cache traffic
// (reads only when the data is needed: depth test, blending or a partial colour mask),
// outstanding-quad limit, pipeline latency, clear bandwidth, stencil traffic, and the alpha
// test ahead of them (a quad whose pixels all fail it makes no depth or colour access).
// The resolve and copy_rect commands make it a copy engine: source lines read, destination
// lines written, at the clear rate (begin_copy).
// Fast clear and compression (rop_compression.cpp, compressor.h): a Clear with fast clear
// marks whole back-buffer tiles cleared instead of writing their lines; the compressor
// between the L2 and the DRAM answers fills of cleared tiles on chip and compresses tiles
// at write-back; a Present resolves the back buffer's colour for the display. Under MSAA the
// tiles hold every sample, and the tile models see them all (tile_model.h).
// A warp the early-Z stage has marked depth_done had its depth/stencil half run before
// shading: its quads make no depth lookup here and take only the colour half.
//
// Leaves out: compression and fast clear of surfaces other than the back buffer's (render
// target textures and D3D10 views, which are single-sample), early colour culling by depth
// alone in draws without stencil; a quad with some pixels passing a test costs a whole quad.
#pragma once

#include <deque>
#include <map>
#include <systemc>

#include "func/rop/clear_op.h"
#include "func/rop/hiz.h"
#include "func/rop/rop.h"
#include "memory/memory_system.h"
#include "pipe/items.h"
#include "pipe/marker.h"
#include "pipe/retire_port.h"
#include "rop/compressor.h"
#include "rop/rop_config.h"
#include "sim/cache.h"
#include "sim/reorder_window.h"
#include "sim/unit.h"

namespace gfx::rop {

class Rop : public sc_core::sc_module, public sim::Unit {
 public:
  Rop(sc_core::sc_module_name name, const RopConfig& cfg, uint32_t width, uint32_t height,
      pipe::Queue<pipe::PixelWarpPtr>& in, sim::ReorderWindow& window, pipe::RetirePort& retired,
      memory::MemorySystem& memory);

  func::RenderTarget& target() { return target_; }
  // For a stage that tests depth before shading (pipe::DepthPort, given by the wiring): the
  // Z cache its lookups go to (counted as rop.z_cache) and where pixel (x, y)'s depth lies.
  sim::Cache& z_cache() { return z_cache_; }
  // The Z-cache lines of the quad at (x, y)'s depth/stencil for draw d: the lines issue_quad
  // looks up (one without MSAA, every line of the samples with it); returns how many.
  int depth_lines(const func::DrawContext& d, int x, int y, Addr out[8]);
  // Hi-Z's bound memory (hiz.enable; null when off): the ROP reports its depth writes and
  // depth Clears to it (func/rop/hiz.h).
  void set_hiz(func::HiZ* hiz) { hiz_ = hiz; }
  // The depth surface's format (the trace header's depth_format); before the first draw.
  void set_depth_format(api::Format f);
  // The back buffer's samples per pixel (the trace header's sample_count, 1 without MSAA);
  // before the first draw. Throws gfx::Error when a quad's samples would need more than
  // kLinesPerQuad lines of the Z or colour cache.
  void set_sample_count(uint32_t samples);

  Cycle next_wake(Cycle now) const override;
  bool has_work() const override {
    return !in_.empty() || !rob_.empty() || feeding_ || !inflight_.empty() || !finishing_.empty() ||
           clearing();
  }
  void register_stats(stats::Group& g) override;
  const char* stats_description() const override { return "render output unit"; }

 protected:
  sim::Activity tick(Cycle now) override;

 private:
  struct InflightQuad {
    pipe::PixelWarp* warp;
    uint32_t quad;
    Cycle ready;
    bool last_of_warp;
    bool deferred_color = false;  // colour lines wait for the depth/stencil result
    bool tested = false;          // the functional test has run (deferred quads)
    bool color_skipped = false;   // the test wrote no pixel: no colour lines at all
    uint64_t color_done = 0;      // colour lines (lookup_colors) already accepted
    bool charged = false;         // its samples have taken their ROP slots
    Cycle color_ready = 0;        // latest arrival of those lines
  };

  sim::Activity work(Cycle now);
  // Performs the markers whose turn has come; `start` is the beginning of the tick.
  void perform_markers(Cycle now, bool start) {
    if (!markers_.empty()) perform_due_markers(now, start);
  }
  void perform_due_markers(Cycle now, bool start);
  bool marker_due() const;
  // Clear: the functional surfaces change at once; the writes take their cycles.
  void begin_clear(const func::ClearOp& op);
  bool clearing() const { return clear_next_ < clear_lines_.size() || fast_clear_left_ > 0; }
  // Fast clear and compression (rop_compression.cpp): tracks the back buffer's surfaces;
  // marks tile (tx, ty) of a clear cleared when it may (false: write its lines).
  void track_surfaces();
  bool fast_clear_tile(const func::ClearOp& op, bool depth, int surface, int tx, int ty);
  bool issue_quad(Cycle now);             // false when a cache refused (retry later)
  void finish_issue(pipe::PixelWarp& w);  // the quad goes in flight
  // Runs the functional ROP of q (in API order); returns the pixels it wrote.
  uint8_t test_quad(InflightQuad& q);
  // The quad has left the ROP: counts its warp as retired when it was the last.
  void complete(const InflightQuad& q, Cycle now);
  // Colour lookups of the warp's quad `quad` into every bound target with a non-zero write
  // mask that the pixel program gives a colour: each line the quad's four pixels touch
  // (more than one for wide formats and MSAA), skipping those marked in `done` (bit
  // kLinesPerQuad * target + k for the target's k-th line), which it marks as they are
  // accepted; false when a cache refused (retry_ is set). `ready` takes the latest arrival.
  bool lookup_colors(Cycle now, const pipe::PixelWarp& w, int quad, uint64_t& done, Cycle& ready);
  static constexpr int kLinesPerQuad = 8;  // 8 targets x 8 lines: one bit each in 64
  static constexpr int kTilePixels = 4;    // surfaces are tiled in 4x4-pixel blocks
  // The distinct lines (line_mask applied) the whole footprint of the quad's four pixels
  // at (x, y) lies in, in pixel order; returns how many (at most kLinesPerQuad).
  static int quad_lines(Addr base, uint32_t tiles_per_row, int x, int y, uint32_t bytes,
                        uint32_t line_bytes, Addr out[kLinesPerQuad]);
  static Addr pixel_addr(Addr base, uint32_t tiles_per_row, int x, int y, uint32_t bytes);
  // Where a colour surface lies in memory: base address, tiles per row, bytes per pixel.
  struct SurfaceLayout {
    Addr base = 0;
    uint32_t tiles_per_row = 0, bytes = 4;
  };
  // Where depth lies: the back buffer's surface (null) or a depth-stencil view's.
  SurfaceLayout depth_layout(const func::DepthSurface* s);
  // Colour surface `t` of a draw's targets (slot 0 null: the back buffer, A8R8G8B8).
  // False when slot t has no target.
  bool color_surface(const func::ColorTargets& targets, int t, SurfaceLayout& layout);
  SurfaceLayout surface_layout(const func::ColorSurface& s);
  // copy_rect: queues the source lines to read and the destination lines to write.
  void begin_copy(const func::CopyOp& op);

  RopConfig cfg_;
  pipe::Queue<pipe::PixelWarpPtr>& in_;  // shaded warps, in any order
  sim::ReorderWindow& window_;           // next(): the warp needed next in API order
  pipe::RetirePort& retired_;
  memory::MemorySystem& memory_;
  func::RenderTarget target_;
  sim::Cache z_cache_, color_cache_;
  Addr color_base_ = 0, depth_base_ = 0;
  uint32_t tiles_per_row_ = 0;
  uint32_t depth_bytes_ = 4;  // bytes per depth/stencil sample
  uint32_t samples_ = 1;      // the back buffer's samples per pixel
  uint32_t slots_ = 0;        // ROP slots left (class comment: MSAA throughput)
  Cycle slots_cycle_ = 0;     // the cycle slots_ was last refilled in

  std::map<uint64_t, pipe::PixelWarpPtr> rob_;  // shaded warps waiting for their turn
  uint64_t retired_warps_ = 0;                  // warps 0.. this one (excl.) have fully retired
  std::deque<pipe::Marker> markers_;            // taken from the input, in order
  bool clear_report_ = false;                   // report the Clear when its last line is written
  pipe::PixelWarpPtr feeding_;                  // warp whose quads are being issued
  std::deque<pipe::PixelWarpPtr> draining_;     // warps with quads still in flight
  uint32_t feed_quad_ = 0;
  bool z_done_ = false;      // the current quad's depth lookups were all accepted
  uint32_t z_lines_done_ = 0;  // its depth lines already accepted (MSAA: several)
  uint64_t color_done_ = 0;  // colour lines of the current quad already accepted
  Cycle z_ready_ = 0;
  std::deque<InflightQuad> inflight_;
  std::deque<InflightQuad> finishing_;  // tested quads waiting for deferred colour lines
  Cycle retry_ = 0;                     // a refused lookup may succeed from this cycle

  uint64_t rop_state_draw_ =
      ~uint64_t(0);  // draw id rop_state_ was built for (ids are unique; addresses get reused)
  func::RopState rop_state_;
  func::HiZ* hiz_ = nullptr;  // set_hiz

  // A clear's lines to write, or a resolve's or copy's to read (source) then write (texture).
  // UpdateColor: a partial write (the line is fetched first when missing).
  enum class LineOp : uint8_t { WriteColor, WriteDepth, ReadColor, UpdateColor };
  std::vector<std::pair<Addr, LineOp>> clear_lines_;
  // Appends the lines of the tile at pixel (tx, ty) of a surface laid out as `at` to
  // clear_lines_ as `op`; `last` is the last line appended (a line holding several tiles
  // is appended once).
  void push_tile_lines(const SurfaceLayout& at, int tx, int ty, uint32_t line_bytes, LineOp op,
                       Addr& last);
  size_t clear_next_ = 0;
  Compressor compressor_;         // between the L2 and the DRAM when anything is on
  uint64_t fast_clear_left_ = 0;  // tiles the fast clear still has to mark (cycles)
  uint64_t fast_cleared_tiles_ = 0;

  uint64_t alpha_killed_quads_ = 0;  // quads that touched no surface: all failed alpha test
  uint64_t ds_killed_quads_ = 0;     // deferred quads whose pixels all failed stencil/depth
  uint64_t quads_ = 0, pixels_in_ = 0, pixels_written_ = 0, clear_lines_written_ = 0;
  uint64_t samples_written_ = 0;
  uint64_t rob_peak_ = 0;
};

}  // namespace gfx::rop
