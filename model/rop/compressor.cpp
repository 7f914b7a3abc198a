#include "rop/compressor.h"

#include <algorithm>

namespace gfx::rop {

namespace {
uint32_t ceil_div(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
}  // namespace

Compressor::Compressor(const FastClearConfig& fast_clear, const CompressionParams& depth,
                       const CompressionParams& color, sim::MemoryPort& next)
    : fast_clear_(fast_clear), next_(next) {
  if (depth.enable) depth_ = {make_tile_model(depth.model, depth.delta_bits), depth.ratio};
  if (color.enable) color_ = {make_tile_model(color.model, color.delta_bits), color.ratio};
}

bool Compressor::active() const { return fast_clear_.enable || depth_.model || color_.model; }

void Compressor::track(Addr base, Kind kind, uint64_t tiles, uint32_t tile_bytes,
                       TileReader reader) {
  Surface& s = surfaces_[base];
  s.base = base;
  s.kind = kind;
  s.tile_bytes = tile_bytes;
  s.states.assign(tiles, State::Plain);
  s.reader = std::move(reader);
}

void Compressor::clear_tile(Addr base, uint64_t tile) {
  surfaces_.at(base).states.at(tile) = State::Cleared;
}

Compressor::State Compressor::state(Addr base, uint64_t tile) const {
  return surfaces_.at(base).states.at(tile);
}

Compressor::Surface* Compressor::find(Addr addr) {
  auto it = surfaces_.upper_bound(addr);
  if (it == surfaces_.begin()) return nullptr;
  --it;
  return addr < it->second.end() ? &it->second : nullptr;
}

uint32_t Compressor::packed(const Surface& s) const {
  return ceil_div(s.tile_bytes, mode(s).ratio);
}

bool Compressor::compressible(const Surface& s, uint64_t tile) {
  const Mode& m = mode(s);
  if (!m.model) return false;
  TilePixels px;
  s.reader(tile, px);
  return m.model->compressible(px);
}

Cycle Compressor::read(Cycle now, Addr addr, uint32_t bytes, sim::Client client) {
  Surface* s = find(addr);
  if (!s) return next_.read(now, addr, bytes, client);
  const Addr hi = std::min<Addr>(addr + bytes, s->end());
  uint64_t moved = bytes - (hi - addr);  // past the surface: plain bytes
  bool cleared = false;
  for (Addr a = addr; a < hi;) {
    const uint64_t tile = (a - s->base) / s->tile_bytes;
    const Addr tile_end = s->base + (tile + 1) * s->tile_bytes;
    const uint32_t part = uint32_t(std::min(hi, tile_end) - a);
    switch (s->states[tile]) {
      case State::Plain: moved += part; break;
      case State::Cleared:
        cleared = true;
        ++cleared_tile_reads_;
        bytes_read_saved_ += part;
        break;
      case State::Compressed: {
        // The whole compressed block is needed to decompress any part of the tile.
        const uint32_t c = packed(*s);
        moved += c;
        ++compressed_tile_reads_;
        bytes_read_saved_ += part > c ? part - c : 0;
        break;
      }
    }
    a = std::min(hi, tile_end);
  }
  Cycle ready = cleared ? now + fast_clear_.fill_latency : now;
  if (moved) ready = std::max(ready, next_.read(now, addr, uint32_t(moved), client));
  return ready;
}

Cycle Compressor::write(Cycle now, Addr addr, uint32_t bytes, sim::Client client) {
  Surface* s = find(addr);
  if (!s) return next_.write(now, addr, bytes, client);
  const Addr hi = std::min<Addr>(addr + bytes, s->end());
  uint64_t moved = bytes - (hi - addr);
  uint32_t fetch = 0;  // compressed blocks read back before a partial write
  for (Addr a = addr; a < hi;) {
    const uint64_t tile = (a - s->base) / s->tile_bytes;
    const Addr tile_end = s->base + (tile + 1) * s->tile_bytes;
    const uint32_t part = uint32_t(std::min(hi, tile_end) - a);
    State& st = s->states[tile];
    if (part == s->tile_bytes) {
      if (compressible(*s, tile)) {
        st = State::Compressed;
        moved += packed(*s);
        bytes_written_saved_ += part - packed(*s);
        ++compressed_tile_writes_;
      } else {
        st = State::Plain;
        moved += part;
        ++plain_tile_writes_;
      }
    } else {
      // Part of a tile: the rest of a cleared or compressed tile exists only in its state.
      if (st == State::Compressed) fetch += packed(*s);
      moved += st == State::Plain ? part : s->tile_bytes;
      st = State::Plain;
      ++partial_tile_writes_;
    }
    a = std::min(hi, tile_end);
  }
  Cycle done = now;
  if (fetch) done = std::max(done, next_.read(now, addr, fetch, client));
  if (moved) done = std::max(done, next_.write(now, addr, uint32_t(moved), client));
  return done;
}

Cycle Compressor::resolve(Cycle now, Addr base) {
  Surface& s = surfaces_.at(base);
  const sim::Client client = s.kind == Kind::Depth ? sim::Client::Depth : sim::Client::Color;
  // Cleared tiles are written at once; compressed ones are read first and written once
  // every read is back (requests go out in cycle order).
  Cycle done = now, fetched = now;
  for (uint64_t t = 0; t < s.states.size(); ++t) {
    const Addr a = s.base + t * s.tile_bytes;
    if (s.states[t] == State::Cleared) {
      done = std::max(done, next_.write(now, a, s.tile_bytes, client));
      resolve_bytes_ += s.tile_bytes;
    } else if (s.states[t] == State::Compressed) {
      fetched = std::max(fetched, next_.read(now, a, packed(s), client));
      resolve_bytes_ += packed(s);
    }
  }
  for (uint64_t t = 0; t < s.states.size(); ++t) {
    const Addr a = s.base + t * s.tile_bytes;
    if (s.states[t] == State::Compressed) {
      done = std::max(done, next_.write(fetched, a, s.tile_bytes, client));
      resolve_bytes_ += s.tile_bytes;
    }
    if (s.states[t] != State::Plain) ++resolved_tiles_;
    s.states[t] = State::Plain;
  }
  return done;
}

void Compressor::register_stats(stats::Group& g) {
  stats::Group& c = g.child("compression", "fast clear and depth/colour compression");
  c.counter("cleared_tile_reads", &cleared_tile_reads_, "tiles",
            "fills of fast-cleared tiles, answered on chip without DRAM");
  c.counter("compressed_tile_reads", &compressed_tile_reads_, "tiles",
            "fills of compressed tiles (the compressed bytes only)");
  c.counter("compressed_tile_writes", &compressed_tile_writes_, "tiles",
            "whole-tile write-backs the tile model found compressible");
  c.counter("plain_tile_writes", &plain_tile_writes_, "tiles",
            "whole-tile write-backs written uncompressed");
  c.counter("partial_tile_writes", &partial_tile_writes_, "tiles",
            "write-backs of part of a tile (written uncompressed)");
  c.counter("bytes_read_saved", &bytes_read_saved_, "bytes",
            "DRAM bytes fills of cleared and compressed tiles did not read");
  c.counter("bytes_written_saved", &bytes_written_saved_, "bytes",
            "DRAM bytes compressed write-backs did not write");
  c.counter("resolved_tiles", &resolved_tiles_, "tiles",
            "cleared or compressed back-buffer tiles made plain at Present");
  c.counter("resolve_bytes", &resolve_bytes_, "bytes", "DRAM bytes the Present resolve moved");
}

}  // namespace gfx::rop
