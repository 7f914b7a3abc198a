// What every harness shares: a private scratch folder (the readers under test take paths,
// so each input becomes a file there), file helpers, and the one way a harness reports a
// finding that no sanitizer sees (a broken round trip, an error where none may be).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace gfx::fuzz {

// A folder of this process's own under $TMPDIR (or /tmp), made on first use and removed
// at exit, so parallel jobs never share a file; $GFX_FUZZ_SCRATCH names it instead (the
// reproducible check runs).
const std::string& scratch_dir();

// Writes `size` bytes to scratch_dir()/name, replacing it; returns the path.
std::string write_scratch(const std::string& name, const void* data, std::size_t size);
std::string write_scratch(const std::string& name, const std::string& text);

// The whole file as bytes; a missing or unreadable file is a finding (the harness made it).
std::string read_whole_file(const std::string& path);

// Prints "gfxsim fuzz finding: <what>" and aborts, so libFuzzer saves the input as a crash.
[[noreturn]] void finding(const std::string& what);

}  // namespace gfx::fuzz
