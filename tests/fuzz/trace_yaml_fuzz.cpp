// libFuzzer harness of the YAML trace reader: the input is the text of a trace file.
// (Reader::open picks the reader by content, so an input that starts with the binary
// magic tries the binary reader, as the tools would.)
#include <cstddef>
#include <cstdint>

#include "fuzz_support.h"
#include "trace_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  gfx::fuzz::exercise_trace(gfx::fuzz::write_scratch("input.yaml", data, size));
  return 0;
}
