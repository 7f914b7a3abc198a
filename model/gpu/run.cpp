#include "gpu/run.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <new>
#include <optional>

#include "common/error.h"
#include "common/interrupt.h"
#include "common/sha256.h"
#include "config/config.h"
#include "driver/device.h"
#include "func/image/png.h"
#include "func/pipeline/renderer.h"
#include "func/rop/render_target.h"
#include "gpu/gpu.h"
#include "gpu/gpu_config.h"
#include "gpu/intervals.h"
#include "gpu/limiter.h"
#include "gpu/report.h"
#include "gpu/results_dir.h"
#include "gpu/timeline.h"
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
// A file written under a temporary name beside `path` and renamed to it by commit();
// removed if never committed (a failed or interrupted run).
class PendingFile {
 public:
  explicit PendingFile(std::string path)
      : path_(std::move(path)), tmp_(path_ + ".partial-" + std::to_string(getpid())) {}
  PendingFile(const PendingFile&) = delete;
  PendingFile& operator=(const PendingFile&) = delete;
  ~PendingFile() {
    if (!committed_) std::remove(tmp_.c_str());
  }
  void write(const std::string& text) {
    std::ofstream f(tmp_, std::ios::binary);
    f << text;
    f.close();
    if (!f) throw Error(path_ + ": cannot write (" + tmp_ + ")");
  }
  void commit() {
    if (std::rename(tmp_.c_str(), path_.c_str()) != 0)
      throw Error(path_ + ": cannot write (renaming " + tmp_ + " failed)");
    committed_ = true;
  }

 private:
  std::string path_, tmp_;
  bool committed_ = false;
};

// The optional time-resolved outputs of a timing run (--interval, --timeline).
struct TimeOutputs {
  std::unique_ptr<IntervalWriter> intervals;
  std::unique_ptr<Timeline> timeline;
};

// The DRAM's bytes read and written by every client so far, from the stats tree.
std::function<uint64_t()> dram_bytes_of(const stats::Group& root) {
  std::vector<const uint64_t*> counters;
  const stats::Group* g = root.find_child("memory");
  g = g ? g->find_child("dram") : nullptr;
  g = g ? g->find_child("clients") : nullptr;
  if (g)
    for (const auto& client : g->children())
      for (const stats::Stat& s : client->stats())
        if (s.kind == stats::Stat::Kind::Counter &&
            (s.name == "bytes_read" || s.name == "bytes_written"))
          counters.push_back(s.counter);
  return [counters] {
    uint64_t sum = 0;
    for (const uint64_t* c : counters) sum += *c;
    return sum;
  };
}

Cycle run_timing(const RunOptions& o, const GpuConfig& config, trace::Reader& reader,
                 ResultsDir& dir, Report& report, std::unique_ptr<driver::Device>& device_out,
                 std::unique_ptr<Gpu>& gpu, Cycle& run_cycles, TimeOutputs& out) {
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
  // The limiter of each draw (from its issue to the report of its retirement), frame and
  // of the run, from snapshots of the counters; draws retire in issue order.
  std::unique_ptr<Limiter> limiter;
  std::deque<Limiter::Snapshot> draw_starts;
  Limiter::Snapshot frame_start_snapshot, run_start_snapshot;
  cp::CommandProcessor::Hooks hooks;
  hooks.draw_issued = [&](const pipe::DrawState& d) {
    draw_starts.push_back(limiter->take(d.issued));
  };
  hooks.draw_done = [&](const pipe::DrawState& d) {
    const LimiterVerdict v =
        limiter->judge(draw_starts.front(), limiter->take(gpu->driver().now()));
    draw_starts.pop_front();
    report.draw(*d.ctx, d.counts, d.issued, d.completed, &v);
    if (out.timeline) out.timeline->draw(d.ctx->id, d.ctx->frame, d.issued, d.completed, d.ctx->where);
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
  limiter = std::make_unique<Limiter>(gpu->units(), report.stats_root());
  frame_start_snapshot = run_start_snapshot = limiter->take(0);
  if (o.interval) {
    out.intervals = std::make_unique<IntervalWriter>(dir.file("intervals.csv"), report.stats_root());
    gpu->driver().add_sampler(o.interval, [&](Cycle b) {
      gpu->settle(b);
      out.intervals->sample(b);
    });
  }
  if (!o.timeline.empty()) {
    out.timeline = std::make_unique<Timeline>(gpu->units(), gpu->queues(),
                                              dram_bytes_of(report.stats_root()),
                                              config.clock.core_mhz, o.timeline_resolution);
    gpu->driver().add_sampler(o.timeline_resolution, [&](Cycle b) {
      gpu->settle(b);
      out.timeline->sample(b);
    });
  }
  gpu->driver().set_end_of_cycle([&](Cycle) {
    if (!pending) return;
    // The last frame: the DRAM serves the writes still queued before its counters close,
    // so frames.csv adds up to stats.json (the frame's end does not wait for them).
    if (gpu->finished()) gpu->finish_memory();
    write_frame(dir, pending->frame, gpu->target());
    run_cycles = pending->end;
    gpu->settle(pending->end);
    Limiter::Snapshot end = limiter->take(pending->end);
    const LimiterVerdict v = limiter->judge(frame_start_snapshot, end);
    frame_start_snapshot = std::move(end);
    report.frame(pending->frame, frame_start, pending->end, &v);
    if (out.timeline) out.timeline->frame(pending->frame, frame_start, pending->end);
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
  report.set_run_limiter(limiter->judge(run_start_snapshot, limiter->take(run_cycles)));
  if (out.intervals) out.intervals->finish(run_cycles);
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
  TimeOutputs time_outputs;
  try {
    if (o.mode == Mode::Functional)
      run_functional(o, config, *reader, dir, report);
    else
      summary.cycles =
          run_timing(o, config, *reader, dir, report, device, gpu, run_cycles, time_outputs);
  } catch (const std::bad_alloc&) {  // the last resort below every limit: name the command
    throw Error(reader->where() +
                ": out of memory (std::bad_alloc) with the trace read up to "
                "here; lower the limits.* keys or free memory on the host");
  }

  summary.frames = report.frames();
  summary.draws = report.draws();
  summary.wall_seconds = std::chrono::duration<double>(Clock::now() - started).count();
  summary.peak_rss_kib = peak_rss_kib();
  std::map<std::string, std::string> meta = {
      {"trace", o.trace},
      {"config", o.config.empty() ? "(defaults)" : o.config},
      {"mode", o.mode == Mode::Timing ? "timing" : "functional"}};
  std::string overrides;
  for (const cfg::Override& v : o.overrides)
    overrides += (overrides.empty() ? "" : "; ") + v.path + "=" + v.value;
  if (!overrides.empty()) meta["overrides"] = overrides;
  dir.write_text("config.yaml", cfg::dump_resolved_yaml(config, meta));
  report.finish(summary, o,
                {config.name, sha256_hex(cfg::dump_values_yaml(config)), sha256_file_hex(o.trace)});
  // The timeline lies outside the results folder: written beside its final name first and
  // renamed only once the results folder is in place, so a failed run leaves neither.
  std::optional<PendingFile> timeline;
  if (time_outputs.timeline) {
    timeline.emplace(o.timeline);
    timeline->write(time_outputs.timeline->finish(run_cycles, "gfxsim " + reader->header().name));
  }
  dir.commit();
  if (timeline) timeline->commit();
  return summary;
}

}  // namespace gfx::gpu
