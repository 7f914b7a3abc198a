// The driver enforces api::PatchCaps (api/patch_caps.h), the tessellator capabilities the
// device reports.
#pragma once

#include "api/patch_caps.h"

namespace gfx::driver {
using PatchCaps = api::PatchCaps;
}  // namespace gfx::driver
