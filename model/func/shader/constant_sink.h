// The constant-register reads of shader instructions, as the functional model reports them
// to whoever models memory. The interpreter knows which c# each lane reads (after relative
// indexing); the timing model implements the sink to turn the reads of constant-buffer
// registers into cache-line requests (shader/constant_path.h). Reads that never reach the
// draw's constants are not reported: the program's own literals (def, SM4 immediates) and
// relative reads outside their range or outside c0..c255, which read 0.
//
// With no sink installed (functional runs, D3D9 draws) the interpreter pays one null test
// per instruction and per constant operand.
#pragma once

#include <cstdint>

namespace gfx::func {

class ConstantReadSink {
 public:
  virtual ~ConstantReadSink() = default;
  // Instruction `issue_index` (its position in the execution record, as for texture
  // sinks) starts; `active` are the lanes that execute it. Every read() until the next
  // call belongs to it (ALU operands and the conditions of flow instructions alike).
  virtual void instruction(unsigned issue_index, uint64_t active) = 0;
  // The current instruction reads register c`reg` in the lanes of `lanes` (all lanes for
  // a directly addressed operand, one lane per call for a relatively addressed one). The
  // sink keeps only the reads of active lanes.
  virtual void read(unsigned reg, uint64_t lanes) = 0;
};

}  // namespace gfx::func
