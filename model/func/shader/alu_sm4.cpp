// The shader model 4 arithmetic of the interpreter that D3D9 has no op for: IEEE divide and
// square root, the four roundings, dp2, and the comparisons and select that work on bit
// patterns (SM4 writes 0xFFFFFFFF for true and movc tests for any bit set). Registers stay
// float: a mask is a NaN bit pattern, which moves, swizzles and abs/negate keep intact.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "func/shader/exec_detail.h"

namespace gfx::func::detail {
namespace {

float bits_to_float(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
uint32_t float_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

template <typename F> void each_channel(uint8_t mask, F f) {
  for (int c = 0; c < 4; ++c)
    if (mask & (1u << c)) f(c);
}

template <typename F>
void unary(const SrcLanes& s, uint8_t mask, int lanes, float (*res)[kMaxLanes], F f) {
  each_channel(mask, [&](int c) {
    for (int l = 0; l < lanes; ++l) res[c][l] = f(s.ch[c][l]);
  });
}

}  // namespace

void exec_alu_sm4(Op op, CmpOp cmp, const SrcLanes* s, uint8_t mask, int lanes,
                  float (*res)[kMaxLanes]) {
  switch (op) {
    case Op::Div:
      each_channel(mask, [&](int c) {
        for (int l = 0; l < lanes; ++l) res[c][l] = s[0].ch[c][l] / s[1].ch[c][l];
      });
      return;
    case Op::Sqrt: unary(s[0], mask, lanes, res, [](float a) { return std::sqrt(a); }); return;
    // rint rounds half to even in the default rounding mode, which the simulator never changes.
    case Op::RoundNe: unary(s[0], mask, lanes, res, [](float a) { return std::rint(a); }); return;
    case Op::RoundNi: unary(s[0], mask, lanes, res, [](float a) { return std::floor(a); }); return;
    case Op::RoundPi: unary(s[0], mask, lanes, res, [](float a) { return std::ceil(a); }); return;
    case Op::RoundZ: unary(s[0], mask, lanes, res, [](float a) { return std::trunc(a); }); return;
    case Op::Dp2: {
      const float *ax = s[0].ch[0], *ay = s[0].ch[1], *bx = s[1].ch[0], *by = s[1].ch[1];
      for (int l = 0; l < lanes; ++l) res[0][l] = ax[l] * bx[l] + ay[l] * by[l];
      return;
    }
    case Op::Cmpm: {
      const float all_ones = bits_to_float(0xFFFFFFFFu);
      each_channel(mask, [&](int c) {
        for (int l = 0; l < lanes; ++l)
          res[c][l] = compare(cmp, s[0].ch[c][l], s[1].ch[c][l]) ? all_ones : 0.0f;
      });
      return;
    }
    case Op::Movc:
      each_channel(mask, [&](int c) {
        for (int l = 0; l < lanes; ++l)
          res[c][l] = float_bits(s[0].ch[c][l]) != 0 ? s[1].ch[c][l] : s[2].ch[c][l];
      });
      return;
    case Op::FtoU:
      unary(s[0], mask, lanes, res, [](float a) {
        const uint32_t u = !(a > 0.0f) ? 0u : a >= 4294967296.0f ? 0xFFFFFFFFu : uint32_t(a);
        return bits_to_float(u);
      });
      return;
    case Op::FtoI:
      unary(s[0], mask, lanes, res, [](float a) {
        int32_t i = 0;
        if (a >= 2147483648.0f)
          i = INT32_MAX;
        else if (a <= -2147483648.0f)
          i = INT32_MIN;
        else if (a == a)
          i = int32_t(a);
        return bits_to_float(uint32_t(i));
      });
      return;
    case Op::UtoF:
      unary(s[0], mask, lanes, res, [](float a) { return float(float_bits(a)); });
      return;
    case Op::ItoF:
      unary(s[0], mask, lanes, res, [](float a) { return float(int32_t(float_bits(a))); });
      return;
    default: exec_alu_int(op, cmp, s, mask, lanes, res); return;
  }
}

}  // namespace gfx::func::detail
