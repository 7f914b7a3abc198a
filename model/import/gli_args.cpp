#include "import/gli_args.h"

#include <cmath>
#include <cstring>

#include "common/error.h"
#include "import/conversion_error.h"

namespace gfx::import {

void CallArgs::fail(const std::string& what) const {
  throw Error(located(path_, call_.line, 0, call_.name + ": " + what));
}

void CallArgs::expect_count(size_t n) const {
  if (call_.args.size() != n)
    fail("expected " + std::to_string(n) + " arguments, found " +
         std::to_string(call_.args.size()));
}

const GliArg& CallArgs::at(size_t i) const {
  if (i >= call_.args.size())
    fail("argument " + std::to_string(i + 1) + " is missing (found " +
         std::to_string(call_.args.size()) + ")");
  return call_.args[i];
}

namespace {

void check_known(const GliArg& a) {
  if (a.kind == GliArg::Kind::Enum && !a.known) throw UnsupportedError("unknown GL enum " + a.text);
}

}  // namespace

double CallArgs::real_of(const GliArg& a, size_t i, bool doubles) const {
  check_known(a);
  if (a.kind == GliArg::Kind::Enum) return a.value;  // GL_TRUE and friends as numbers
  if (a.kind != GliArg::Kind::Number)
    fail("argument " + std::to_string(i + 1) + " must be a number, found " + a.text);
  if (!a.hex || !hex_floats_) return a.value;
  if (a.hex_pair) {
    if (!doubles)
      fail("argument " + std::to_string(i + 1) + " is a double bit pair, expected a float");
    double d;
    std::memcpy(&d, &a.bits, sizeof d);
    return d;
  }
  if (doubles && a.bits != 0)
    fail("argument " + std::to_string(i + 1) + " is one 32-bit word, expected a double pair");
  uint32_t w = static_cast<uint32_t>(a.bits);
  float f;
  std::memcpy(&f, &w, sizeof f);
  return f;
}

double CallArgs::real(size_t i) const { return real_of(at(i), i, false); }

double CallArgs::real_double(size_t i) const { return real_of(at(i), i, true); }

int64_t CallArgs::integer(size_t i) const {
  const GliArg& a = at(i);
  check_known(a);
  if (a.kind != GliArg::Kind::Number && a.kind != GliArg::Kind::Enum)
    fail("argument " + std::to_string(i + 1) + " must be an integer, found " + a.text);
  if (a.value != std::floor(a.value))
    fail("argument " + std::to_string(i + 1) + " must be an integer, found " + a.text);
  return static_cast<int64_t>(a.value);
}

uint32_t CallArgs::enumeration(size_t i) const {
  int64_t v = integer(i);
  if (v < 0 || v > 0xFFFFFFFFll) fail("argument " + std::to_string(i + 1) + " is not a GL enum");
  return static_cast<uint32_t>(v);
}

std::vector<double> CallArgs::reals(size_t i, size_t min_count) const {
  const GliArg& a = at(i);
  if (a.kind != GliArg::Kind::Array)
    fail("argument " + std::to_string(i + 1) + " must be an array {...}, found " + a.text);
  if (a.items.size() < min_count)
    fail("argument " + std::to_string(i + 1) + " needs " + std::to_string(min_count) +
         " values, found " + std::to_string(a.items.size()));
  std::vector<double> out;
  bool doubles = call_.name.back() == 'd';  // glMultMatrixd, glLoadMatrixd
  for (size_t k = 0; k < a.items.size(); ++k) out.push_back(real_of(a.items[k], i, doubles));
  return out;
}

}  // namespace gfx::import
