// Weights -> output slots of one generated patch vertex (see evaluate.h).
#include "func/tess/evaluate.h"

#include "common/error.h"

namespace gfx::func::tess {

namespace {

Vec4 weighted(const PointWeights& pw, const float* w, const Vec4* vertices, unsigned attributes,
              unsigned src) {
  Vec4 sum;
  for (unsigned k = 0; k < pw.count; ++k)
    sum = sum + vertices[size_t(pw.index[k]) * attributes + src] * w[k];
  return sum;
}

Vec4 xyz(Vec4 v) {
  v.w = 0.0f;
  return v;
}

}  // namespace

void evaluate_outputs(const PointWeights& pw, const Vec4* vertices, unsigned attributes,
                      const OutputLayout& layout, float u, float v, Vec4* dst) {
  for (unsigned s = 0; s < layout.count; ++s) {
    const OutputSlot& slot = layout.slots[s];
    switch (slot.method) {
      case Method::Default: dst[s] = weighted(pw, pw.w, vertices, attributes, slot.source); break;
      case Method::PartialU:
        dst[s] = xyz(weighted(pw, pw.du, vertices, attributes, slot.source));
        break;
      case Method::PartialV:
        dst[s] = xyz(weighted(pw, pw.dv, vertices, attributes, slot.source));
        break;
      case Method::CrossUV:
        dst[s] = cross3(weighted(pw, pw.du, vertices, attributes, slot.source),
                        weighted(pw, pw.dv, vertices, attributes, slot.source));
        break;
      case Method::UV: dst[s] = {u, v, 0.0f, 1.0f}; break;
    }
  }
}

OutputLayout OutputLayout::identity(unsigned attributes) {
  OutputLayout l;
  for (unsigned a = 0; a < attributes; ++a) l.add(Method::Default, a);
  return l;
}

void OutputLayout::add(Method m, unsigned source) {
  if (count >= kMaxSlots)
    throw Error("tessellator: more than " + std::to_string(kMaxSlots) + " output elements");
  slots[count++] = {m, uint8_t(source)};
}

}  // namespace gfx::func::tess
