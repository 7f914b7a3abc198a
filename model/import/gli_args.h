// Typed reads of a call's arguments. The type comes from the GL function being
// translated: a float argument of a GLI0.h capture written "0x3f800000" is that float's
// bit pattern, a double one "0xLO.0xHI" the double's two words; an integer or enum
// argument is its value. Wrong counts and kinds are Errors naming the file and line.
#pragma once

#include <string>
#include <vector>

#include "import/gli_call.h"

namespace gfx::import {

class CallArgs {
 public:
  CallArgs(const GliCall& call, const std::string& path, bool hex_floats)
      : call_(call), path_(path), hex_floats_(hex_floats) {}

  size_t size() const { return call_.args.size(); }
  // Fails unless the call has exactly n arguments.
  void expect_count(size_t n) const;
  double real(size_t i) const;           // a float or double argument
  double real_double(size_t i) const;    // a GLdouble argument (hex pairs allowed)
  int64_t integer(size_t i) const;       // an integer or enum
  uint32_t enumeration(size_t i) const;  // an enum (names, or numbers as GL allows)
  std::vector<double> reals(size_t i, size_t min_count) const;         // an array of floats
  const std::string& enum_text(size_t i) const { return at(i).text; }  // as written
  const GliArg& arg(size_t i) const { return at(i); }  // any kind (pointers: arg(i).text)

  [[noreturn]] void fail(const std::string& what) const;

 private:
  const GliArg& at(size_t i) const;
  double real_of(const GliArg& a, size_t i, bool doubles) const;

  const GliCall& call_;
  const std::string& path_;
  bool hex_floats_;
};

}  // namespace gfx::import
