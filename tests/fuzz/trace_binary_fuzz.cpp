// libFuzzer harness of the binary trace reader. The input is a trace with its gzip stream
// already inflated: the 12-byte preamble (magic, format version) and then the records.
// The harness deflates the records before the reader sees them, so mutations reach the
// record decoder and the command checks instead of dying in zlib's CRC; shorter inputs go
// in as they are, for the preamble checks. Corrupt compressed data has its own tests in
// tests/trace.
#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <cstddef>
#include <cstdint>

#include "fuzz_support.h"
#include "trace/binary_codec.h"
#include "trace_check.h"

namespace {

std::string write_trace(const uint8_t* data, std::size_t size) {
  using gfx::trace::binary::kPreambleSize;
  if (size < kPreambleSize) return gfx::fuzz::write_scratch("input.gfxt", data, size);
  const std::string path = gfx::fuzz::write_scratch("input.gfxt", data, kPreambleSize);
  int fd = ::open(path.c_str(), O_WRONLY | O_APPEND);
  if (fd < 0) gfx::fuzz::finding("cannot reopen " + path);
  gzFile gz = gzdopen(fd, "wb1");  // the lowest level: speed, not size, matters here
  if (!gz) gfx::fuzz::finding("cannot start compression into " + path);
  std::size_t rest = size - kPreambleSize;
  if (rest > 0 && gzwrite(gz, data + kPreambleSize, static_cast<unsigned>(rest)) <= 0)
    gfx::fuzz::finding("cannot compress into " + path);
  if (gzclose(gz) != Z_OK) gfx::fuzz::finding("cannot finish " + path);
  return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  gfx::fuzz::exercise_trace(write_trace(data, size));
  return 0;
}
