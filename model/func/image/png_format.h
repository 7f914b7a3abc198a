// Internal to func/image: what the encoder and decoder share on top of libpng.
#pragma once

#include <cstdint>

namespace gfx::func::png {

constexpr uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
constexpr uint32_t kMaxPixels = 1u << 28;  // refuse larger images (1 GiB of RGBA)

}  // namespace gfx::func::png
