#include "gpu/gpu.h"

#include <algorithm>

#include "common/error.h"

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

// The command processor's view of the driver layer.
pipe::CommandPort command_port(driver::Device& device) {
  return [&device](const trace::Command& c, const std::string& where) {
    pipe::Executed x;
    switch (device.apply(c, where)) {
      case driver::Device::Action::None: break;
      case driver::Device::Action::Draw:
        x.kind = pipe::Executed::Kind::Draw;
        x.draw = device.last_draw();
        break;
      case driver::Device::Action::Clear:
        x.kind = pipe::Executed::Kind::Clear;
        x.clear = std::make_shared<const func::ClearOp>(device.last_clear());
        break;
      case driver::Device::Action::Present:
        x.kind = pipe::Executed::Kind::Present;
        x.frame = device.frame() - 1;
        break;
      case driver::Device::Action::Drain:
        x.kind =
            pipe::Executed::Kind::Drain;  // the command processor waits for the draws to retire
        break;
    }
    return x;
  };
}
}  // namespace

std::vector<std::unique_ptr<Gpu::PixelQueue>> Gpu::make_stage_queues(const GpuConfig& cfg,
                                                                     const Wiring& wiring) {
  std::vector<std::unique_ptr<PixelQueue>> q;
  // The rasterizer's output keeps its name; each stage's output queue has the name the stage
  // gives it, and the last one is the shader cores' input.
  q.push_back(std::make_unique<PixelQueue>("pixel_warp_queue", cfg.raster.pixel_warp_queue));
  for (const PixelStage& s : wiring.after_raster) {
    const std::string where = "gpu wiring: the extra stage behind '" + q.back()->name() + "'";
    if (!s.make) throw Error(where + " has no factory");
    if (s.queue_name.empty()) throw Error(where + " gives its output queue no name");
    q.push_back(std::make_unique<PixelQueue>(s.queue_name, s.queue));
  }
  return q;
}

Wiring Gpu::with_product_stages(const Wiring& extra) {
  Wiring w;
  if (cfg_.early_z.enable) {
    PixelStage s;
    s.queue_name = "early_z_queue";
    s.queue = cfg_.early_z.output_queue;
    // Called from the constructor's body, when the ROP exists.
    s.make = [this](PixelQueue& in, PixelQueue& out) -> std::unique_ptr<sim::Unit> {
      return std::make_unique<early_z::EarlyZ>("early_z", cfg_.early_z, in, out, depth_port());
    };
    w.after_raster.push_back(std::move(s));
  }
  for (const PixelStage& s : extra.after_raster) w.after_raster.push_back(s);
  return w;
}

pipe::DepthPort Gpu::depth_port() {
  pipe::DepthPort p;
  p.target = &rop_.target();
  p.z_cache = &rop_.z_cache();
  p.lines = [this](const func::DrawContext& d, int x, int y, Addr* out) {
    return rop_.depth_lines(d, x, y, out);
  };
  p.retired = &retired_;
  p.hiz = hiz_.get();
  p.hiz_quads_per_cycle = cfg_.hiz.quads_per_cycle;
  return p;
}

Gpu::Gpu(sc_core::sc_module_name name, const GpuConfig& cfg, trace::Reader& reader,
         driver::Device& device, cp::CommandProcessor::Hooks hooks, const Wiring& wiring)
    : sc_core::sc_module(name),
      cfg_(cfg),
      hiz_(cfg.hiz.enable ? std::make_unique<func::HiZ>(cfg.hiz.tile_pixels, cfg.hiz.capacity_tiles)
                          : nullptr),
      wiring_(with_product_stages(wiring)),
      memory_("memory", cfg.memory, cfg.clock.core_mhz),
      store_(cfg.ia.vertex_store_entries),
      reorder_(cfg.rop.reorder_warps),
      draws_("draw_queue", cfg.cp.draw_queue),
      tess_out_("tessellator_queue", cfg.tess.output_queue),
      vertex_warps_("vertex_warp_queue", cfg.shader.vertex_warp_queue),
      primitives_("primitive_queue", cfg.ia.primitive_queue),
      triangles_("triangle_queue", cfg.setup.triangle_queue),
      pixel_queues_(make_stage_queues(cfg, wiring_)),
      shaded_warps_("shaded_warp_queue", cfg.rop.input_queue),
      rop_("rop", cfg.rop, reader.header().width, reader.header().height, shaded_warps_, reorder_,
           retired_, memory_),
      shader_("shader", cfg.shader, vertex_warps_, *pixel_queues_.back(), shaded_warps_, store_,
              reorder_, memory_),
      tess_("tess", cfg.tess, draws_, tess_out_, memory_),
      ia_("ia", cfg.ia, cfg.shader.warp_width, tess_out_, vertex_warps_, primitives_, store_,
          memory_),
      setup_("setup", cfg.setup, primitives_, triangles_, store_),
      raster_("raster", cfg.raster, cfg.shader.warp_width, triangles_, *pixel_queues_.front()),
      cp_("cp", cfg.cp, reader, command_port(device), draws_, retired_, memory_, std::move(hooks)),
      driver_("clock", cfg.clock.core_mhz) {
  rop_.set_hiz(hiz_.get());  // the ROP's depth writes and Clears keep Hi-Z's bounds
  for (size_t i = 0; i < wiring_.after_raster.size(); ++i) {
    stages_.push_back(wiring_.after_raster[i].make(*pixel_queues_[i], *pixel_queues_[i + 1]));
    if (!stages_.back())
      throw Error("gpu wiring: the factory of the extra stage before '" +
                  pixel_queues_[i + 1]->name() + "' made no unit");
  }

  // Pipeline order: a queue's latency is at least one cycle, so the order only decides
  // who sees a freed slot first, never what a unit sees of the current cycle's pushes.
  // The same order names the units' stats groups in stats.json.
  units_ = {&cp_, &tess_, &ia_, &shader_, &setup_, &raster_};
  for (auto& s : stages_) units_.push_back(s.get());
  units_.push_back(&rop_);
  queues_ = {&draws_, &tess_out_, &vertex_warps_, &primitives_, &triangles_};
  for (auto& q : pixel_queues_) queues_.push_back(q.get());
  queues_.push_back(&shaded_warps_);
  // Queue names are stats group names under stats.queues (an extra stage names its own).
  for (size_t i = 0; i < queues_.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (queues_[i]->name() == queues_[j]->name())
        throw Error("gpu wiring: two queues are named '" + queues_[i]->name() + "'");

  rop_.set_depth_format(reader.header().depth_format);
  rop_.set_sample_count(std::max(reader.header().sample_count, 1u));
  for (sim::Unit* u : units_) driver_.add(u);
  for (sim::QueueBase* q : queues_) driver_.watch(*q);
  driver_.set_done([this] { return finished(); });
  driver_.set_watchdog(cfg.clock.watchdog_cycles);
  driver_.set_in_flight([this] { return describe(cp_.in_flight()); });
  driver_.set_memory_busy_until([this] { return memory_.dram().busy_until(); });
}

bool Gpu::finished() const { return cp_.finished(); }

void Gpu::settle(Cycle end) {
  for (sim::Unit* u : units_) u->settle(end);
  for (sim::QueueBase* q : queues_) q->settle(end);
}

void Gpu::register_stats(stats::Group& g, const Cycle* run_cycles) {
  for (sim::Unit* u : units_) u->register_stats(g.child(u->unit_name(), u->stats_description()));
  memory_.register_stats(g.child("memory", "L2 and DRAM"), run_cycles);
  stats::Group& q = g.child("queues", "queues between the units");
  for (sim::QueueBase* queue : queues_) queue->register_stats(q);
}

}  // namespace gfx::gpu
