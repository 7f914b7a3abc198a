// What a D3D10 view may see of its texture, asked where the texture is known (validate.cpp
// and the driver): the view's format fits the texture's (the same format or a typed member
// of its typeless family; unknown takes the texture's own, which must then be typed and
// usable by the view's kind), the mip slice and levels exist, and the slice is a cube face
// or a volume's depth slice. The back buffer (resource 0) is checked by the driver.
#pragma once

#include "api/state.h"
#include "trace/commands.h"

namespace gfx::trace {

// The format a view of `texture` reads and writes (c.format, or the texture's own).
api::Format view_format(const CreateView& c, const api::Texture& texture);

// Throws FieldError naming the view's field at fault.
void check_view_of(const CreateView& c, const api::Texture& texture);

}  // namespace gfx::trace
