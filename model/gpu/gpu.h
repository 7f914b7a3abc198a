// The GPU: every unit, the queues between them and the memory system, wired in one
// visible place. Data flows
//   command processor -> tessellator -> input assembler -> shader cores (vertex) -> setup -> rasterizer
//   -> shader cores (pixel) -> ROP, with every cache missing into the L2 and DRAM.
// One clock driver ticks the units in that order.
#pragma once

#include <memory>

#include <systemc>

#include "cp/command_processor.h"
#include "gpu/gpu_config.h"
#include "ia/input_assembler.h"
#include "memory/memory_system.h"
#include "raster/rasterizer.h"
#include "rop/rop.h"
#include "setup/setup_unit.h"
#include "shader/shader_cluster.h"
#include "sim/clock_driver.h"
#include "tess/tessellator.h"

namespace gfx::gpu {

class Gpu : public sc_core::sc_module {
 public:
  Gpu(sc_core::sc_module_name name, const GpuConfig& cfg, trace::Reader& reader,
      driver::Device& device, cp::CommandProcessor::Hooks hooks);

  sim::ClockDriver& driver() { return driver_; }
  func::RenderTarget& target() { return rop_.target(); }
  bool finished() const;
  // Close every time integral at the end of the run.
  void settle(Cycle end);
  void register_stats(stats::Group& gpu, const Cycle* run_cycles);

 private:
  GpuConfig cfg_;
  memory::MemorySystem memory_;
  pipe::VertexStore store_;
  sim::Queue<pipe::DrawRef> draws_;      // command processor -> tessellator
  sim::Queue<pipe::DrawRef> tess_out_;   // tessellator -> input assembler
  sim::Queue<pipe::VertexWarp> vertex_warps_;
  sim::Queue<pipe::PrimitiveItem> primitives_;
  sim::Queue<pipe::TriangleItem> triangles_;
  sim::Queue<pipe::PixelWarpPtr> pixel_warps_;
  sim::Queue<pipe::PixelWarpPtr> shaded_warps_;
  rop::Rop rop_;
  shader::ShaderCluster shader_;
  tess::Tessellator tess_;
  ia::InputAssembler ia_;
  setup::SetupUnit setup_;
  raster::Rasterizer raster_;
  cp::CommandProcessor cp_;
  sim::ClockDriver driver_;
};

}  // namespace gfx::gpu
