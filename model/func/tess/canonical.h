// Order-independent float arithmetic for watertight patch edges. Two patches that share an
// edge see its control data in opposite orders; evaluating in a canonical order (chosen
// from the data alone) makes both produce bit-identical edge vertices, whatever their
// interior segment counts. Leaves out: anything per interior vertex (the hot path does
// not need it).
#pragma once

#include <cstdint>

#include "func/math.h"

namespace gfx::func::tess {

// Lexicographic order of the bit patterns of n Vec4 values (a total order, NaNs included).
int compare_bits(const Vec4* a, const Vec4* b, unsigned n);

// True when walking the `points` vertices of a polyline (each `attributes` Vec4 apart)
// backwards gives a lexicographically smaller sequence than forwards: the edge is then
// evaluated from its last point.
bool reverse_is_canonical(const Vec4* poly, unsigned points, unsigned attributes);

// A weighted term of a sum.
struct Term {
  float weight;
  Vec4 value;
};
constexpr unsigned kMaxTerms = 64;

// Sum of weight * value over the terms with a non-zero weight, added in an order fixed by
// (weight, value) bits, so any permutation of the same terms gives the same bits. Sorts
// `terms` in place; count <= kMaxTerms.
Vec4 canonical_sum(Term* terms, unsigned count);

}  // namespace gfx::func::tess
