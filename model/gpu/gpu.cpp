#include "gpu/gpu.h"

namespace gfx::gpu {

namespace {
// "draw 3 (draw_indexed_primitive, scene.gfxt: command 812)", oldest first.
std::string describe(const std::deque<pipe::DrawRef>& draws) {
  std::string out;
  for (const pipe::DrawRef& d : draws)
    out += (out.empty() ? "" : ", ") + ("draw " + std::to_string(d->ctx->id) + " (" + d->ctx->call +
                                        ", " + d->ctx->where + ")");
  return out;
}
}  // namespace

Gpu::Gpu(sc_core::sc_module_name name, const GpuConfig& cfg, trace::Reader& reader,
         driver::Device& device, cp::CommandProcessor::Hooks hooks)
    : sc_core::sc_module(name),
      cfg_(cfg),
      memory_("memory", cfg.memory, cfg.clock.core_mhz),
      store_(cfg.ia.vertex_store_entries),
      draws_("draw_queue", cfg.cp.draw_queue),
      tess_out_("tessellator_queue", cfg.tess.output_queue),
      vertex_warps_("vertex_warp_queue", cfg.shader.vertex_warp_queue),
      primitives_("primitive_queue", cfg.ia.primitive_queue),
      triangles_("triangle_queue", cfg.setup.triangle_queue),
      pixel_warps_("pixel_warp_queue", cfg.raster.pixel_warp_queue),
      shaded_warps_("shaded_warp_queue", cfg.rop.input_queue),
      rop_("rop", cfg.rop, reader.header().width, reader.header().height, shaded_warps_, memory_),
      shader_("shader", cfg.shader, vertex_warps_, pixel_warps_, shaded_warps_, store_, rop_, memory_),
      tess_("tess", cfg.tess, draws_, tess_out_, memory_),
      ia_("ia", cfg.ia, cfg.shader.warp_width, tess_out_, vertex_warps_, primitives_, store_, memory_),
      setup_("setup", cfg.setup, primitives_, triangles_, store_),
      raster_("raster", cfg.raster, cfg.shader.warp_width, triangles_, pixel_warps_),
      cp_("cp", cfg.cp, reader, device, draws_, rop_, memory_, std::move(hooks)),
      driver_("clock", cfg.clock.core_mhz) {
  // Pipeline order: a queue's latency is at least one cycle, so the order only decides
  // who sees a freed slot first, never what a unit sees of the current cycle's pushes.
  driver_.add(&cp_);
  driver_.add(&tess_);
  driver_.add(&ia_);
  driver_.add(&shader_);
  driver_.add(&setup_);
  driver_.add(&raster_);
  driver_.add(&rop_);
  driver_.set_done([this] { return finished(); });
  driver_.set_watchdog(cfg.clock.watchdog_cycles);
  driver_.set_in_flight([this] { return describe(cp_.in_flight()); });
  driver_.set_memory_busy_until([this] { return memory_.dram().busy_until(); });
  driver_.watch(draws_);
  driver_.watch(tess_out_);
  driver_.watch(vertex_warps_);
  driver_.watch(primitives_);
  driver_.watch(triangles_);
  driver_.watch(pixel_warps_);
  driver_.watch(shaded_warps_);
}

bool Gpu::finished() const { return cp_.finished(); }

void Gpu::settle(Cycle end) {
  for (sim::Unit* u : std::initializer_list<sim::Unit*>{&cp_, &tess_, &ia_, &shader_, &setup_, &raster_, &rop_})
    u->settle(end);
  shader_.settle_cores(end);
  draws_.settle(end);
  tess_out_.settle(end);
  vertex_warps_.settle(end);
  primitives_.settle(end);
  triangles_.settle(end);
  pixel_warps_.settle(end);
  shaded_warps_.settle(end);
}

void Gpu::register_stats(stats::Group& g, const Cycle* run_cycles) {
  cp_.register_stats(g.child("cp", "command processor"));
  tess_.register_stats(g.child("tess", "tessellator (N-patches, RT patches)"));
  ia_.register_stats(g.child("ia", "input assembler"));
  shader_.register_stats(g.child("shader", "unified shader cores"));
  setup_.register_stats(g.child("setup", "clip, cull and triangle setup"));
  raster_.register_stats(g.child("raster", "rasterizer"));
  rop_.register_stats(g.child("rop", "render output unit"));
  memory_.register_stats(g.child("memory", "L2 and DRAM"), run_cycles);
  stats::Group& q = g.child("queues", "queues between the units");
  draws_.register_stats(q);
  tess_out_.register_stats(q);
  vertex_warps_.register_stats(q);
  primitives_.register_stats(q);
  triangles_.register_stats(q);
  pixel_warps_.register_stats(q);
  shaded_warps_.register_stats(q);
}

}  // namespace gfx::gpu
