// D3D9's expansion of each texture format to four channels (r, g, b, a), as a sampler reads
// them. A decoded channel is a number v meaning v / unit: integer formats decode to whole
// numbers in a per-channel unit, so filtering stays exact integer arithmetic (in doubles,
// whose 53 bits hold every weighted sum), and the sampler divides once at the end.
//
//   unorm n-bit channel c   v = c * 255, unit (2^n - 1) * 255  (8 bits: v = c, unit 255;
//                           16 bits: v = c, unit 65535), so c / (2^n - 1) exactly
//   snorm 8-bit (V8U8, Q8W8V8U8)  v = c * 255, unit 127 * 255, with -128 read as -127 (-1)
//   float (16F, 32F)        v = the value, unit 1
//   a channel the format lacks   0 for missing colour in A8, 1 for missing alpha and for
//                           the missing g/b of R16F, R32F, G16R16 and b of V8U8 (D3D9 reads
//                           them as 1: an R32F texel of 0.0 draws 0x0000FFFF)
// The DXGI formats of D3D10 follow D3D10's rule instead: a missing colour channel reads 0
// and missing alpha 1 (R8_UNORM, R16_UNORM, R32_FLOAT give (r, 0, 0, 1)); R10G10B10A2 is
// unorm 10.10.10.2 from the low bits; R24_UNORM_X8_TYPELESS (a view of D24_UNORM_S8_UINT) is
// the low 24 bits as unorm, (d, 0, 0, 1); D32_FLOAT and D16_UNORM read through their R32_FLOAT
// and R16_UNORM views; BC1..3 decode as DXT1, DXT3 and DXT5. The _SRGB
// formats decode each colour channel c to linear, c/255 <= 0.04045 ? (c/255) / 12.92 :
// ((c/255 + 0.055) / 1.055)^2.4, before filtering (unit 1, a float codec); alpha is c/255.
// The unit is chosen so that the D3DCOLOR border (b / 255 per channel) is a whole number
// too: border value = b * border_scale.
//
// DXT1..5 decode bit-exactly from their 4x4 blocks: endpoints R5G6B5 widened to 8 bits by
// bit replication, the interpolated colours rounded to nearest in integers,
// (2 c0 + c1 + 1) / 3, (c0 + 2 c1 + 1) / 3, and in DXT1's three-colour mode (c0 <= c1)
// (c0 + c1 + 1) / 2 with index 3 transparent black; DXT2..5 always use four colours.
// DXT2/3 alpha is 4 bits (a * 17); DXT4/5 alpha interpolates (n - i) a0 + i a1 over n = 7
// (a0 > a1) or n = 5 (a0 <= a1, indices 6 and 7 being 0 and 255), rounded to nearest the
// same way. DXT2 and DXT4 are premultiplied: D3D9 returns the stored values unchanged.
#pragma once

#include <cstdint>

#include "api/enums.h"

namespace gfx::func {

struct TexelCodec {
  // Channels of texel (x, y), both in range, of one image `width` texels wide.
  void (*decode)(const uint8_t* image, int32_t width, int32_t x, int32_t y, double out[4]);
  double unit[4];          // a decoded channel v reads as v / unit
  double border_scale[4];  // border colour channel b (0..255) decodes to b * border_scale
  bool integer;            // every decoded value is a whole number (not a float format)
};

// The codec of a sampleable format; null for a format a sampler cannot read.
const TexelCodec* texel_codec(api::Format f);

}  // namespace gfx::func
