#include "gpu/run.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <new>
#include <optional>

#include "common/error.h"
#include "common/interrupt.h"
#include "config/config.h"
#include "driver/device.h"
#include "func/image/png.h"
#include "func/pipeline/renderer.h"
#include "func/rop/render_target.h"
#include "gpu/gpu.h"
#include "gpu/gpu_config.h"
#include "gpu/report.h"
#include "gpu/results_dir.h"
#include "trace/reader.h"

namespace gfx::gpu {

namespace {

using Clock = std::chrono::steady_clock;

uint64_t peak_rss_kib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::stoull(line.substr(6));
  return 0;
}

std::string frame_file(uint32_t frame) {
  char name[32];
  std::snprintf(name, sizeof name, "frames/frame_%04u.png", frame);
  return name;
}

void write_frame(const ResultsDir& dir, uint32_t frame, const func::RenderTarget& rt) {
  // A multisampled back buffer is resolved (box average of its samples) at Present.
  func::write_png(dir.file(frame_file(frame)), rt.width, rt.height, rt.resolve().data());
}

GpuConfig load(const RunOptions& o) {
  return cfg::load_config<GpuConfig>(o.config, o.overrides, o.config_dirs);
}

// Functional mode: the driver and the functional renderer, no time.
void run_functional(const RunOptions& o, const GpuConfig& config, trace::Reader& reader,
                    ResultsDir& dir, Report& report) {
  driver::Device device(reader.header());
  device.set_patch_caps(config.tess.caps());
  device.set_limits(config.limits);
  func::FunctionalRenderer renderer(reader.header().width, reader.header().height);
  renderer.target().set_depth_format(reader.header().depth_format);
  renderer.set_early_z(config.early_z.enable);
  renderer.target().set_samples(std::max(reader.header().sample_count, 1u));
  trace::Command cmd;
  while (reader.next(cmd)) {
    throw_if_interrupted();
    switch (device.apply(cmd, reader.where())) {
      case driver::Device::Action::None: break;
      case driver::Device::Action::Drain: break;  // draws already run one after another
      case driver::Device::Action::Draw: {
        const auto d = device.last_draw();
        report.draw(*d, renderer.draw(*d), 0, 0);
        break;
      }
      case driver::Device::Action::Clear: {
        const driver::ClearOp& c = device.last_clear();
        func::clear(renderer.target(), c);
        break;
      }
      case driver::Device::Action::Present:
        write_frame(dir, device.frame() - 1, renderer.target());
        report.frame(device.frame() - 1, 0, 0);
        if (o.progress) std::fprintf(stderr, "\r[gfxsim] frame %u done", device.frame());
        break;
    }
  }
  if (o.progress) std::fprintf(stderr, "\n");
}

// Timing mode: the SystemC model. SystemC elaborates once per process.
// The stats registry points into the Gpu, so the caller keeps `gpu` (and `device`) alive
// until the report is written.
Cycle run_timing(const RunOptions& o, const GpuConfig& config, trace::Reader& reader,
                 ResultsDir& dir, Report& report, std::unique_ptr<driver::Device>& device_out,
                 std::unique_ptr<Gpu>& gpu, Cycle& run_cycles) {
  device_out = std::make_unique<driver::Device>(reader.header());
  driver::Device& device = *device_out;
  device.set_patch_caps(config.tess.caps());
  device.set_limits(config.limits);
  Cycle frame_start = 0;
  // A frame's statistics are closed at the end of the cycle it ended in, once every unit
  // has stepped through that cycle.
  struct PendingFrame {
    uint32_t frame;
    Cycle end;
  };
  std::optional<PendingFrame> pending;
  cp::CommandProcessor::Hooks hooks;
  hooks.draw_done = [&](const pipe::DrawState& d) {
    report.draw(*d.ctx, d.counts, d.issued, d.completed);
  };
  hooks.frame_done = [&](uint32_t frame, Cycle end) { pending = PendingFrame{frame, end}; };
  const memory::DramConfig& dram = config.memory.dram;
  if (dram.model == "tlm" && dram.tlm_plugin.empty() && !o.bind_dram_target)
    throw Error(
        "memory.dram.model is tlm but no target serves the DRAM requests: set "
        "memory.dram.tlm_plugin to a plugin's path, or bind a TLM-2.0 target to the socket "
        "from your own sc_main (gpu::RunOptions::bind_dram_target, docs/units/memory.md)");
  if (o.bind_dram_target && (dram.model != "tlm" || !dram.tlm_plugin.empty()))
    throw Error("gpu::RunOptions::bind_dram_target is set, but memory.dram.model is " +
                dram.model + (dram.tlm_plugin.empty() ? "" : " with a tlm_plugin") +
                ": the socket is bound only with model tlm and no plugin");
  gpu = std::make_unique<Gpu>("gpu", config, reader, device, std::move(hooks), o.wiring);
  if (o.bind_dram_target) o.bind_dram_target(*gpu->dram_tlm());
  gpu->register_stats(report.stats_root(), &run_cycles);
  gpu->driver().set_end_of_cycle([&](Cycle) {
    if (!pending) return;
    // The last frame: the DRAM serves the writes still queued before its counters close,
    // so frames.csv adds up to stats.json (the frame's end does not wait for them).
    if (gpu->finished()) gpu->finish_memory();
    write_frame(dir, pending->frame, gpu->target());
    run_cycles = pending->end;
    gpu->settle(pending->end);
    report.frame(pending->frame, frame_start, pending->end);
    frame_start = pending->end;
    pending.reset();
  });
  const auto started = Clock::now();
  if (o.progress)
    gpu->driver().set_progress(1000000, [&](Cycle c) {
      const double s = std::chrono::duration<double>(Clock::now() - started).count();
      std::fprintf(stderr, "\r[gfxsim] cycle %.1fM, frame %u, %.0fk cycles/s   ", double(c) / 1e6,
                   device.frame(), s > 0 ? double(c) / s / 1e3 : 0.0);
    });
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  sc_core::sc_start();
  if (o.progress) std::fprintf(stderr, "\n");
  if (auto failure = gpu->driver().failure()) std::rethrow_exception(failure);
  run_cycles = gpu->driver().now() + 1;
  gpu->finish_memory();  // a trace that does not end with a Present
  gpu->settle(run_cycles);
  return run_cycles;
}

}  // namespace

RunSummary run(const RunOptions& o) {
  const auto started = Clock::now();
  const GpuConfig config = load(o);
  auto reader = trace::Reader::open(o.trace, config.limits);
  ResultsDir dir(o.out, o.force);
  Report report(dir, o.mode, reader->header());

  RunSummary summary;
  std::unique_ptr<driver::Device> device;
  std::unique_ptr<Gpu> gpu;
  Cycle run_cycles = 0;
  try {
    if (o.mode == Mode::Functional)
      run_functional(o, config, *reader, dir, report);
    else
      summary.cycles = run_timing(o, config, *reader, dir, report, device, gpu, run_cycles);
  } catch (const std::bad_alloc&) {  // the last resort below every limit: name the command
    throw Error(reader->where() +
                ": out of memory (std::bad_alloc) with the trace read up to "
                "here; lower the limits.* keys or free memory on the host");
  }

  summary.frames = report.frames();
  summary.draws = report.draws();
  summary.wall_seconds = std::chrono::duration<double>(Clock::now() - started).count();
  summary.peak_rss_kib = peak_rss_kib();
  const std::map<std::string, std::string> meta = {
      {"trace", o.trace},
      {"config", o.config.empty() ? "(defaults)" : o.config},
      {"mode", o.mode == Mode::Timing ? "timing" : "functional"}};
  dir.write_text("config.yaml", cfg::dump_resolved_yaml(config, meta));
  report.finish(summary, o, config.name);
  dir.commit();
  return summary;
}

}  // namespace gfx::gpu
