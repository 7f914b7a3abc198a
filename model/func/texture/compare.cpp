// The comparison filter: the reference quantised into the texel codec's units once per
// sample, then the sampler's own filters (sample_fixed.h) with a comparison at every tap.
#include "func/texture/compare.h"

#include <cmath>

#include "api/enums.h"
#include "common/error.h"
#include "func/texture/sample_fixed.h"

namespace gfx::func {
namespace {

constexpr CompareFormat kFloat{false, 0};
constexpr CompareFormat kUnorm16{true, 16};

// The formats D3D10 filters by comparison (D3D10_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON).
// A depth format joins with one row here, e.g. {F::D16_UNORM, &kUnorm16} or a 24-bit UNORM
// {F::D24_UNORM_S8_UINT, &kUnorm24} with `constexpr CompareFormat kUnorm24{true, 24};`,
// once its texel codec decodes the depth into red.
struct Row {
  api::Format format;
  const CompareFormat* compare;
};
constexpr Row kFormats[] = {
    {api::Format::R32_FLOAT, &kFloat},
    {api::Format::R16_UNORM, &kUnorm16},
};

[[noreturn]] void fail(const std::string& what) { throw Error("texture sampler: " + what); }

detail::CompareTap tap_of(const PreparedSampler& s, float reference, const char* op) {
  if (!s.comparison)
    fail(std::string(op) + " needs a comparison sampler (a D3D10_FILTER_COMPARISON_* filter)");
  if (s.compare_format == nullptr)
    fail(std::string(op) + " of a texture in format " +
         std::string(api::to_name(s.texture->format)) + ": D3D10 compares only " +
         compare_format_names());
  return {s.compare_func, compare_reference(*s.compare_format, *s.codec, reference),
          s.codec->unit[0]};
}

}  // namespace

const CompareFormat* compare_format(api::Format f) {
  for (const Row& r : kFormats)
    if (r.format == f) return r.compare;
  return nullptr;
}

std::string compare_format_names() {
  std::string names;
  for (const Row& r : kFormats)
    names += (names.empty() ? "" : ", ") + std::string(api::to_name(r.format));
  return names;
}

bool compare_passes(api::CmpFunc func, double reference, double texel) {
  switch (func) {
    case api::CmpFunc::Never: return false;
    case api::CmpFunc::Less: return reference < texel;
    case api::CmpFunc::Equal: return reference == texel;
    case api::CmpFunc::LessEqual: return reference <= texel;
    case api::CmpFunc::Greater: return reference > texel;
    case api::CmpFunc::NotEqual: return reference != texel;
    case api::CmpFunc::GreaterEqual: return reference >= texel;
    case api::CmpFunc::Always: return true;
  }
  return false;  // prepare_sampler refuses other values
}

double compare_reference(const CompareFormat& format, const TexelCodec& codec, float reference) {
  if (!format.unorm) return double(reference);
  // D3D's float -> UNORM conversion: NaN to 0, clamp to [0, 1], scale by 2^n - 1, round to
  // nearest (in double, so 24 bits round right too); then the codec's unit per step.
  const double steps = double((uint64_t{1} << format.bits) - 1);
  double q = 0.0;
  if (reference >= 1.0f) {
    q = steps;
  } else if (reference > 0.0f) {
    q = std::floor(double(reference) * steps + 0.5);
  }
  return q * (codec.unit[0] / steps);
}

float sample_compare(const PreparedSampler& s, const TexPoint& p, const Derivatives& d,
                     float reference, TexelBatch* batch) {
  const detail::CompareTap tap = tap_of(s, reference, "sample_c");
  return detail::sample_grad_taps(s, p, d, 0.0f, batch, &tap).x;
}

float sample_compare_level0(const PreparedSampler& s, const TexPoint& p, float reference,
                            TexelBatch* batch) {
  const detail::CompareTap tap = tap_of(s, reference, "sample_c_lz");
  double acc[4];
  const unsigned bits = detail::sample_fixed(s, p, 0.0f, false, batch, acc, &tap);
  return detail::finish(s, acc, bits).x;
}

}  // namespace gfx::func
