#include "shader/texture_path.h"

#include <algorithm>

#include "api/texture_format.h"

namespace gfx::shader {

namespace {
constexpr uint32_t kBlock = 4;  // texels per block side
}  // namespace

const TexturePath::Layout& TexturePath::layout(const api::Texture& tex) {
  auto it = layouts_.find(&tex);
  // The object of a released texture may be reused by another one: check it is the same shape.
  if (it != layouts_.end() && it->second.width == tex.width && it->second.height == tex.height &&
      it->second.level_offset.size() == tex.levels.size() && it->second.format == tex.format &&
      it->second.kind == tex.kind && it->second.depth == tex.depth)
    return it->second;
  Layout l;
  l.width = tex.width;
  l.height = tex.height;
  l.format = tex.format;
  l.kind = tex.kind;
  l.depth = tex.depth;
  // A 4x4 block holds 16 texels of the format's size, or one DXT block (8 or 16 bytes).
  const api::TextureFormatInfo* info = api::texture_format_info(tex.format);
  l.block_bytes = !info ? 64 : info->block == kBlock ? info->block_bytes : 16u * info->block_bytes;
  l.texel_bytes = !info || info->block == kBlock ? 0 : info->block_bytes;
  uint64_t bytes = 0;
  for (size_t i = 0; i < tex.levels.size(); ++i) {
    const uint32_t w = std::max(1u, tex.width >> i), h = std::max(1u, tex.height >> i);
    const uint32_t bw = (w + kBlock - 1) / kBlock, bh = (h + kBlock - 1) / kBlock;
    l.level_offset.push_back(bytes);
    l.blocks_per_row.push_back(bw);
    l.image_bytes.push_back(uint64_t(bw) * bh * l.block_bytes);
    bytes += l.image_bytes.back() * api::texture_images(tex.kind, tex.depth, unsigned(i));
  }
  l.base = memory_.address_of(&tex, bytes);
  return layouts_[&tex] = std::move(l);
}

void TexturePath::texels(unsigned issue_index, const api::Texture& tex, unsigned level,
                         unsigned image, const uint32_t* xy, unsigned count) {
  if (!out_) return;
  const Layout& l = layout(tex);
  if (level >= l.level_offset.size()) return;
  const Addr level_base = l.base + l.level_offset[level] + image * l.image_bytes[level];
  const uint32_t bpr = l.blocks_per_row[level];
  // Lines of this issue so far start at `first`; texel streams repeat lines heavily, so
  // check the most recent one before searching.
  size_t first = out_->size();
  while (first > 0 && (*out_)[first - 1].first == issue_index) --first;
  for (unsigned i = 0; i < count; ++i) {
    const uint32_t x = xy[2 * i], y = xy[2 * i + 1];
    // A compressed block is read whole; an uncompressed texel sits at its place in the block.
    const Addr a = level_base + (uint64_t(y / kBlock) * bpr + x / kBlock) * l.block_bytes +
                   ((y % kBlock) * kBlock + x % kBlock) * l.texel_bytes;
    const Addr line = a & ~Addr(line_bytes_ - 1);
    if (out_->size() > first && out_->back().second == line) continue;
    bool seen = false;
    for (size_t k = first; k < out_->size() && !seen; ++k) seen = (*out_)[k].second == line;
    if (!seen) out_->push_back({uint32_t(issue_index), line});
  }
}

}  // namespace gfx::shader
