#include "rop/compressor.h"

#include <algorithm>

namespace gfx::rop {

namespace {
uint32_t ceil_div(uint64_t a, uint64_t b) { return uint32_t((a + b - 1) / b); }

std::unique_ptr<TileModel> model_of(const CompressionParams& p) {
  if (!p.enable) return nullptr;
  return make_tile_model(p.model, {p.ratio, p.delta_bits, p.flag_bits});
}
}  // namespace

Compressor::Compressor(const FastClearConfig& fast_clear, const CompressionParams& depth,
                       const CompressionParams& color, sim::MemoryPort& next)
    : fast_clear_(fast_clear), depth_(model_of(depth)), color_(model_of(color)), next_(next) {}

bool Compressor::active() const { return fast_clear_.enable || depth_ || color_; }

void Compressor::track(Addr base, Kind kind, uint64_t tiles, uint32_t tile_bytes,
                       uint32_t block_bytes, TileReader reader) {
  Surface& s = surfaces_[base];
  s.base = base;
  s.kind = kind;
  s.tile_bytes = tile_bytes;
  s.block_bytes = std::min(block_bytes, tile_bytes);
  const uint64_t blocks = tiles * (tile_bytes / s.block_bytes);
  s.states.assign(blocks, State::Plain);
  s.packed.assign(blocks, 0);
  s.reader = std::move(reader);
}

void Compressor::clear_tile(Addr base, uint64_t tile) {
  Surface& s = surfaces_.at(base);
  const uint64_t per_tile = s.tile_bytes / s.block_bytes;
  for (uint64_t b = tile * per_tile; b < (tile + 1) * per_tile; ++b)
    s.states.at(b) = State::Cleared;
}

Compressor::State Compressor::state(Addr base, uint64_t tile, uint32_t block) const {
  const Surface& s = surfaces_.at(base);
  return s.states.at(tile * (s.tile_bytes / s.block_bytes) + block);
}

Compressor::Surface* Compressor::find(Addr addr) {
  auto it = surfaces_.upper_bound(addr);
  if (it == surfaces_.begin()) return nullptr;
  --it;
  return addr < it->second.end() ? &it->second : nullptr;
}

uint32_t Compressor::block_share(const Surface& s, uint64_t block) {
  const TileModel* m = model(s);
  if (!m) return 0;
  TilePixels px;
  s.reader(block / (s.tile_bytes / s.block_bytes), px);
  const uint32_t packed = m->packed_bytes(px, s.tile_bytes);
  // The packed tile is spread evenly over its blocks, each moving its share on its own.
  return packed ? ceil_div(uint64_t(packed) * s.block_bytes, s.tile_bytes) : 0;
}

Cycle Compressor::read(Cycle now, Addr addr, uint32_t bytes, sim::Client client) {
  Surface* s = find(addr);
  if (!s) return next_.read(now, addr, bytes, client);
  const Addr hi = std::min<Addr>(addr + bytes, s->end());
  uint64_t moved = bytes - (hi - addr);  // past the surface: plain bytes
  bool cleared = false;
  for (Addr a = addr; a < hi;) {
    const uint64_t block = (a - s->base) / s->block_bytes;
    const Addr block_end = s->base + (block + 1) * s->block_bytes;
    const uint32_t part = uint32_t(std::min(hi, block_end) - a);
    switch (s->states[block]) {
      case State::Plain: moved += part; break;
      case State::Cleared:
        cleared = true;
        ++cleared_tile_reads_;
        bytes_read_saved_ += part;
        break;
      case State::Compressed: {
        // The block's whole compressed share is needed to decompress any part of it.
        const uint32_t c = s->packed[block];
        moved += c;
        ++compressed_tile_reads_;
        bytes_read_saved_ += part > c ? part - c : 0;
        break;
      }
    }
    a = std::min(hi, block_end);
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
    const uint64_t block = (a - s->base) / s->block_bytes;
    const Addr block_end = s->base + (block + 1) * s->block_bytes;
    const uint32_t part = uint32_t(std::min(hi, block_end) - a);
    State& st = s->states[block];
    if (part == s->block_bytes) {
      const uint32_t share = block_share(*s, block);
      if (share != 0) {
        st = State::Compressed;
        moved += share;
        bytes_written_saved_ += part - share;
        ++compressed_tile_writes_;
      } else {
        st = State::Plain;
        moved += part;
        ++plain_tile_writes_;
      }
      s->packed[block] = st == State::Compressed ? share : 0;
    } else {
      // Part of a block: the rest of a cleared or compressed block exists only in its state.
      if (st == State::Compressed) fetch += s->packed[block];
      moved += st == State::Plain ? part : s->block_bytes;
      st = State::Plain;
      s->packed[block] = 0;
      ++partial_tile_writes_;
    }
    a = std::min(hi, block_end);
  }
  Cycle done = now;
  if (fetch) done = std::max(done, next_.read(now, addr, fetch, client));
  if (moved) done = std::max(done, next_.write(now, addr, uint32_t(moved), client));
  return done;
}

Cycle Compressor::resolve(Cycle now, Addr base) {
  Surface& s = surfaces_.at(base);
  const sim::Client client = s.kind == Kind::Depth ? sim::Client::Depth : sim::Client::Color;
  // Cleared blocks are written at once; compressed ones are read first and written once
  // every read is back (requests go out in cycle order).
  Cycle done = now, fetched = now;
  for (uint64_t b = 0; b < s.states.size(); ++b) {
    const Addr a = s.base + b * s.block_bytes;
    if (s.states[b] == State::Cleared) {
      done = std::max(done, next_.write(now, a, s.block_bytes, client));
      resolve_bytes_ += s.block_bytes;
    } else if (s.states[b] == State::Compressed) {
      fetched = std::max(fetched, next_.read(now, a, s.packed[b], client));
      resolve_bytes_ += s.packed[b];
    }
  }
  for (uint64_t b = 0; b < s.states.size(); ++b) {
    const Addr a = s.base + b * s.block_bytes;
    if (s.states[b] == State::Compressed) {
      done = std::max(done, next_.write(fetched, a, s.block_bytes, client));
      resolve_bytes_ += s.block_bytes;
    }
    if (s.states[b] != State::Plain) ++resolved_tiles_;
    s.states[b] = State::Plain;
    s.packed[b] = 0;
  }
  return done;
}

void Compressor::register_stats(stats::Group& g) {
  // Counted per block: a tile, or under MSAA the part of it one line holds.
  stats::Group& c = g.child("compression", "fast clear and depth/colour compression");
  c.counter("cleared_tile_reads", &cleared_tile_reads_, "blocks",
            "fills of fast-cleared blocks (a tile, or its part in one line), answered on chip "
            "without DRAM");
  c.counter("compressed_tile_reads", &compressed_tile_reads_, "blocks",
            "fills of compressed blocks (their compressed bytes only)");
  c.counter("compressed_tile_writes", &compressed_tile_writes_, "blocks",
            "whole-block write-backs whose tile the model found compressible");
  c.counter("plain_tile_writes", &plain_tile_writes_, "blocks",
            "whole-block write-backs written uncompressed");
  c.counter("partial_tile_writes", &partial_tile_writes_, "blocks",
            "write-backs of part of a block (written uncompressed)");
  c.counter("bytes_read_saved", &bytes_read_saved_, "bytes",
            "DRAM bytes fills of cleared and compressed blocks did not read");
  c.counter("bytes_written_saved", &bytes_written_saved_, "bytes",
            "DRAM bytes compressed write-backs did not write");
  c.counter("resolved_tiles", &resolved_tiles_, "blocks",
            "cleared or compressed back-buffer blocks made plain at Present");
  c.counter("resolve_bytes", &resolve_bytes_, "bytes", "DRAM bytes the Present resolve moved");
}

}  // namespace gfx::rop
