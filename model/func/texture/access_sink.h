// The texel traffic of texture instructions, as the functional model reports it to whoever
// models memory. The functional model decides which texels a sample reads (after addressing);
// the timing model implements the sink to turn them into cache-line requests. Texels that
// addressing replaces by the border colour are not read and are not reported.
#pragma once

#include <cstdint>

#include "api/state.h"

namespace gfx::func {

class TextureAccessSink {
 public:
  virtual ~TextureAccessSink() = default;
  // `issue_index` is the position of the texture instruction in the execution record;
  // `xy_pairs` holds `count` texel coordinates (x0, y0, x1, y1, ...) of mip level `level`,
  // image `image` of that level (a cube face or a volume slice; 0 for 2D textures).
  // One call covers many lanes; the same texel may appear more than once (one entry per
  // lane and filter tap), so the sink sees the raw request stream.
  virtual void texels(unsigned issue_index, const api::Texture& tex, unsigned level, unsigned image,
                      const uint32_t* xy_pairs, unsigned count) = 0;
};

}  // namespace gfx::func
