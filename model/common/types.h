// Typed quantities used across the timing model, so a cycle count and a byte count
// cannot be mixed up silently.
#pragma once

#include <cstdint>
#include <limits>

namespace gfx {

using Cycle = uint64_t;  // core-clock cycles since the start of the run
constexpr Cycle kNever = std::numeric_limits<Cycle>::max();

using Bytes = uint64_t;
using Addr = uint64_t;  // byte address in the simulated GPU memory

}  // namespace gfx
