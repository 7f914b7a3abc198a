#include "gpu/intervals.h"

#include "common/error.h"
#include "stats/csv_writer.h"

namespace gfx::gpu {

IntervalWriter::IntervalWriter(std::string path, const stats::Group& root)
    : path_(std::move(path)), root_(root) {
  out_.open(path_, std::ios::binary);
  if (!out_) throw Error(path_ + ": cannot write");
}

void IntervalWriter::sample(Cycle boundary) {
  if (boundary <= start_) return;
  if (!counters_) {
    counters_ = std::make_unique<CounterTable>(root_);
    stats::CsvWriter w;
    for (const char* c : {"interval", "start_cycle", "end_cycle", "cycles"}) w.cell(c);
    for (const std::string& p : counters_->paths()) w.cell(p);
    w.end_row();
    out_ << w.str();
    last_.assign(counters_->paths().size(), 0);
  }
  counters_->read(now_);
  stats::CsvWriter w;
  w.cell(rows_++);
  w.cell(start_);
  w.cell(boundary);
  w.cell(boundary - start_);
  for (size_t i = 0; i < now_.size(); ++i) w.cell(now_[i] - last_[i]);
  w.end_row();
  out_ << w.str();
  std::swap(last_, now_);
  start_ = boundary;
}

void IntervalWriter::finish(Cycle end) {
  sample(end);
  out_.close();
  if (!out_) throw Error(path_ + ": cannot write");
}

}  // namespace gfx::gpu
