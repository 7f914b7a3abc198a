// Configuration of fast clear and of depth and colour compression (rop/compressor.h).
#pragma once

#include <string>
#include <vector>

#include "config/schema.h"

namespace gfx::rop {

struct FastClearConfig {
  bool enable = false;
  // The tile-state table is on chip: one 64-byte line of 8-bit tile entries a cycle.
  uint32_t tiles_per_cycle = 64;
  // A fill of a cleared tile is answered from the clear value held on chip.
  uint32_t fill_latency = 4;
  // At Present the display needs plain pixels: the back buffer's cleared tiles are written
  // with the clear colour and its compressed tiles decompressed (read, then written whole).
  bool resolve_at_present = true;

  static void describe(cfg::Schema<FastClearConfig>& s) {
    s.field("enable", &FastClearConfig::enable, "",
            "A Clear of whole back-buffer tiles only marks them cleared: no line is written and "
            "a first fill of such a tile reads no DRAM");
    s.field("tiles_per_cycle", &FastClearConfig::tiles_per_cycle, "tiles/cycle",
            "Tiles a fast clear marks per cycle")
        .range(1, 65536);
    s.field("fill_latency", &FastClearConfig::fill_latency, "cycles",
            "Cycles to answer a fill of a cleared tile (on chip, no DRAM)")
        .range(0, 1000);
    s.field("resolve_at_present", &FastClearConfig::resolve_at_present, "",
            "At Present, write the back buffer's cleared tiles and decompress its compressed "
            "ones, so the display reads plain pixels (also with fast clear off)");
  }
};

// What the compressor needs of either kind's section.
struct CompressionParams {
  bool enable = false;
  std::string model;
  uint32_t ratio = 4;
  uint32_t delta_bits = 8;
  uint32_t flag_bits = 1;
};

// One section per surface kind (rop.depth_compression, rop.color_compression), so each
// lists only its own models; `Kind` names them and the default.
template <class Kind> struct CompressionConfig {
  bool enable = false;
  std::string model = Kind::kDefaultModel;
  uint32_t ratio = 4;       // a compressed tile moves tile bytes / ratio (rounded up)
  uint32_t delta_bits = 8;  // minmax: the tile's depth range must fit in this many bits
  uint32_t flag_bits = 1;   // samples (colour): per-pixel flag bits beside the colours

  CompressionParams params() const { return {enable, model, ratio, delta_bits, flag_bits}; }

  static void describe(cfg::Schema<CompressionConfig>& s) {
    s.field("enable", &CompressionConfig::enable, "",
            "Tiles the model finds compressible are written back and read compressed");
    s.field("model", &CompressionConfig::model, "",
            "Which tiles compress (docs/units/rop.md, fast clear and compression)")
        .choices(Kind::models());
    s.field("ratio", &CompressionConfig::ratio, "",
            "Compression ratio of a compressible tile: uniform, samples (one-colour tiles) and "
            "plane take ceil(T1 / ratio) bytes whatever the sample count (T1: the tile's "
            "bytes at one sample a pixel), minmax ceil(T / ratio) of the whole tile")
        .range(1, 64);
    if constexpr (Kind::kDepth) {
      s.field("delta_bits", &CompressionConfig::delta_bits, "bits",
              "minmax: a compressible tile's depths span less than 2^delta_bits (0: a single "
              "depth)")
          .range(0, 32);
    } else {
      s.field("flag_bits", &CompressionConfig::flag_bits, "bits",
              "samples: flag bits stored per pixel beside its colours (a pixel whose samples "
              "are equal stores one colour, any other all of them; 0: the colours alone)")
          .range(0, 64);
    }
  }
};

struct DepthKind {
  static constexpr bool kDepth = true;
  static constexpr const char* kDefaultModel = "plane";
  static std::vector<std::string> models() { return {"plane", "minmax"}; }
};
struct ColorKind {
  static constexpr bool kDepth = false;
  static constexpr const char* kDefaultModel = "uniform";
  static std::vector<std::string> models() { return {"uniform", "samples"}; }
};
using DepthCompressionConfig = CompressionConfig<DepthKind>;
using ColorCompressionConfig = CompressionConfig<ColorKind>;

}  // namespace gfx::rop
