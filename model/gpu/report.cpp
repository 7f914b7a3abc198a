#include "gpu/report.h"

#include "common/error.h"
#include "common/version.h"
#include "stats/csv_writer.h"
#include "stats/json_writer.h"

namespace gfx::gpu {

namespace {

// clang-format off
const char* kDrawColumns[] = {"frame", "draw", "call", "topology", "instances", "indices",
                              "vertices_shaded", "primitives", "triangles", "quads",
                              "pixels_shaded", "pixels_written", "out_of_bounds_reads",
                              "start_cycle", "end_cycle", "cycles", "limiter",
                              "limiter_share", "limiter_reason", "where"};
// clang-format on

}  // namespace

Report::Report(ResultsDir& dir, Mode mode, const trace::Header& header)
    : dir_(dir), mode_(mode), header_(header) {
  draws_csv_.open(dir_.file("draws.csv"), std::ios::binary);
  if (!draws_csv_) throw Error(dir_.file("draws.csv") + ": cannot write");
  stats::CsvWriter w;
  for (const char* c : kDrawColumns) w.cell(c);
  w.end_row();
  draws_csv_ << w.str();
}

namespace {

// The limiter columns: empty in functional mode.
void limiter_cells(stats::CsvWriter& w, const LimiterVerdict* v) {
  if (!v) {
    w.cell("");
    w.cell("");
    w.cell("");
    return;
  }
  w.cell(v->limiter);
  w.cell(v->share);
  w.cell(v->reason);
}

}  // namespace

void Report::draw(const func::DrawContext& d, const func::DrawCounts& c, Cycle start, Cycle end,
                  const LimiterVerdict* limiter) {
  stats::CsvWriter w;
  w.cell(uint64_t(d.frame));
  w.cell(d.id);
  w.cell(d.call);
  w.cell(std::string(api::to_name(d.topology)));
  w.cell(uint64_t(d.instance_count));
  w.cell(c.indices);
  w.cell(c.vertices_shaded);
  w.cell(c.primitives);
  w.cell(c.triangles);
  w.cell(c.quads);
  w.cell(c.pixels_shaded);
  w.cell(c.pixels_written);
  w.cell(c.out_of_bounds);
  if (mode_ == Mode::Timing) {
    w.cell(start);
    w.cell(end);
    w.cell(end - start);
  } else {
    w.cell("");
    w.cell("");
    w.cell("");
  }
  limiter_cells(w, limiter);
  w.cell(d.where);
  w.end_row();
  draws_csv_ << w.str();
  if (c.out_of_bounds)
    std::fprintf(stderr,
                 "gfxsim: warning: %s: draw %llu read %llu index or vertex values past the end "
                 "of their buffers (they read as zero)\n",
                 d.where.c_str(), (unsigned long long)d.id, (unsigned long long)c.out_of_bounds);
  ++draws_;
  ++frame_draws_;
}

void Report::frame(uint32_t frame, Cycle start, Cycle end, const LimiterVerdict* limiter) {
  frames_.push_back({frame, start, end, frame_draws_});
  frame_draws_ = 0;
  if (mode_ != Mode::Timing) return;
  if (!frames_csv_.is_open()) {  // the registry is complete once the run has started
    counters_ = std::make_unique<CounterTable>(root_);
    frames_csv_.open(dir_.file("frames.csv"), std::ios::binary);
    stats::CsvWriter w;
    for (const char* c : {"frame", "start_cycle", "end_cycle", "cycles", "draws", "limiter",
                          "limiter_share", "limiter_reason"})
      w.cell(c);
    for (const std::string& p : counters_->paths()) w.cell(p);
    w.end_row();
    frames_csv_ << w.str();
    last_counters_.assign(counters_->paths().size(), 0);
  }
  counters_->read(now_counters_);
  stats::CsvWriter w;
  w.cell(uint64_t(frame));
  w.cell(start);
  w.cell(end);
  w.cell(end - start);
  w.cell(frames_.back().draws);
  limiter_cells(w, limiter);
  for (size_t i = 0; i < now_counters_.size(); ++i) w.cell(now_counters_[i] - last_counters_[i]);
  w.end_row();
  frames_csv_ << w.str();
  std::swap(last_counters_, now_counters_);
}

void Report::finish(const RunSummary& s, const RunOptions& o, const Provenance& p) {
  draws_csv_.close();
  if (!draws_csv_) throw Error(dir_.file("draws.csv") + ": cannot write");
  if (frames_csv_.is_open()) {
    frames_csv_.close();
    if (!frames_csv_) throw Error(dir_.file("frames.csv") + ": cannot write");
  }
  const bool timing = mode_ == Mode::Timing;
  stats::JsonWriter w;
  w.begin_object();
  w.key("gfxsim");
  w.begin_object(true);
  w.field("version", version());
  w.field("git", git_revision());
  w.field("stats_schema", kStatsSchema);
  w.end_object();
  w.key("run");
  w.begin_object();
  w.field("mode", timing ? "timing" : "functional");
  w.field("trace", o.trace);
  w.field("trace_name", header_.name);
  w.field("config", p.config_name);
  w.key("overrides");  // every --set, in order, as given
  w.begin_array(true);
  for (const cfg::Override& v : o.overrides) w.value(v.path + "=" + v.value);
  w.end_array();
  w.field("config_sha256", p.config_sha256);
  w.field("trace_sha256", p.trace_sha256);
  w.field("width", uint64_t(header_.width));
  w.field("height", uint64_t(header_.height));
  w.field("frames", uint64_t(s.frames));
  w.field("draws", s.draws);
  if (timing) {
    w.field("cycles", s.cycles);
    if (run_limiter_) {
      w.field("limiter", run_limiter_->limiter);
      w.field("limiter_share", run_limiter_->share);
      w.field("limiter_reason", run_limiter_->reason);
    }
    w.field("sim_cycles_per_second", s.wall_seconds > 0 ? double(s.cycles) / s.wall_seconds : 0.0);
  }
  w.field("wall_seconds", s.wall_seconds);
  w.field("peak_rss_kib", s.peak_rss_kib);
  w.end_object();
  w.key("frames");
  w.begin_array();
  for (const FrameRecord& f : frames_) {
    w.begin_object();
    w.field("frame", uint64_t(f.frame));
    w.field("draws", f.draws);
    w.field("png", "frames/frame_" +
                       std::string(4 - std::min<size_t>(4, std::to_string(f.frame).size()), '0') +
                       std::to_string(f.frame) + ".png");
    if (timing) {
      w.field("start_cycle", f.start);
      w.field("end_cycle", f.end);
      w.field("cycles", f.end - f.start);
    }
    w.end_object();
  }
  w.end_array();
  if (timing) {
    w.key("stats");
    root_.write_json(w, false);
  }
  w.end_object();
  dir_.write_text("stats.json", w.str());
}

}  // namespace gfx::gpu
