#include "stats/histogram.h"

#include <algorithm>

namespace gfx::stats {

void Histogram::reset() {
  std::fill(bins.begin(), bins.end(), 0);
  overflow = samples = sum = max_value = 0;
}

}  // namespace gfx::stats
