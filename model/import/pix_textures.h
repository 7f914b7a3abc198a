// Texture bytes as a D3D9 application writes them between LockRect and UnlockRect, and as
// a gfxsim trace stores them: D3D9 formats gfxsim knows keep their layout; R8G8B8,
// A8B8G8R8 and X8B8G8R8 become X8R8G8B8 / A8R8G8B8 (their texels reordered). Rows lose
// the lock's pitch padding. Leaves out the other D3D9 formats (palettes, YUV, depth).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "api/enums.h"

namespace gfx::import {

struct PixTexFormat {
  uint32_t d3d = 0;                            // the capture's D3DFORMAT
  api::Format format = api::Format::A8R8G8B8;  // what the trace stores
  uint32_t block = 1;                          // texels per side of a storage unit (4: DXT)
  uint32_t src_bytes = 4, dst_bytes = 4;       // bytes per unit in the capture and the trace
};

// Null when gfxsim cannot hold the format.
std::optional<PixTexFormat> pix_texture_format(uint32_t d3d_format);

// A locked rectangle of one level, in texels (right and bottom exclusive), and the pitch
// the lock returned.
struct LockedRect {
  uint32_t left = 0, top = 0, right = 0, bottom = 0;
  uint32_t pitch = 0;
  bool read_only = false;
  // A volume's lock: slices [front, back), slice_pitch bytes apart.
  uint32_t front = 0, back = 1, slice_pitch = 0;
};

// Copies what an application wrote into `rect` of a w x h image (a level, or one face of
// a cube's level; `bytes` holds its rows `pitch` apart) into the image's tightly packed
// bytes at `image`. Throws ConversionError when the rectangle leaves the image, is not
// block aligned, or `bytes` is too short.
void copy_locked_rect(const PixTexFormat& f, uint32_t w, uint32_t h, const LockedRect& rect,
                      const std::vector<uint8_t>& bytes, uint8_t* image);

}  // namespace gfx::import
