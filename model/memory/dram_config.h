// Configuration of the DRAM controller and devices: defined by the DRAM unit
// (dram/dram_config.h); the memory system holds it as memory.dram.
#pragma once

#include "dram/dram_config.h"

namespace gfx::memory {

using DramConfig = dram::DramConfig;

}  // namespace gfx::memory
