// The register state of one warp: up to kMaxLanes threads that execute a Program in
// lock step. Storage is structure-of-arrays (one contiguous run of lanes per register
// component) so the interpreter's per-instruction lane loops vectorise.
//
// Pixel warps hold whole 2x2 quads: lanes 4q..4q+3 are quad q's pixels in the order
// (x, y), (x+1, y), (x, y+1), (x+1, y+1). Lanes that are not covered are helper lanes:
// they execute (derivatives need them) but are not in `live` and never write results.
// texkill adds lanes to `killed` and, in pixel warps, removes them from `live`; killed lanes
// keep executing as helpers so the derivatives of their quad stay defined.
//
// Side registers (isa.h): a0 (int4), the loop counter aL and the predicate p0 (bool4), one
// value per lane each, cleared with the float registers at the start of every program.
#pragma once

#include <cstdint>
#include <vector>

#include "func/math.h"

namespace gfx::func {

constexpr int kMaxLanes = 64;
constexpr int kMaxTemps = 32;
constexpr int kMaxInputs = 16;
constexpr int kMaxOutputs = 17;  // an SM4 vs: clip position + o0..o15

struct Warp {
  int lanes = 0;        // lanes in use, <= kMaxLanes (a multiple of 4 for pixel warps)
  uint64_t live = 0;    // bit l set: lane l is a real vertex / covered pixel
  uint64_t killed = 0;  // bit l set: lane l executed texkill with a negative coordinate

  // Value of register r, component c (0..3 = x..w), lane l:
  //   input(r, c)[l], temp(r, c)[l], output(r, c)[l]
  float* input(int r, int c) { return &in_[(r * 4 + c) * kMaxLanes]; }
  float* temp(int r, int c) { return &tmp_[(r * 4 + c) * kMaxLanes]; }
  float* output(int r, int c) { return &out_[(r * 4 + c) * kMaxLanes]; }
  const float* input(int r, int c) const { return &in_[(r * 4 + c) * kMaxLanes]; }
  const float* output(int r, int c) const { return &out_[(r * 4 + c) * kMaxLanes]; }

  int32_t* addr(int c) { return &addr_[c * kMaxLanes]; }
  const int32_t* addr(int c) const { return &addr_[c * kMaxLanes]; }
  int32_t* loop_counter() { return loop_; }
  const int32_t* loop_counter() const { return loop_; }
  uint8_t* pred(int c) { return &pred_[c * kMaxLanes]; }  // 0 or 1
  const uint8_t* pred(int c) const { return &pred_[c * kMaxLanes]; }

  Vec4 output_vec(int r, int lane) const {
    return {output(r, 0)[lane], output(r, 1)[lane], output(r, 2)[lane], output(r, 3)[lane]};
  }
  void set_input(int r, int lane, const Vec4& v) {
    for (int c = 0; c < 4; ++c) input(r, c)[lane] = v[c];
  }

  Warp()
      : in_(kMaxInputs * 4 * kMaxLanes, 0.0f),
        tmp_(kMaxTemps * 4 * kMaxLanes, 0.0f),
        out_(kMaxOutputs * 4 * kMaxLanes, 0.0f) {}

 private:
  std::vector<float> in_, tmp_, out_;
  int32_t addr_[4 * kMaxLanes] = {};
  int32_t loop_[kMaxLanes] = {};
  uint8_t pred_[4 * kMaxLanes] = {};
};

}  // namespace gfx::func
