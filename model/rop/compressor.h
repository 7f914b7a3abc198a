// The frame-buffer compression unit: keeps a state per 4x4-pixel tile of the surfaces it
// tracks (the back buffer's colour and depth) and sits between the L2 and the DRAM, where
// the L2's fills and write-backs of those tiles pass (the place of the compression logic
// in a frame-buffer partition). Every client's traffic to a tracked tile goes through it,
// so compression is invisible to the caches above and shows in the DRAM's bytes per client.
//
// A tile's state:
//   plain:      memory holds its pixels uncompressed (the state of a tile never tracked);
//   cleared:    a fast clear marked it; memory holds nothing valid. A fill of it reads no
//               DRAM and is answered `fill_latency` cycles later from the clear value held
//               on chip;
//   compressed: its last write-back found it compressible (the surface kind's tile model,
//               tile_model.h, on the functional pixels at that moment) and moved
//               ceil(tile bytes / ratio) bytes; a fill reads that many.
// A write-back of a whole tile decides its new state; a write of part of a tile (a line
// shorter than the tile) makes it plain, and a cleared or compressed tile is then written
// whole (a compressed one read first), as its other bytes exist nowhere else.
// resolve() turns a surface's cleared and compressed tiles into plain ones (the display
// engine reads plain pixels): cleared tiles are written, compressed ones read and written.
//
// Leaves out: the tile-state table's own memory traffic (it is on chip), several ratio
// classes per model, compressed data in the L2 (the L2 holds plain lines), discarding the
// dirty lines of a fast-cleared tile that a cache still holds (they are written back as
// any line, making the tile plain again), and the surfaces of render-target textures and
// D3D10 views (their traffic passes unchanged).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <vector>

#include "rop/compression_config.h"
#include "rop/tile_model.h"
#include "sim/memory_port.h"
#include "stats/registry.h"

namespace gfx::rop {

class Compressor : public sim::MemoryPort {
 public:
  enum class State : uint8_t { Plain, Cleared, Compressed };
  enum class Kind : uint8_t { Color, Depth };
  // Fills the in-surface pixels of tile `tile` (row-major tile index).
  using TileReader = std::function<void(uint64_t tile, TilePixels& out)>;

  Compressor(const FastClearConfig& fast_clear, const CompressionParams& depth,
             const CompressionParams& color, sim::MemoryPort& next);

  // Whether anything is switched on: otherwise the unit need not sit in the memory path.
  bool active() const;

  // Tracks the surface of `tiles` tiles of `tile_bytes` at `base`, every tile plain.
  // Tracking the same base again replaces it (a new depth format).
  void track(Addr base, Kind kind, uint64_t tiles, uint32_t tile_bytes, TileReader reader);
  void clear_tile(Addr base, uint64_t tile);
  State state(Addr base, uint64_t tile) const;
  // Makes every tile of the surface at `base` plain, issuing at `now`; returns the cycle
  // the last write is accepted (`now` when there was nothing to do).
  Cycle resolve(Cycle now, Addr base);

  Cycle read(Cycle now, Addr addr, uint32_t bytes, sim::Client client) override;
  Cycle write(Cycle now, Addr addr, uint32_t bytes, sim::Client client) override;

  void register_stats(stats::Group& g);

 private:
  struct Surface {
    Addr base = 0;
    Kind kind = Kind::Color;
    uint32_t tile_bytes = 0;
    std::vector<State> states;
    TileReader reader;
    Addr end() const { return base + states.size() * tile_bytes; }
  };
  struct Mode {
    std::unique_ptr<TileModel> model;  // null: this kind does not compress
    uint32_t ratio = 1;
  };
  Surface* find(Addr addr);
  const Mode& mode(const Surface& s) const { return s.kind == Kind::Depth ? depth_ : color_; }
  uint32_t packed(const Surface& s) const;  // bytes a compressed tile moves
  bool compressible(const Surface& s, uint64_t tile);

  FastClearConfig fast_clear_;
  Mode depth_, color_;
  sim::MemoryPort& next_;
  std::map<Addr, Surface> surfaces_;  // by base address

  uint64_t cleared_tile_reads_ = 0, compressed_tile_reads_ = 0;
  uint64_t compressed_tile_writes_ = 0, plain_tile_writes_ = 0, partial_tile_writes_ = 0;
  uint64_t bytes_read_saved_ = 0, bytes_written_saved_ = 0;
  uint64_t resolved_tiles_ = 0, resolve_bytes_ = 0;
};

}  // namespace gfx::rop
