// The driver fills func::TessWork (func/tess_work.h) for every tessellated draw; the
// record lives with the DrawContext so the timing units need no driver header.
#pragma once

#include "func/tess_work.h"

namespace gfx::driver {
using TessWork = func::TessWork;
}  // namespace gfx::driver
