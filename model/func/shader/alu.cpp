// Arithmetic of the interpreter: one flat loop over lanes per written channel. The special
// values of the transcendental ops follow the D3D9 reference pseudo-code.
#include <cmath>
#include <limits>

#include "common/error.h"
#include "func/shader/exec_detail.h"
#include "func/shader/op_info.h"

namespace gfx::func::detail {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

// Component-wise binary op over the masked channels.
template <typename F>
void binary(const SrcLanes* s, uint8_t mask, int lanes, float (*res)[kMaxLanes], F f) {
  for (int c = 0; c < 4; ++c) {
    if (!(mask & (1u << c))) continue;
    const float* __restrict a = s[0].ch[c];
    const float* __restrict b = s[1].ch[c];
    float* __restrict r = res[c];
    for (int l = 0; l < lanes; ++l) r[l] = f(a[l], b[l]);
  }
}

template <typename F>
void unary(const SrcLanes& s, uint8_t mask, int lanes, float (*res)[kMaxLanes], F f) {
  for (int c = 0; c < 4; ++c) {
    if (!(mask & (1u << c))) continue;
    const float* __restrict a = s.ch[c];
    float* __restrict r = res[c];
    for (int l = 0; l < lanes; ++l) r[l] = f(a[l]);
  }
}

// Scalar op on the channel the swizzle selects for x; the caller replicates res[0].
template <typename F> void scalar(const SrcLanes& s, int lanes, float (*res)[kMaxLanes], F f) {
  const float* __restrict a = s.ch[0];
  float* __restrict r = res[0];
  for (int l = 0; l < lanes; ++l) r[l] = f(a[l]);
}

void dot(const SrcLanes* s, int n, int lanes, float (*res)[kMaxLanes]) {
  float* __restrict r = res[0];
  const float *ax = s[0].ch[0], *ay = s[0].ch[1], *az = s[0].ch[2], *aw = s[0].ch[3];
  const float *bx = s[1].ch[0], *by = s[1].ch[1], *bz = s[1].ch[2], *bw = s[1].ch[3];
  // Fixed left-to-right summation order: part of the determinism contract.
  if (n == 3) {
    for (int l = 0; l < lanes; ++l) r[l] = ax[l] * bx[l] + ay[l] * by[l] + az[l] * bz[l];
  } else {
    for (int l = 0; l < lanes; ++l)
      r[l] = ax[l] * bx[l] + ay[l] * by[l] + az[l] * bz[l] + aw[l] * bw[l];
  }
}

}  // namespace

void exec_alu(Op op, const SrcLanes* s, uint8_t mask, int lanes, float (*res)[kMaxLanes]) {
  switch (op) {
    case Op::Mov: unary(s[0], mask, lanes, res, [](float a) { return a; }); return;
    case Op::Abs: unary(s[0], mask, lanes, res, [](float a) { return std::fabs(a); }); return;
    case Op::Frc: unary(s[0], mask, lanes, res, [](float a) { return a - std::floor(a); }); return;
    case Op::Add: binary(s, mask, lanes, res, [](float a, float b) { return a + b; }); return;
    case Op::Sub: binary(s, mask, lanes, res, [](float a, float b) { return a - b; }); return;
    case Op::Mul: binary(s, mask, lanes, res, [](float a, float b) { return a * b; }); return;
    case Op::Min:
      binary(s, mask, lanes, res, [](float a, float b) { return a < b ? a : b; });
      return;
    case Op::Max:
      binary(s, mask, lanes, res, [](float a, float b) { return a > b ? a : b; });
      return;
    case Op::Slt:
      binary(s, mask, lanes, res, [](float a, float b) { return a < b ? 1.0f : 0.0f; });
      return;
    case Op::Sge:
      binary(s, mask, lanes, res, [](float a, float b) { return a >= b ? 1.0f : 0.0f; });
      return;
    case Op::Mad:
      for (int c = 0; c < 4; ++c) {
        if (!(mask & (1u << c))) continue;
        const float* __restrict a = s[0].ch[c];
        const float* __restrict b = s[1].ch[c];
        const float* __restrict d = s[2].ch[c];
        float* __restrict r = res[c];
        for (int l = 0; l < lanes; ++l) {
          const float p = a[l] * b[l];  // rounded product, then the add: never fused
          r[l] = p + d[l];
        }
      }
      return;
    case Op::Dp3: dot(s, 3, lanes, res); return;
    case Op::Dp4: dot(s, 4, lanes, res); return;
    case Op::Rcp:
      scalar(s[0], lanes, res, [](float a) { return a == 0.0f ? kInf : 1.0f / a; });
      return;
    case Op::Rsq:
      scalar(s[0], lanes, res, [](float a) {
        const float m = std::fabs(a);
        return m == 0.0f ? kInf : 1.0f / std::sqrt(m);
      });
      return;
    case Op::Exp: scalar(s[0], lanes, res, [](float a) { return std::exp2(a); }); return;
    case Op::Log:
      scalar(s[0], lanes, res, [](float a) {
        const float m = std::fabs(a);
        return m == 0.0f ? -kInf : std::log2(m);
      });
      return;
    default: exec_alu_ext(op, CmpOp::Gt, s, mask, lanes, res); return;
  }
}

}  // namespace gfx::func::detail
