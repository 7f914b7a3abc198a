#include "rop/tile_model.h"

#include <algorithm>

#include "common/error.h"

namespace gfx::rop {

namespace {

bool same_aux(const TilePixels& t) {
  const int n = t.w * t.h;
  return std::all_of(t.aux, t.aux + n, [&](uint32_t a) { return a == t.aux[0]; });
}

class Uniform : public TileModel {
 public:
  bool compressible(const TilePixels& t) const override {
    const int n = t.w * t.h;
    return same_aux(t) &&
           std::all_of(t.value, t.value + n, [&](uint64_t v) { return v == t.value[0]; });
  }
};

class Plane : public TileModel {
 public:
  bool compressible(const TilePixels& t) const override {
    if (!same_aux(t)) return false;
    auto small = [](int64_t d) { return d >= -1 && d <= 1; };
    auto v = [&](int x, int y) { return int64_t(t.at(x, y)); };
    for (int y = 0; y < t.h; ++y)
      for (int x = 0; x < t.w; ++x) {
        if (x >= 2 && !small(v(x, y) - 2 * v(x - 1, y) + v(x - 2, y))) return false;
        if (y >= 2 && !small(v(x, y) - 2 * v(x, y - 1) + v(x, y - 2))) return false;
        if (x >= 1 && y >= 1 && !small(v(x, y) - v(x - 1, y) - v(x, y - 1) + v(x - 1, y - 1)))
          return false;
      }
    return true;
  }
};

class MinMax : public TileModel {
 public:
  explicit MinMax(uint32_t bits) : bits_(bits) {}
  bool compressible(const TilePixels& t) const override {
    const int n = t.w * t.h;
    const auto [lo, hi] = std::minmax_element(t.value, t.value + n);
    return same_aux(t) && (bits_ >= 64 || *hi - *lo < (uint64_t(1) << bits_));
  }

 private:
  uint32_t bits_;
};

}  // namespace

std::vector<std::string> tile_model_names() { return {"uniform", "plane", "minmax"}; }

std::unique_ptr<TileModel> make_tile_model(const std::string& name, uint32_t delta_bits) {
  if (name == "uniform") return std::make_unique<Uniform>();
  if (name == "plane") return std::make_unique<Plane>();
  if (name == "minmax") return std::make_unique<MinMax>(delta_bits);
  throw Error("internal error: unknown tile compression model '" + name + "'");
}

}  // namespace gfx::rop
