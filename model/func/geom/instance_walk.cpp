#include "func/geom/instance_walk.h"

#include <algorithm>

namespace gfx::func {

void walk_instance(const DrawContext& d, VertexDedup& dedup, InstanceWalk& out) {
  walk_instance(d, 0, d.count, dedup, out);
}

void walk_instance(const DrawContext& d, uint32_t begin, uint32_t end, VertexDedup& dedup,
                   InstanceWalk& out) {
  out.fetch.clear();
  out.refs.clear();
  out.out_of_bounds = 0;
  end = std::min(end, d.count);
  if (begin >= end) return;
  if (!d.indexed) {
    // Consecutive vertices, each distinct (first + i would wrap modulo 2^32 like the
    // hardware; the limits refuse draws whose range passes 2^32 - 1 before they get here).
    for (uint32_t i = begin; i < end; ++i) {
      out.refs.push_back(i - begin);
      out.fetch.push_back(d.first + i);
    }
    return;
  }
  // Distinct keys are bounded by the index buffer (reads past its end give 0), which keeps
  // the table small whatever count a trace claims.
  const uint64_t in_buffer =
      d.indices->bytes.size() / (d.indices->format == api::Format::Index16 ? 2 : 4) + 1;
  dedup.reset(uint32_t(std::min<uint64_t>(end - begin, in_buffer)));
  for (uint32_t i = begin; i < end; ++i) {
    bool ok = true;
    const uint32_t index = d.vertex_index(i, &ok);
    if (!ok) ++out.out_of_bounds;
    if (d.is_cut(index)) {
      out.refs.push_back(InstanceWalk::kCut);
      continue;
    }
    const uint32_t f = d.fetch_of(index);
    bool fresh = false;
    const uint32_t slot = dedup.find_or_insert(f, uint32_t(out.fetch.size()), &fresh);
    if (fresh) out.fetch.push_back(f);
    out.refs.push_back(slot);
  }
}

}  // namespace gfx::func
