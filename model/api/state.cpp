#include "api/state.h"

namespace gfx::api {

Matrix4 identity_matrix() {
  Matrix4 m{};
  m[0] = m[5] = m[10] = m[15] = 1.0f;
  return m;
}

}  // namespace gfx::api
