// Canonical orders for bit-identical edge evaluation (see canonical.h).
#include "func/tess/canonical.h"

#include <algorithm>
#include <cstring>

namespace gfx::func::tess {

namespace {

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

int compare_vec(const Vec4& a, const Vec4& b) {
  for (int c = 0; c < 4; ++c) {
    const uint32_t x = bits(a[c]), y = bits(b[c]);
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

}  // namespace

int compare_bits(const Vec4* a, const Vec4* b, unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    if (int c = compare_vec(a[i], b[i])) return c;
  return 0;
}

bool reverse_is_canonical(const Vec4* poly, unsigned points, unsigned attributes) {
  for (unsigned i = 0, j = points - 1; i < j; ++i, --j) {
    const int c =
        compare_bits(poly + size_t(j) * attributes, poly + size_t(i) * attributes, attributes);
    if (c != 0) return c < 0;
  }
  return false;  // a palindrome: both directions give the same values
}

Vec4 canonical_sum(Term* terms, unsigned count) {
  std::sort(terms, terms + count, [](const Term& a, const Term& b) {
    const uint32_t x = bits(a.weight), y = bits(b.weight);
    if (x != y) return x < y;
    return compare_vec(a.value, b.value) < 0;
  });
  Vec4 sum;
  for (unsigned i = 0; i < count; ++i)
    if (terms[i].weight != 0.0f) sum = sum + terms[i].value * terms[i].weight;
  return sum;
}

}  // namespace gfx::func::tess
