// The one error form of the SM4 front end: "<shader>: <chunk> dword <n>: <problem>", so a
// message names the shader the caller passed, the chunk ("DXBC" for the container header
// and chunk table) and the dword offset inside it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace gfx::d3d10 {

[[noreturn]] void fail_at(const std::string& shader, const std::string& chunk, std::size_t dword,
                          const std::string& problem);

std::string hex32(uint32_t v);  // "0x0000FFFF"

}  // namespace gfx::d3d10
