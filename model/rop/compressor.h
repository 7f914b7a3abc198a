// The frame-buffer compression unit: keeps a state per block of the surfaces it tracks
// (the back buffer's colour and depth, at any sample count) and sits between the L2 and
// the DRAM, where the L2's fills and write-backs of those blocks pass (the place of the
// compression logic in a frame-buffer partition). Every client's traffic to a tracked
// block goes through it, so compression is invisible to the caches above and shows in the
// DRAM's bytes per client.
//
// A surface is tiled in 4x4-pixel tiles of T bytes (all samples of their pixels); a block
// is the part of a tile one memory access moves (the L2's line, or the whole tile when the
// line holds it): a 1x tile of 64 bytes is one block, a 4x tile of 256 bytes four blocks
// of 64 with 64-byte lines. A block's state:
//   plain:      memory holds its bytes uncompressed (the state of a block never tracked);
//   cleared:    a fast clear marked its tile; memory holds nothing valid. A fill of it
//               reads no DRAM and is answered `fill_latency` cycles later from the clear
//               value held on chip;
//   compressed: its last write-back found its tile compressible (the surface kind's tile
//               model, tile_model.h, on the functional samples of the whole tile at that
//               moment), which packs the tile into P bytes; the block moved its share,
//               ceil(P x block / T), and a fill reads that share again.
// A write-back of a whole block decides its new state; a write of part of a block makes it
// plain, and a cleared or compressed block is then written whole (a compressed one read
// first), as its other bytes exist nowhere else.
// resolve() turns a surface's cleared and compressed blocks into plain ones (the display
// engine reads plain pixels): cleared blocks are written, compressed ones read and written.
//
// Leaves out: the tile-state table's own memory traffic (it is on chip), compressed data in
// the L2 (the L2 holds plain lines), the dependence of a block's decompression on the
// tile's other blocks (each block moves its share of the packed tile on its own),
// discarding the dirty lines of a fast-cleared tile that a cache still holds (they are
// written back as any line, making the block plain again), and the surfaces of
// render-target textures and D3D10 views (their traffic passes unchanged).
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

  // Tracks the surface of `tiles` tiles of `tile_bytes` at `base`, in blocks of
  // `block_bytes` (a power of two dividing tile_bytes), every block plain. Tracking the same
  // base again replaces it (a new depth format).
  void track(Addr base, Kind kind, uint64_t tiles, uint32_t tile_bytes, uint32_t block_bytes,
             TileReader reader);
  // Marks every block of tile `tile` cleared.
  void clear_tile(Addr base, uint64_t tile);
  State state(Addr base, uint64_t tile, uint32_t block = 0) const;
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
    uint32_t tile_bytes = 0, block_bytes = 0;
    std::vector<State> states;     // per block
    std::vector<uint32_t> packed;  // per compressed block: the bytes it moves
    TileReader reader;
    Addr end() const { return base + states.size() * block_bytes; }
  };
  Surface* find(Addr addr);
  const TileModel* model(const Surface& s) const {
    return (s.kind == Kind::Depth ? depth_ : color_).get();
  }
  // The bytes block `block` moves compressed at a write-back now, or 0: not compressible.
  uint32_t block_share(const Surface& s, uint64_t block);

  FastClearConfig fast_clear_;
  std::unique_ptr<TileModel> depth_, color_;  // null: this kind does not compress
  sim::MemoryPort& next_;
  std::map<Addr, Surface> surfaces_;  // by base address

  uint64_t cleared_tile_reads_ = 0, compressed_tile_reads_ = 0;
  uint64_t compressed_tile_writes_ = 0, plain_tile_writes_ = 0, partial_tile_writes_ = 0;
  uint64_t bytes_read_saved_ = 0, bytes_written_saved_ = 0;
  uint64_t resolved_tiles_ = 0, resolve_bytes_ = 0;
};

}  // namespace gfx::rop
