// A fixed-bin histogram of non-negative integer samples (queue occupancy, latency in
// cycles, batch sizes). Bin i counts samples in [i*bin_width, (i+1)*bin_width); larger
// samples go to `overflow`. Owned by the unit that fills it, like a counter: add() is a
// few instructions and never allocates, so it can run every cycle.
// Left out: negative or floating-point samples, and adaptive bins (a run must be
// comparable with the next, so bins are fixed by the config).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gfx::stats {

struct Histogram {
  std::vector<uint64_t> bins;
  uint64_t overflow = 0;
  uint64_t bin_width = 1;
  uint64_t samples = 0;    // total weight added
  uint64_t sum = 0;        // sum of value * weight, for the mean
  uint64_t max_value = 0;  // largest value added with a non-zero weight

  Histogram() = default;
  // `bin_width` of 0 is taken as 1.
  explicit Histogram(size_t bin_count, uint64_t width = 1)
      : bins(bin_count, 0), bin_width(width ? width : 1) {}

  void add(uint64_t v, uint64_t weight = 1) {
    // The common width 1 skips the division.
    const uint64_t i = bin_width == 1 ? v : v / bin_width;
    if (i < bins.size())
      bins[i] += weight;
    else
      overflow += weight;
    samples += weight;
    sum += v * weight;
    if (weight && v > max_value) max_value = v;
  }

  double mean() const { return samples ? static_cast<double>(sum) / samples : 0.0; }
  void reset();  // zero every count, keep the bins
};

}  // namespace gfx::stats
