#include "rop/tile_model.h"

#include <algorithm>

#include "common/error.h"

namespace gfx::rop {

namespace {

uint32_t ceil_div(uint64_t a, uint64_t b) { return uint32_t((a + b - 1) / b); }

bool same_aux(const TilePixels& t) {
  return std::all_of(t.aux, t.aux + t.count(), [&](uint32_t a) { return a == t.aux[0]; });
}

bool one_value(const TilePixels& t) {
  return same_aux(t) &&
         std::all_of(t.value, t.value + t.count(), [&](uint64_t v) { return v == t.value[0]; });
}

class Uniform : public TileModel {
 public:
  explicit Uniform(uint32_t ratio) : ratio_(ratio) {}
  uint32_t packed_bytes(const TilePixels& t, uint32_t tile_bytes) const override {
    return one_value(t) ? ceil_div(tile_bytes / uint32_t(t.samples), ratio_) : 0;
  }

 private:
  uint32_t ratio_;
};

class Samples : public TileModel {
 public:
  Samples(uint32_t ratio, uint32_t flag_bits) : ratio_(ratio), flag_bits_(flag_bits) {}
  uint32_t packed_bytes(const TilePixels& t, uint32_t tile_bytes) const override {
    const uint32_t sample_bytes = tile_bytes / (16 * uint32_t(t.samples));
    if (one_value(t)) return ceil_div(16 * sample_bytes, ratio_);
    // Pixels past the surface's edge hold nothing: one colour each, like an equal pixel.
    uint64_t colours = 16 - uint64_t(t.w * t.h);
    for (int p = 0; p < t.w * t.h; ++p) {
      const uint64_t* v = t.value + p * t.samples;
      colours += std::all_of(v, v + t.samples, [&](uint64_t s) { return s == v[0]; })
                     ? 1
                     : uint64_t(t.samples);
    }
    const uint32_t bytes = ceil_div(colours * sample_bytes * 8 + 16 * uint64_t(flag_bits_), 8);
    return bytes < tile_bytes ? bytes : 0;
  }

 private:
  uint32_t ratio_, flag_bits_;
};

class Plane : public TileModel {
 public:
  explicit Plane(uint32_t ratio) : ratio_(ratio) {}
  uint32_t packed_bytes(const TilePixels& t, uint32_t tile_bytes) const override {
    return one_plane(t) ? ceil_div(tile_bytes / uint32_t(t.samples), ratio_) : 0;
  }

 private:
  static bool one_plane(const TilePixels& t) {
    if (!same_aux(t)) return false;
    auto small = [](int64_t d) { return d >= -1 && d <= 1; };
    for (int s = 0; s < t.samples; ++s) {
      auto v = [&](int x, int y) { return int64_t(t.at(x, y, s)); };
      for (int y = 0; y < t.h; ++y)
        for (int x = 0; x < t.w; ++x) {
          if (x >= 2 && !small(v(x, y) - 2 * v(x - 1, y) + v(x - 2, y))) return false;
          if (y >= 2 && !small(v(x, y) - 2 * v(x, y - 1) + v(x, y - 2))) return false;
          if (x >= 1 && y >= 1 && !small(v(x, y) - v(x - 1, y) - v(x, y - 1) + v(x - 1, y - 1)))
            return false;
        }
      if (s == 0) continue;
      // The same plane at another offset: z_s - z_0 is one constant up to rounding.
      int64_t lo = INT64_MAX, hi = INT64_MIN;
      for (int y = 0; y < t.h; ++y)
        for (int x = 0; x < t.w; ++x) {
          const int64_t d = int64_t(t.at(x, y, s)) - int64_t(t.at(x, y, 0));
          lo = std::min(lo, d);
          hi = std::max(hi, d);
        }
      if (hi - lo > 1) return false;
    }
    return true;
  }
  uint32_t ratio_;
};

class MinMax : public TileModel {
 public:
  MinMax(uint32_t ratio, uint32_t bits) : ratio_(ratio), bits_(bits) {}
  uint32_t packed_bytes(const TilePixels& t, uint32_t tile_bytes) const override {
    const auto [lo, hi] = std::minmax_element(t.value, t.value + t.count());
    const bool fits = same_aux(t) && (bits_ >= 64 || *hi - *lo < (uint64_t(1) << bits_));
    return fits ? ceil_div(tile_bytes, ratio_) : 0;
  }

 private:
  uint32_t ratio_, bits_;
};

}  // namespace

std::vector<std::string> tile_model_names() { return {"uniform", "samples", "plane", "minmax"}; }

std::unique_ptr<TileModel> make_tile_model(const std::string& name, const TileModelParams& p) {
  if (name == "uniform") return std::make_unique<Uniform>(p.ratio);
  if (name == "samples") return std::make_unique<Samples>(p.ratio, p.flag_bits);
  if (name == "plane") return std::make_unique<Plane>(p.ratio);
  if (name == "minmax") return std::make_unique<MinMax>(p.ratio, p.delta_bits);
  throw Error("internal error: unknown tile compression model '" + name + "'");
}

}  // namespace gfx::rop
