#include "shader/texture_path.h"

namespace gfx::shader {

const TexturePath::Placed& TexturePath::placed(const api::Texture& tex) {
  const api::TextureLayout layout = forced_ ? *forced_ : tex.layout;
  auto it = placed_.find(&tex);
  // The object of a released texture may be reused by another one: check it is the same shape.
  if (it != placed_.end() && it->second.width == tex.width && it->second.height == tex.height &&
      it->second.map.levels() == tex.levels.size() && it->second.format == tex.format &&
      it->second.kind == tex.kind && it->second.depth == tex.depth &&
      it->second.map.layout() == layout)
    return it->second;
  Placed p{tex.width, tex.height, tex.depth, tex.format, tex.kind, TextureLayoutMap(tex, layout),
           0};
  p.base = memory_.address_of(&tex, p.map.total_bytes());
  placed_.erase(&tex);
  return placed_.emplace(&tex, std::move(p)).first->second;
}

void TexturePath::texels(unsigned issue_index, const api::Texture& tex, unsigned level,
                         unsigned image, const uint32_t* xy, unsigned count) {
  if (!out_) return;
  const Placed& p = placed(tex);
  if (level >= p.map.levels()) return;
  // Lines of this issue so far start at `first`; texel streams repeat lines heavily, so
  // check the most recent one before searching.
  size_t first = out_->size();
  while (first > 0 && (*out_)[first - 1].first == issue_index) --first;
  for (unsigned i = 0; i < count; ++i) {
    const Addr a = p.base + p.map.offset(level, image, xy[2 * i], xy[2 * i + 1]);
    const Addr line = a & ~Addr(line_bytes_ - 1);
    if (out_->size() > first && out_->back().second == line) continue;
    bool seen = false;
    for (size_t k = first; k < out_->size() && !seen; ++k) seen = (*out_)[k].second == line;
    if (!seen) out_->push_back({uint32_t(issue_index), line});
  }
}

}  // namespace gfx::shader
