#include "d3d10/errors.h"

#include <cstdio>

#include "common/error.h"

namespace gfx::d3d10 {

void fail_at(const std::string& shader, const std::string& chunk, std::size_t dword,
             const std::string& problem) {
  const std::string who = shader.empty() ? "<shader>" : shader;
  throw Error(who + ": " + chunk + " dword " + std::to_string(dword) + ": " + problem);
}

std::string hex32(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08X", v);
  return buf;
}

}  // namespace gfx::d3d10
