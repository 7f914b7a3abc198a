// The unified shader cluster: dispatches vertex warps (from the input assembler) and pixel
// warps (from the rasterizer) to whichever core has a free slot and enough registers,
// vertex work first so primitive assembly never starves behind pixels, executes each warp
// functionally at dispatch, lets the cores replay its timing, and hands results on:
// shaded vertices to the vertex store, shaded quads to the ROP. A draw whose program
// needs more registers per warp than a core has is refused when its first warp arrives.
#pragma once

#include <map>
#include <memory>
#include <vector>

#include <systemc>

#include "func/shader/warp.h"
#include "memory/memory_system.h"
#include "pipe/items.h"
#include "pipe/vertex_store.h"
#include "shader/shader_config.h"
#include "shader/shader_core.h"
#include "shader/texture_path.h"
#include "sim/queue.h"
#include "sim/unit.h"

namespace gfx::rop {
class Rop;
}

namespace gfx::shader {

class ShaderCluster : public sc_core::sc_module, public sim::Unit {
 public:
  ShaderCluster(sc_core::sc_module_name name, const ShaderConfig& cfg,
                sim::Queue<pipe::VertexWarp>& vertex_in, sim::Queue<pipe::PixelWarpPtr>& pixel_in,
                sim::Queue<pipe::PixelWarpPtr>& pixel_out, pipe::VertexStore& store, rop::Rop& rop,
                memory::MemorySystem& memory);

  Cycle next_wake(Cycle now) const override;
  bool has_work() const override;
  void settle_cores(Cycle now);
  void register_stats(stats::Group& g);

 protected:
  sim::Activity tick(Cycle now) override;

 private:
  bool dispatch(Cycle now);
  bool dispatch_vertex(Cycle now);
  bool dispatch_pixel(Cycle now);
  // Throws when a program of the draw can never be admitted (its warp needs more
  // registers than a core has); checked once per draw, when its first warp arrives.
  void check_fits(const func::DrawContext& d);
  ShaderCore* core_for(uint32_t registers, WarpSlot** slot);
  void complete(ShaderCore& core, WarpSlot& s, Cycle now);
  uint32_t registers_for(const func::Program& p) const;

  ShaderConfig cfg_;
  sim::Queue<pipe::VertexWarp>& vertex_in_;
  sim::Queue<pipe::PixelWarpPtr>& pixel_in_;
  sim::Queue<pipe::PixelWarpPtr>& pixel_out_;  // shaded warps towards the ROP
  pipe::VertexStore& store_;
  rop::Rop& rop_;
  std::vector<std::unique_ptr<ShaderCore>> cores_;
  TexturePath texture_path_;
  func::Warp scratch_;
  std::vector<func::ShadedVertex> shaded_;
  size_t next_core_ = 0;
  uint64_t checked_draw_ = ~uint64_t(0);  // id of the last draw check_fits passed
  // Finished pixel warps waiting for the ROP, by sequence number (API order).
  std::map<uint64_t, std::pair<ShaderCore*, WarpSlot*>> done_pixels_;

  uint64_t vertex_warps_ = 0, pixel_warps_ = 0, vertices_ = 0, pixels_ = 0;
  uint64_t no_slot_cycles_ = 0, output_blocked_ = 0, output_full_cycles_ = 0;
  bool slot_blocked_ = false;  // the last tick left input waiting for a free slot
  Cycle from_ = 0;             // first cycle not yet attributed to slot_blocked_
};

}  // namespace gfx::shader
