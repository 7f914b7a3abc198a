// The ROP's multisampled surfaces (rop.h, "MSAA"): the back buffer's sample count and the
// lines a quad's samples lie in.
#include <algorithm>
#include <string>

#include "common/error.h"
#include "rop/rop.h"

namespace gfx::rop {

void Rop::set_sample_count(uint32_t samples) {
  samples_ = samples;
  target_.set_samples(samples);
  if (samples == 1) return;
  // A quad's footprint at S samples: four pixels of S * 4 bytes; every line it touches
  // must fit the per-quad line bookkeeping (kLinesPerQuad).
  for (const sim::Cache* c : {&z_cache_, &color_cache_}) {
    const uint32_t line = c->config().line_bytes;
    const uint32_t per_pixel = (4 * samples + line - 1) / line;
    if (4 * per_pixel > uint32_t(kLinesPerQuad))
      throw Error("rop: " + std::to_string(samples) + " samples per pixel need " +
                  std::to_string(4 * per_pixel) + " lines of " + std::to_string(line) +
                  " bytes per quad, more than the " + std::to_string(kLinesPerQuad) +
                  " modelled; use line_bytes of at least " + std::to_string(2 * samples) +
                  " for the Z and colour caches");
  }
  // The surfaces grow S times: fresh address ranges (address_of gives a larger object a
  // new range).
  const uint64_t tiles =
      uint64_t(tiles_per_row_) * ((target_.height + kTilePixels - 1) / kTilePixels);
  const uint64_t bytes = tiles * kTilePixels * kTilePixels * 4 * samples;
  color_base_ = memory_.address_of(&target_.color, bytes);
  depth_base_ = memory_.address_of(&target_.depth, bytes);
  // The compressor's tiles grow S times, at the new addresses (the 1x ranges stay tracked
  // but nothing reaches them again).
  track_surfaces();
}

int Rop::quad_lines(Addr base, uint32_t tiles_per_row, int x, int y, uint32_t bytes,
                    uint32_t line_bytes, Addr out[kLinesPerQuad]) {
  const Addr line_mask = ~Addr(line_bytes - 1);
  int n = 0;
  for (int p = 0; p < 4; ++p) {
    const Addr a = pixel_addr(base, tiles_per_row, x + (p & 1), y + (p >> 1), bytes);
    for (uint32_t off = 0; off < bytes && n < kLinesPerQuad; off += line_bytes) {
      const Addr l = (a + off) & line_mask;
      if (std::find(out, out + n, l) == out + n) out[n++] = l;
    }
  }
  return n;
}

}  // namespace gfx::rop
