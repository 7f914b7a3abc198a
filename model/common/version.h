// The gfxsim version and the git revision it was built from, stamped into every result.
#pragma once

namespace gfx {

const char* version();
const char* git_revision();

}  // namespace gfx
