// The constant-buffer side of a shader core's operand fetch: receives the constant
// registers each instruction of a warp reads (from the functional interpreter, per lane)
// and turns those of D3D10 constant buffers into the cache lines they live in. A draw's
// bound buffers are versions placed by the driver in the constant heap
// (func::ConstantBufferRange, memory::MemorySystem::constant_heap_address), cbN[i] at 16 * i
// bytes from its version's start, so a warp reading a 4x4 matrix from one version needs one
// 64-byte line, and lanes that index a buffer differently may need several.
//
// Registers outside the bound buffers (c# written by set_shader_constants, the program's own
// literals) are not fetched: they stay free, as every constant of a D3D9 draw is.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "common/types.h"
#include "func/draw_context.h"
#include "func/shader/constant_sink.h"

namespace gfx::shader {

using ConstantRanges = std::array<func::ConstantBufferRange, func::kConstantBufferRanges>;

class ConstantPath : public func::ConstantReadSink {
 public:
  explicit ConstantPath(uint32_t line_bytes) : line_bytes_(line_bytes) {}

  // The sink for one warp whose stage has the constant buffers `ranges`: lines go to `out`
  // as (issue index, line address), in issue order, each line once per instruction.
  // Returns nullptr when no buffer is bound, so the warp runs without the hook.
  func::ConstantReadSink* begin(const ConstantRanges& ranges,
                                std::vector<std::pair<uint32_t, Addr>>* out);

  void instruction(unsigned issue_index, uint64_t active) override;
  void read(unsigned reg, uint64_t lanes) override;

 private:
  uint32_t line_bytes_;
  const ConstantRanges* ranges_ = nullptr;
  std::vector<std::pair<uint32_t, Addr>>* out_ = nullptr;
  unsigned issue_ = 0;
  uint64_t active_ = 0;
  size_t first_ = 0;  // the current instruction's first line in *out_
};

}  // namespace gfx::shader
