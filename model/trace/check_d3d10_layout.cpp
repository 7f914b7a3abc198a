// D3D10 input layouts: CreateInputLayout's rules that need no shader (api/input_layout.h).
// The match against the vertex shader's input signature needs the decoded shader, so the
// driver and `gfxsim-trace validate` make it (d3d10/input_signature.h).
#include "common/error.h"
#include "trace/check.h"
#include "trace/check_d3d10.h"

namespace gfx::trace {

void check_d3d10_state(const CreateInputLayout& c) {
  if (c.id == 0)
    throw FieldError("id", "input layout id 0 stands for no layout (set_input_layout)");
  if (c.shader == 0)
    throw FieldError("shader",
                     "an input layout is created against a vertex shader's input "
                     "signature; shader 0 has none");
  try {
    api::resolve_input_layout(*c.layout);
  } catch (const FieldError&) {
    throw;
  } catch (const Error& e) {
    throw FieldError("elements", e.what());
  }
}

}  // namespace gfx::trace
