// The shader model 4 integer and bit ops of the interpreter. SM4 registers are untyped 32-bit
// values; the warp stores them as floats, so every op here copies the bits out, computes on
// uint32_t / int32_t with the wrap-around that D3D10 defines, and copies the bits back. No
// value passes through float arithmetic, so NaN and denormal patterns survive unchanged.
#include <cstdint>
#include <cstring>
#include <string>

#include "common/error.h"
#include "func/shader/exec_detail.h"

namespace gfx::func::detail {
namespace {

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float from_bits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
int32_t sbits(float f) { return int32_t(bits(f)); }

template <typename F>
void binary(const SrcLanes* s, uint8_t mask, int lanes, float (*res)[kMaxLanes], F f) {
  for (int c = 0; c < 4; ++c) {
    if (!(mask & (1u << c))) continue;
    const float *a = s[0].ch[c], *b = s[1].ch[c];
    for (int l = 0; l < lanes; ++l) res[c][l] = from_bits(f(bits(a[l]), bits(b[l])));
  }
}

template <typename F>
void unary(const SrcLanes* s, uint8_t mask, int lanes, float (*res)[kMaxLanes], F f) {
  for (int c = 0; c < 4; ++c) {
    if (!(mask & (1u << c))) continue;
    const float* a = s[0].ch[c];
    for (int l = 0; l < lanes; ++l) res[c][l] = from_bits(f(bits(a[l])));
  }
}

}  // namespace

bool compare_bits(CmpOp cmp, float a, float b) {
  switch (cmp) {
    case CmpOp::IEq: return bits(a) == bits(b);
    case CmpOp::INe: return bits(a) != bits(b);
    case CmpOp::ILt: return sbits(a) < sbits(b);
    case CmpOp::IGe: return sbits(a) >= sbits(b);
    case CmpOp::ULt: return bits(a) < bits(b);
    case CmpOp::UGe: return bits(a) >= bits(b);
    case CmpOp::Nz: return bits(a) != 0;
    case CmpOp::Z: return bits(a) == 0;
    default: return false;
  }
}

void exec_alu_int(Op op, CmpOp cmp, const SrcLanes* s, uint8_t mask, int lanes,
                  float (*res)[kMaxLanes]) {
  using U = uint32_t;
  switch (op) {
    case Op::IAdd: return binary(s, mask, lanes, res, [](U a, U b) { return a + b; });
    case Op::IMul: return binary(s, mask, lanes, res, [](U a, U b) { return a * b; });
    case Op::IMulHi:
      return binary(s, mask, lanes, res, [](U a, U b) {
        return U(uint64_t(int64_t(int32_t(a)) * int64_t(int32_t(b))) >> 32);
      });
    case Op::UMulHi:
      return binary(s, mask, lanes, res, [](U a, U b) { return U(uint64_t(a) * b >> 32); });
    case Op::UDiv:
      return binary(s, mask, lanes, res, [](U a, U b) { return b ? a / b : 0xFFFFFFFFu; });
    case Op::URem:
      return binary(s, mask, lanes, res, [](U a, U b) { return b ? a % b : 0xFFFFFFFFu; });
    case Op::IShl: return binary(s, mask, lanes, res, [](U a, U b) { return a << (b & 31); });
    case Op::IShr:
      // Arithmetic shift written out: >> of a negative int32_t is implementation-defined
      // before C++20.
      return binary(s, mask, lanes, res, [](U a, U b) {
        const U n = b & 31;
        const U sign = (a >> 31) ? ~U(0) : 0;
        return n ? (a >> n) | (sign << (32 - n)) : a;
      });
    case Op::UShr: return binary(s, mask, lanes, res, [](U a, U b) { return a >> (b & 31); });
    case Op::And: return binary(s, mask, lanes, res, [](U a, U b) { return a & b; });
    case Op::Or: return binary(s, mask, lanes, res, [](U a, U b) { return a | b; });
    case Op::Xor: return binary(s, mask, lanes, res, [](U a, U b) { return a ^ b; });
    case Op::Not: return unary(s, mask, lanes, res, [](U a) { return ~a; });
    case Op::INeg: return unary(s, mask, lanes, res, [](U a) { return U(0) - a; });
    case Op::IMin:
      return binary(s, mask, lanes, res, [](U a, U b) { return int32_t(a) < int32_t(b) ? a : b; });
    case Op::IMax:
      return binary(s, mask, lanes, res, [](U a, U b) { return int32_t(a) > int32_t(b) ? a : b; });
    case Op::UMin: return binary(s, mask, lanes, res, [](U a, U b) { return a < b ? a : b; });
    case Op::UMax: return binary(s, mask, lanes, res, [](U a, U b) { return a > b ? a : b; });
    case Op::Icmp:
      return binary(s, mask, lanes, res, [cmp](U a, U b) {
        return compare_bits(cmp, from_bits(a), from_bits(b)) ? 0xFFFFFFFFu : 0u;
      });
    case Op::IMad:
      for (int c = 0; c < 4; ++c) {
        if (!(mask & (1u << c))) continue;
        const float *a = s[0].ch[c], *b = s[1].ch[c], *d = s[2].ch[c];
        for (int l = 0; l < lanes; ++l) res[c][l] = from_bits(bits(a[l]) * bits(b[l]) + bits(d[l]));
      }
      return;
    case Op::Movi:  // the value goes to a0 in write_back, which reads these bits back
      return unary(s, mask, lanes, res, [](U a) { return a; });
    default: throw Error(std::string("shader interpreter: '") + op_name(op) + "' is not an ALU op");
  }
}

}  // namespace gfx::func::detail
