#include "gpu/report.h"

#include "common/error.h"
#include "common/version.h"
#include "stats/csv_writer.h"
#include "stats/json_writer.h"

namespace gfx::gpu {

namespace {

void collect(const stats::Group& g, const std::string& prefix, std::map<std::string, uint64_t>& out) {
  for (const stats::Stat& s : g.stats())
    if (s.kind == stats::Stat::Kind::Counter) out[prefix + s.name] = *s.counter;
  for (const auto& c : g.children()) collect(*c, prefix + c->name() + ".", out);
}

const char* kDrawColumns[] = {"frame", "draw", "call", "topology", "instances", "indices",
                              "vertices_shaded", "primitives", "triangles", "quads",
                              "pixels_shaded", "pixels_written", "out_of_bounds_reads",
                              "start_cycle", "end_cycle", "cycles", "where"};

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

std::map<std::string, uint64_t> Report::counters() const {
  std::map<std::string, uint64_t> out;
  collect(root_, "", out);
  return out;
}

void Report::draw(const func::DrawContext& d, const func::DrawCounts& c, Cycle start, Cycle end) {
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
  w.cell(d.where);
  w.end_row();
  draws_csv_ << w.str();
  if (c.out_of_bounds)
    std::fprintf(stderr, "gfxsim: warning: %s: draw %llu read %llu index or vertex values past the end "
                 "of their buffers (they read as zero)\n", d.where.c_str(),
                 (unsigned long long)d.id, (unsigned long long)c.out_of_bounds);
  ++draws_;
  ++frame_draws_;
}

void Report::frame(uint32_t frame, Cycle start, Cycle end) {
  FrameRecord r{frame, start, end, frame_draws_, {}};
  frame_draws_ = 0;
  if (mode_ == Mode::Timing) {
    auto now = counters();
    for (const auto& [k, v] : now) {
      const auto it = last_counters_.find(k);
      const uint64_t d = v - (it == last_counters_.end() ? 0 : it->second);
      if (d) r.counters[k] = d;
    }
    last_counters_ = std::move(now);
  }
  frames_.push_back(std::move(r));
}

void Report::finish(const RunSummary& s, const RunOptions& o, const std::string& config_name) {
  draws_csv_.close();
  if (!draws_csv_) throw Error(dir_.file("draws.csv") + ": cannot write");
  const bool timing = mode_ == Mode::Timing;
  stats::JsonWriter w;
  w.begin_object();
  w.key("gfxsim");
  w.begin_object(true);
  w.field("version", version());
  w.field("git", git_revision());
  w.end_object();
  w.key("run");
  w.begin_object();
  w.field("mode", timing ? "timing" : "functional");
  w.field("trace", o.trace);
  w.field("trace_name", header_.name);
  w.field("config", config_name);
  w.field("width", uint64_t(header_.width));
  w.field("height", uint64_t(header_.height));
  w.field("frames", uint64_t(s.frames));
  w.field("draws", s.draws);
  if (timing) {
    w.field("cycles", s.cycles);
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
    w.field("png", "frames/frame_" + std::string(4 - std::min<size_t>(4, std::to_string(f.frame).size()), '0') +
                       std::to_string(f.frame) + ".png");
    if (timing) {
      w.field("start_cycle", f.start);
      w.field("end_cycle", f.end);
      w.field("cycles", f.end - f.start);
      w.key("counters");
      w.begin_object();
      for (const auto& [k, v] : f.counters) w.field(k, v);
      w.end_object();
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
