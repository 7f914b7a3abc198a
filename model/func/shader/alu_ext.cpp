// The D3D9 SM2/3 arithmetic of the interpreter (dp2add, lrp, cmp, sgn, crs, nrm, pow, lit,
// dst, expp, logp, sincos, the mova/setp value computation and the quad derivatives), each a
// flat loop over lanes. Formulas and special values: see interpreter.h.
#include <cmath>
#include <limits>

#include "common/error.h"
#include "func/shader/exec_detail.h"

namespace gfx::func::detail {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
// lit: the reference clamps the specular power just inside +-128.
constexpr float kMaxLitPower = 127.9961f;

float log2_abs(float a) {
  const float m = std::fabs(a);
  return m == 0.0f ? -kInf : std::log2(m);
}
float pow_abs(float x, float y) { return std::exp2(y * log2_abs(x)); }
float rsq(float a) {
  const float m = std::fabs(a);
  return m == 0.0f ? kInf : 1.0f / std::sqrt(m);
}
// pow and nrm as D3D9 hardware computes them, not as their expansions: Wine's visual.c
// fp_special_test reads pow(0, 0) back as 1.0 and nrm of the zero vector as 0 on r500, r600
// and nv50, where the expansions give NaN (0 * -inf in exp2(y * log2|x|); 0 * rsq(0)). The
// test pins only these inputs, so the others keep the reference expansion.
float pow_d3d(float x, float y) { return y == 0.0f ? 1.0f : pow_abs(x, y); }
float nrm_scale(float dot3) { return dot3 == 0.0f ? 0.0f : rsq(dot3); }

template <typename F> void per_channel(uint8_t mask, F f) {
  for (int c = 0; c < 4; ++c)
    if (mask & (1u << c)) f(c);
}

// Coarse derivative: every lane of quad q takes lane (q + other) - lane q.
void derivative(const SrcLanes& s, uint8_t mask, int lanes, int other, float (*res)[kMaxLanes]) {
  per_channel(mask, [&](int c) {
    const float* a = s.ch[c];
    float* r = res[c];
    for (int q = 0; q + 3 < lanes; q += 4) {
      const float d = a[q + other] - a[q];
      r[q] = r[q + 1] = r[q + 2] = r[q + 3] = d;
    }
  });
}

}  // namespace

bool compare(CmpOp cmp, float a, float b) {
  switch (cmp) {
    case CmpOp::Gt: return a > b;
    case CmpOp::Eq: return a == b;
    case CmpOp::Ge: return a >= b;
    case CmpOp::Lt: return a < b;
    case CmpOp::Ne: return a != b;
    case CmpOp::Le: return a <= b;
    default: return compare_bits(cmp, a, b);
  }
}

void exec_alu_ext(Op op, CmpOp cmp, const SrcLanes* s, uint8_t mask, int lanes,
                  float (*res)[kMaxLanes]) {
  switch (op) {
    case Op::Dp2Add: {
      const float *ax = s[0].ch[0], *ay = s[0].ch[1], *bx = s[1].ch[0], *by = s[1].ch[1];
      const float* c = s[2].ch[0];
      float* __restrict r = res[0];
      for (int l = 0; l < lanes; ++l) r[l] = (ax[l] * bx[l] + ay[l] * by[l]) + c[l];
      return;
    }
    case Op::Lrp:  // src0 * (src1 - src2) + src2, each step rounded
      per_channel(mask, [&](int c) {
        const float *t = s[0].ch[c], *a = s[1].ch[c], *b = s[2].ch[c];
        float* __restrict r = res[c];
        for (int l = 0; l < lanes; ++l) {
          const float p = t[l] * (a[l] - b[l]);
          r[l] = p + b[l];
        }
      });
      return;
    case Op::Cmp:
      per_channel(mask, [&](int c) {
        const float *t = s[0].ch[c], *a = s[1].ch[c], *b = s[2].ch[c];
        float* __restrict r = res[c];
        for (int l = 0; l < lanes; ++l) r[l] = t[l] >= 0.0f ? a[l] : b[l];
      });
      return;
    case Op::Sgn:
      per_channel(mask, [&](int c) {
        const float* a = s[0].ch[c];
        float* __restrict r = res[c];
        for (int l = 0; l < lanes; ++l) r[l] = a[l] > 0.0f ? 1.0f : (a[l] < 0.0f ? -1.0f : 0.0f);
      });
      return;
    case Op::Crs: {
      const float *ax = s[0].ch[0], *ay = s[0].ch[1], *az = s[0].ch[2];
      const float *bx = s[1].ch[0], *by = s[1].ch[1], *bz = s[1].ch[2];
      for (int l = 0; l < lanes; ++l) {
        res[0][l] = ay[l] * bz[l] - az[l] * by[l];
        res[1][l] = az[l] * bx[l] - ax[l] * bz[l];
        res[2][l] = ax[l] * by[l] - ay[l] * bx[l];
      }
      return;
    }
    case Op::Nrm: {
      const float *x = s[0].ch[0], *y = s[0].ch[1], *z = s[0].ch[2];
      float inv[kMaxLanes];
      for (int l = 0; l < lanes; ++l) inv[l] = nrm_scale(x[l] * x[l] + y[l] * y[l] + z[l] * z[l]);
      per_channel(mask, [&](int c) {
        const float* a = s[0].ch[c];
        for (int l = 0; l < lanes; ++l) res[c][l] = a[l] * inv[l];
      });
      return;
    }
    case Op::Pow: {
      const float *a = s[0].ch[0], *b = s[1].ch[0];
      for (int l = 0; l < lanes; ++l) res[0][l] = pow_d3d(a[l], b[l]);
      return;
    }
    case Op::Lit: {
      const float *x = s[0].ch[0], *y = s[0].ch[1], *w = s[0].ch[3];
      for (int l = 0; l < lanes; ++l) {
        float power = w[l];
        power =
            power < -kMaxLitPower ? -kMaxLitPower : (power > kMaxLitPower ? kMaxLitPower : power);
        res[0][l] = 1.0f;
        res[1][l] = x[l] > 0.0f ? x[l] : 0.0f;
        res[2][l] = (x[l] > 0.0f && y[l] > 0.0f) ? pow_abs(y[l], power) : 0.0f;
        res[3][l] = 1.0f;
      }
      return;
    }
    case Op::Dst:
      for (int l = 0; l < lanes; ++l) {
        res[0][l] = 1.0f;
        res[1][l] = s[0].ch[1][l] * s[1].ch[1][l];
        res[2][l] = s[0].ch[2][l];
        res[3][l] = s[1].ch[3][l];
      }
      return;
    case Op::Expp:  // full precision is a valid partial-precision result
      for (int l = 0; l < lanes; ++l) res[0][l] = std::exp2(s[0].ch[0][l]);
      return;
    case Op::Logp:
      for (int l = 0; l < lanes; ++l) res[0][l] = log2_abs(s[0].ch[0][l]);
      return;
    case Op::SinCos: {
      const float* a = s[0].ch[0];
      for (int l = 0; l < lanes; ++l) {
        res[0][l] = std::cos(a[l]);
        res[1][l] = std::sin(a[l]);
      }
      return;
    }
    case Op::Mova:  // the value; write_back rounds it into a0
      per_channel(mask, [&](int c) {
        for (int l = 0; l < lanes; ++l) res[c][l] = s[0].ch[c][l];
      });
      return;
    case Op::Setp:
      per_channel(mask, [&](int c) {
        const float *a = s[0].ch[c], *b = s[1].ch[c];
        for (int l = 0; l < lanes; ++l) res[c][l] = compare(cmp, a[l], b[l]) ? 1.0f : 0.0f;
      });
      return;
    case Op::Divz:  // ps_1_x _dz/_dw, texdepth, texm3x2depth: x / 0 is 1 there
      per_channel(mask, [&](int c) {
        const float *a = s[0].ch[c], *b = s[1].ch[c];
        for (int l = 0; l < lanes; ++l) res[c][l] = b[l] == 0.0f ? 1.0f : a[l] / b[l];
      });
      return;
    case Op::Dsx: derivative(s[0], mask, lanes, 1, res); return;
    case Op::Dsy: derivative(s[0], mask, lanes, 2, res); return;
    default: exec_alu_sm4(op, cmp, s, mask, lanes, res); return;
  }
}

}  // namespace gfx::func::detail
