// Helpers shared by the func_geom tests.
#pragma once

#include <ostream>

#include "func/math.h"

namespace gfx::func {

// So that failed EXPECT_EQ on Vec4 prints the values.
inline void PrintTo(const Vec4& v, std::ostream* os) {
  *os << "(" << v.x << ", " << v.y << ", " << v.z << ", " << v.w << ")";
}

}  // namespace gfx::func
