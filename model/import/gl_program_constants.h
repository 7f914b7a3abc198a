// The values an ARB program's constant registers take at a draw (the binding table of
// arb_program.h evaluated on the GL state), and what a draw with programs needs from the
// vertex data. Pure functions; docs/importers.md ("ARB programs") has the table.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "import/gl_matrix.h"
#include "import/gl_state.h"

namespace gfx::import {

using ArbConstantValues = std::vector<std::pair<uint32_t, std::array<float, 4>>>;

// Constants of program object `o` of `target` (gl::VERTEX_PROGRAM_ARB or
// gl::FRAGMENT_PROGRAM_ARB), in table order. Matrices are GL's own (the program computes
// GL clip space; its epilogue converts); viewport.fixup is (-1 / vw, 1 / vh, 0.5, 0).
// Throws ConversionError when the object has no program, UnsupportedError for state the
// importer does not follow (texture, palette and program matrices, modelview[n > 0], the
// back material, light half vectors, texgen planes, clip planes, point and texenv state).
ArbConstantValues arb_constant_values(const GlState& s, const GlArbProgramObject& o,
                                      uint32_t target, double viewport_width,
                                      double viewport_height);

// The inverse of a GL matrix a program binds (gl_invert); throws UnsupportedError for a
// singular one, where gl_inverse's identity would give the program a wrong constant.
GlMatrix program_inverse(const GlMatrix& m);

// True when the active vertex program reads generic attribute `n` (2: the normal).
bool arb_vertex_reads(const GlState& s, uint32_t n);

}  // namespace gfx::import
