// The GPU: every unit, the queues between them and the memory system, wired in one
// visible place. Data flows
//   command processor -> tessellator -> input assembler -> shader cores (vertex) -> setup ->
//   rasterizer
//   -> [extra stages] -> shader cores (pixel) -> ROP, with every cache missing into the L2 and
//   DRAM.
// Units reach each other only through what is made here: the queues (work items and
// markers, pipe/marker.h), the ROP's reorder window (the shader cluster's output credit),
// the ROP's RetirePort to the command processor and the shared vertex store and memory.
// One clock driver ticks the units in the order of the unit list.
#pragma once

#include <memory>
#include <systemc>
#include <vector>

#include "cp/command_processor.h"
#include "driver/device.h"
#include "early_z/early_z.h"
#include "gpu/gpu_config.h"
#include "gpu/stage.h"
#include "ia/input_assembler.h"
#include "memory/memory_system.h"
#include "pipe/retire_port.h"
#include "raster/rasterizer.h"
#include "rop/rop.h"
#include "setup/setup_unit.h"
#include "shader/shader_cluster.h"
#include "sim/clock_driver.h"
#include "sim/reorder_window.h"
#include "tess/tessellator.h"

namespace gfx::gpu {

class Gpu : public sc_core::sc_module {
 public:
  Gpu(sc_core::sc_module_name name, const GpuConfig& cfg, trace::Reader& reader,
      driver::Device& device, cp::CommandProcessor::Hooks hooks, const Wiring& wiring = {});

  sim::ClockDriver& driver() { return driver_; }
  func::RenderTarget& target() { return rop_.target(); }
  bool finished() const;
  // The DRAM's TLM-2.0 initiator socket's owner when memory.dram.model is tlm (else
  // null): a caller's sc_main binds its own target to dram_tlm()->socket before sc_start.
  memory::TlmDram* dram_tlm() { return memory_.tlm_dram(); }
  // The end of the run: the DRAM serves what it still holds (memory::Dram::finish).
  void finish_memory() { memory_.dram().finish(); }
  // Close every time integral at the end of the run.
  void settle(Cycle end);
  void register_stats(stats::Group& gpu, const Cycle* run_cycles);
  // The units in pipeline order and the queues between them (timelines, reports).
  const std::vector<sim::Unit*>& units() const { return units_; }
  const std::vector<sim::QueueBase*>& queues() const { return queues_; }

 private:
  using PixelQueue = pipe::Queue<pipe::PixelWarpPtr>;
  // The queues in front of the extra stages, and the one into the shader cores.
  static std::vector<std::unique_ptr<PixelQueue>> make_stage_queues(const GpuConfig& cfg,
                                                                    const Wiring& wiring);
  // The product's stages (early Z when early_z.enable) in front of the caller's.
  Wiring with_product_stages(const Wiring& extra);
  // The ROP's depth surfaces, Z cache and reports, for the early-Z stage.
  pipe::DepthPort depth_port();

  GpuConfig cfg_;
  std::unique_ptr<func::HiZ> hiz_;  // Hi-Z's tile bounds (hiz.enable)
  Wiring wiring_;                   // every stage between the rasterizer and the shader cores
  memory::MemorySystem memory_;
  pipe::VertexStore store_;
  pipe::RetirePort retired_;             // ROP -> command processor
  sim::ReorderWindow reorder_;           // ROP's reorder window: the shader cluster's output credit
  pipe::Queue<pipe::DrawRef> draws_;     // command processor -> tessellator
  pipe::Queue<pipe::DrawRef> tess_out_;  // tessellator -> input assembler
  pipe::Queue<pipe::VertexWarp> vertex_warps_;
  pipe::Queue<pipe::PrimitiveItem> primitives_;
  pipe::Queue<pipe::TriangleItem> triangles_;
  // rasterizer -> first extra stage -> ... -> shader cores: front() is pixel_warp_queue.
  std::vector<std::unique_ptr<PixelQueue>> pixel_queues_;
  pipe::Queue<pipe::PixelWarpPtr> shaded_warps_;
  rop::Rop rop_;
  shader::ShaderCluster shader_;
  tess::Tessellator tess_;
  ia::InputAssembler ia_;
  setup::SetupUnit setup_;
  raster::Rasterizer raster_;
  cp::CommandProcessor cp_;
  std::vector<std::unique_ptr<sim::Unit>> stages_;
  sim::ClockDriver driver_;

  // Written once: the units in pipeline (tick and stats) order, the queues in pipeline order.
  std::vector<sim::Unit*> units_;
  std::vector<sim::QueueBase*> queues_;
};

}  // namespace gfx::gpu
