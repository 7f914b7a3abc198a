// Cube-map addressing: a direction (x, y, z) picks the face of its major axis and a (u, v)
// on it, with D3D9's face orientation (D3DCUBEMAP_FACES; the same table as GL's and the
// D3D10 spec's), u to the right and v down the stored face image:
//
//   face  major  u from   v from        face  major  u from   v from
//   0 +X   +x     -z       -y            1 -X   -x     +z       -y
//   2 +Y   +y     +x       +z            3 -Y   -y     +x       -z
//   4 +Z   +z     +x       -y            5 -Z   -z     -x       -y
//
// with u = (sc / |ma| + 1) / 2 and v = (tc / |ma| + 1) / 2. Ties between axes of equal
// magnitude go to z, then y, then x (the D3D10 spec's order); a zero component counts as
// positive. Filtering stays on the chosen face: taps past its edge follow the sampler's
// address mode on that face, as on D3D9-class hardware without seamless cube filtering.
#pragma once

#include "func/texture/sampler.h"

namespace gfx::func {

// The face and its (u, v) for direction (x, y, z); the zero vector reads face +Z's centre.
TexPoint cube_point(float x, float y, float z);

// (u, v) of direction (x, y, z) projected onto face `face` (derivatives across a quad are
// taken on the face of its first pixel, even where a neighbour's major axis differs).
TexPoint cube_point_on(unsigned face, float x, float y, float z);

}  // namespace gfx::func
