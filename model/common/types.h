// Names of the quantities used across the timing model. They are plain aliases of
// uint64_t: the names say what a value means, but the compiler does not stop a cycle
// count being passed where a byte count or an address is expected.
#pragma once

#include <cstdint>
#include <limits>

namespace gfx {

using Cycle = uint64_t;  // core-clock cycles since the start of the run
constexpr Cycle kNever = std::numeric_limits<Cycle>::max();

using Bytes = uint64_t;
using Addr = uint64_t;  // byte address in the simulated GPU memory

}  // namespace gfx
