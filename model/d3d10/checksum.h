// The DXBC container checksum: MD5's compression function over the container bytes after
// the 20-byte magic + checksum prefix, with Microsoft's own final padding (the bit count
// goes first in the last block and (byte count * 2) | 1 last, instead of MD5's 64-bit
// length at the end). The four state words, stored little-endian, are the header's
// checksum. Every shader fxc writes carries it; D3D10 refuses a container whose sum is off.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace gfx::d3d10 {

// `size` is the whole container; bytes [20, size) are summed. size must be >= 20.
std::array<uint32_t, 4> dxbc_checksum(const uint8_t* container, std::size_t size);

}  // namespace gfx::d3d10
