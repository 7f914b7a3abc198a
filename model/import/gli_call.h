// One call of a GLInterceptor text capture, as the reader parsed it: the function name,
// its arguments and the line it came from. The reader knows only the syntax; what an
// argument means (a float, an enum, a bit pattern) is decided by the call that reads it
// (gli_args.h), because GLI0.h captures print floats as hexadecimal bit patterns.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gfx::import {

struct GliArg {
  enum class Kind { Number, Enum, Array, Pointer, String };
  Kind kind = Kind::Number;
  std::string text;  // as written (an enum's name, "A | B", "*2", "U0x1244544", "1.5");
                     // a String's text without its quotes
  // Number: the decimal value; for hexadecimal "0x..." the integer it spells.
  // Enum: the value of the name, or the bit-or of the names.
  double value = 0.0;
  // Number written as "0xN" (bits = N) or "0xLO.0xHI" (bits = HI << 32 | LO, a double).
  bool hex = false;
  bool hex_pair = false;
  uint64_t bits = 0;
  std::vector<GliArg> items;  // Array
  // Enum: false when a name is not in the importer's table. The reader accepts it (so
  // --skip-unknown can skip the call); reading its value is an UnsupportedError.
  bool known = true;
};

struct GliCall {
  std::string name;
  std::vector<GliArg> args;
  std::string ret;  // the text after '=', empty when the line has none
  int line = 0;
};

// A whole capture: its calls in order, and whether floats are hexadecimal bit patterns
// ("GLI0.h" header) or decimal text ("GLI0.t").
struct GliCapture {
  std::string path;
  bool hex_floats = false;
  std::vector<GliCall> calls;
};

}  // namespace gfx::import
