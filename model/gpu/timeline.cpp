#include "gpu/timeline.h"

#include <algorithm>

#include "stats/json_writer.h"

namespace gfx::gpu {

namespace {

// Thread ids: the frames track, then the units, then the draw lanes.
constexpr int kFramesTid = 1;
constexpr int kFirstUnitTid = 2;
constexpr int kFirstDrawTid = 1000;

}  // namespace

Timeline::Timeline(std::vector<sim::Unit*> units, std::vector<sim::QueueBase*> queues,
                   std::function<uint64_t()> dram_bytes, double core_mhz, Cycle resolution)
    : queues_(std::move(queues)),
      queue_last_(queues_.size(), -1),
      dram_bytes_(std::move(dram_bytes)),
      core_mhz_(core_mhz),
      resolution_(resolution) {
  for (sim::Unit* u : units) units_.push_back({u});
  for (sim::QueueBase* q : queues_) counter_names_.push_back("queue " + q->name());
  counter_names_.push_back("DRAM bandwidth");
}

void Timeline::close_span(UnitTrack& t, int tid, Cycle end) {
  if (t.activity < 0 || end <= t.span_start) return;
  Span s{tid, sim::activity_name(sim::Activity(t.activity)), t.span_start, end, {}, ""};
  for (int a = 0; a < sim::kNumActivities; ++a)
    if (t.in_span[size_t(a)])
      s.numbers.push_back({std::string(sim::activity_name(sim::Activity(a))) + "_cycles",
                           t.in_span[size_t(a)]});
  spans_.push_back(std::move(s));
  t.in_span = {};
}

void Timeline::sample(Cycle boundary) {
  if (boundary <= last_boundary_) return;
  for (size_t i = 0; i < units_.size(); ++i) {
    UnitTrack& t = units_[i];
    std::array<uint64_t, sim::kNumActivities> delta{};
    int top = 0;
    for (int a = 0; a < sim::kNumActivities; ++a) {
      const uint64_t now = t.unit->cycles(sim::Activity(a));
      delta[size_t(a)] = now - t.last[size_t(a)];
      t.last[size_t(a)] = now;
      if (delta[size_t(a)] > delta[size_t(top)]) top = a;
    }
    if (top != t.activity) {
      close_span(t, kFirstUnitTid + int(i), last_boundary_);
      t.activity = top;
      t.span_start = last_boundary_;
    }
    for (int a = 0; a < sim::kNumActivities; ++a) t.in_span[size_t(a)] += delta[size_t(a)];
  }
  for (size_t q = 0; q < queues_.size(); ++q) {
    const int64_t n = queues_[q]->size();
    if (n != queue_last_[q]) counters_.push_back({int(q), boundary, double(n)});
    queue_last_[q] = n;
  }
  const uint64_t bytes = dram_bytes_();
  // bytes per microsecond of core time is MB/s; / 1000 is GB/s
  const double gbps = double(bytes - dram_last_) / us(boundary - last_boundary_) / 1000.0;
  if (gbps != dram_last_gbps_) counters_.push_back({int(queues_.size()), last_boundary_, gbps});
  dram_last_gbps_ = gbps;
  dram_last_ = bytes;
  last_boundary_ = boundary;
}

void Timeline::draw(uint64_t id, uint32_t frame, Cycle start, Cycle end, const std::string& where) {
  size_t lane = 0;
  while (lane < draw_lanes_.size() && draw_lanes_[lane] > start) ++lane;
  if (lane == draw_lanes_.size()) draw_lanes_.push_back(0);
  draw_lanes_[lane] = end;
  spans_.push_back({kFirstDrawTid + int(lane), "draw " + std::to_string(id), start, end,
                    {{"frame", frame}}, where});
}

void Timeline::frame(uint32_t frame, Cycle start, Cycle end) {
  spans_.push_back({kFramesTid, "frame " + std::to_string(frame), start, end, {}, ""});
}

std::string Timeline::finish(Cycle end, const std::string& title) {
  sample(end);
  for (size_t i = 0; i < units_.size(); ++i) close_span(units_[i], kFirstUnitTid + int(i), end);

  stats::JsonWriter w;
  w.begin_object();
  w.field("displayTimeUnit", "ns");
  w.key("traceEvents");
  w.begin_array();
  auto meta = [&](const char* what, int tid, const std::string& name, int sort) {
    w.begin_object(true);
    w.field("ph", "M");
    w.field("pid", 1);
    w.field("tid", tid);
    w.field("name", what);
    w.key("args");
    w.begin_object(true);
    if (std::string(what) == "thread_sort_index")
      w.field("sort_index", sort);
    else
      w.field("name", name);
    w.end_object();
    w.end_object();
  };
  meta("process_name", 0, title, 0);
  meta("thread_name", kFramesTid, "command processor: frames", 0);
  meta("thread_sort_index", kFramesTid, "", 0);
  for (size_t i = 0; i < units_.size(); ++i) {
    meta("thread_name", kFirstUnitTid + int(i), units_[i].unit->unit_name(), 0);
    meta("thread_sort_index", kFirstUnitTid + int(i), "", int(i) + 2);
  }
  for (size_t l = 0; l < draw_lanes_.size(); ++l) {
    meta("thread_name", kFirstDrawTid + int(l), "command processor: draws " + std::to_string(l), 0);
    meta("thread_sort_index", kFirstDrawTid + int(l), "", 1);
  }
  for (const Span& s : spans_) {
    w.begin_object(true);
    w.field("name", s.name);
    w.field("ph", "X");
    w.field("pid", 1);
    w.field("tid", s.tid);
    w.field("ts", us(s.start));
    w.field("dur", us(s.end - s.start));
    if (!s.numbers.empty() || !s.where.empty()) {
      w.key("args");
      w.begin_object(true);
      for (const auto& [k, v] : s.numbers) w.field(k, v);
      if (!s.where.empty()) w.field("where", s.where);
      w.end_object();
    }
    w.end_object();
  }
  for (const Counter& c : counters_) {
    const bool dram = size_t(c.track) == queues_.size();
    w.begin_object(true);
    w.field("name", counter_names_[size_t(c.track)]);
    w.field("ph", "C");
    w.field("pid", 1);
    w.field("ts", us(c.at));
    w.key("args");
    w.begin_object(true);
    w.field(dram ? "GB/s" : "occupancy", c.value);
    w.end_object();
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.str();
}

}  // namespace gfx::gpu
