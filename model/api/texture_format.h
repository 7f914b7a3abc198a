// How each texture format lays out its texels in memory (a trace's level blobs hold exactly
// these bytes, as D3D9's LockRect would show them with a tight pitch): bytes per texel, or
// per 4x4 block for the DXT formats, and whether the format can be a render target. The
// channel meaning (D3D9's expansion to four floats) lives in func/texture/texel_decode.h.
//
// A texture's level blob holds every image of that level: one for a 2D texture, six faces
// in D3DCUBEMAP_FACES order (+X, -X, +Y, -Y, +Z, -Z) for a cube, and max(1, depth >> level)
// slices (front to back) for a volume, each image row by row (block row by block row).
#pragma once

#include <cstdint>

#include "api/enums.h"

namespace gfx::api {

struct TextureFormatInfo {
  uint8_t block = 1;           // texels per side of the storage unit: 1, or 4 for DXT
  uint8_t block_bytes = 4;     // bytes per texel (block == 1) or per 4x4 block
  bool render_target = false;  // D3D9 or D3D10 allows it as a colour target (modelled)
};

// Null when `f` is not a texture format the model knows.
const TextureFormatInfo* texture_format_info(Format f);

// DXGI's typeless families: the _TYPELESS format of `f`'s family (itself for a typeless
// format; Unknown for a format outside every family, e.g. the D3D9 formats). R24_UNORM_X8_TYPELESS
// is a view format of R24G8_TYPELESS, whatever its name says.
Format typeless_family(Format f);
bool is_typeless(Format f);
// D16_UNORM, D24_UNORM_S8_UINT or D32_FLOAT: formats a depth-stencil view may take.
bool is_depth_stencil_format(Format f);
// Whether a view of format `view` may look at a resource of format `resource`: the same
// format, or a typed member of the resource's typeless family (D3D10's rule).
bool view_format_fits(Format view, Format resource);

// Bytes of one w x h image of format `f` (DXT: whole 4x4 blocks, partial blocks padded).
uint64_t texture_image_bytes(Format f, uint32_t w, uint32_t h);

// Images per level of a texture: 1 (2D), 6 (cube) or max(1, depth >> level) (volume).
uint32_t texture_images(TextureKind kind, uint32_t depth, unsigned level);

}  // namespace gfx::api
