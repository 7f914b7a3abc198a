#include "func/draw_context.h"

#include <cstring>

namespace gfx::func {

uint32_t DrawContext::vertex_index(uint32_t i, bool* ok) const {
  *ok = true;
  if (!indexed) return first + i;
  const uint64_t slot = uint64_t(first) + i;
  if (indices->format == api::Format::Index16) {
    if ((slot + 1) * 2 > indices->bytes.size()) {
      *ok = false;
      return 0;
    }
    uint16_t v;
    std::memcpy(&v, indices->bytes.data() + slot * 2, 2);
    return v;
  }
  if ((slot + 1) * 4 > indices->bytes.size()) {
    *ok = false;
    return 0;
  }
  uint32_t v;
  std::memcpy(&v, indices->bytes.data() + slot * 4, 4);
  return v;
}

bool DrawContext::is_cut(uint32_t index) const {
  if (!indexed || api != api::DrawApi::D3D10) return false;
  return indices->format == api::Format::Index16 ? index == 0xFFFFu : index == 0xFFFFFFFFu;
}

void DrawContext::instance_streams(uint32_t instance, StreamBinding* out) const {
  for (unsigned s = 0; s < api::kMaxStreams; ++s) {
    out[s] = streams[s];
    if (!per_instance[s]) continue;
    const uint64_t at =
        uint64_t(streams[s].offset) + uint64_t(instance_element(s, instance)) * streams[s].stride;
    // Past 32 bits the element is surely outside its buffer: keep it out of bounds.
    out[s].offset = at > 0xFFFFFFFFull ? 0xFFFFFFFFu : uint32_t(at);
    out[s].stride = 0;
  }
}

}  // namespace gfx::func
