// Volume textures of a PIX capture: CreateVolumeTexture and the boxes written between
// LockBox and UnlockBox, on the texture or on a level got with GetVolumeLevel. Each
// level holds its max(1, depth >> level) slices one after another, as a trace stores them.
#include <cstring>

#include "api/texture_format.h"
#include "import/pix_translator.h"

namespace gfx::import {

namespace {

constexpr uint32_t kLockReadOnly = 0x10;  // D3DLOCK_READONLY

uint32_t load_u32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

}  // namespace

void PixTranslator::create_volume_texture(PixArgs& a) {
  const uint32_t w = a.u32(), h = a.u32(), d = a.u32();
  uint32_t levels = a.u32();
  const uint32_t usage = a.u32(), format = a.u32();
  a.u32();  // pool
  const uint32_t handle = a.created();
  a.pointed(4);  // pSharedHandle
  if (usage & 0x400) throw UnsupportedError("D3DUSAGE_AUTOGENMIPMAP textures are not supported");
  std::optional<PixTexFormat> f = pix_texture_format(format);
  if (!f) throw UnsupportedError("texture format " + std::to_string(format) + " is not supported");
  if (w == 0 || h == 0 || d == 0 || w > 8192 || h > 8192 || d > 8192)
    throw ConversionError("volume size " + std::to_string(w) + "x" + std::to_string(h) + "x" +
                          std::to_string(d) + " is outside 1..8192");
  uint32_t full = 1;
  while ((w >> full) || (h >> full) || (d >> full)) ++full;
  if (levels == 0 || levels > full) levels = full;
  Texture t;
  t.format = *f;
  t.texture.format = f->format;
  t.texture.width = w;
  t.texture.height = h;
  t.texture.depth = d;
  t.texture.kind = api::TextureKind::Volume;
  for (uint32_t l = 0; l < levels; ++l)
    t.texture.levels.emplace_back(
        std::max(1u, d >> l) *
            api::texture_image_bytes(f->format, std::max(1u, w >> l), std::max(1u, h >> l)),
        0);
  textures_[handle] = std::move(t);
}

void PixTranslator::get_volume_level(PixArgs& a) {
  const uint32_t level = a.u32();
  const uint32_t volume = a.created();
  object(textures_, this_, "volume texture");
  surfaces_[volume] = Surface{this_, level, 0};
}

void PixTranslator::lock_box(PixArgs& a, bool level_object) {
  uint32_t texture = this_, level = 0;
  if (level_object) {
    auto it = surfaces_.find(this_);
    if (it == surfaces_.end()) throw UnsupportedError("locking a volume that is not a level");
    texture = it->second.texture;
    level = it->second.level;
  } else {
    level = a.u32();
  }
  Texture& t = object(textures_, texture, "volume texture");
  if (t.texture.kind != api::TextureKind::Volume || level >= t.texture.levels.size())
    throw ConversionError("level " + std::to_string(level) + " of a volume texture of " +
                          std::to_string(t.texture.levels.size()));
  std::vector<uint8_t> locked = a.pointed(12);  // D3DLOCKED_BOX: row and slice pitch, bits
  uint32_t box_pointer = 0;
  std::vector<uint8_t> box = a.pointed(24, &box_pointer);  // D3DBOX
  const uint32_t flags = a.u32();
  LockedRect r;
  r.pitch = load_u32(&locked[0]);
  r.slice_pitch = load_u32(&locked[4]);
  r.read_only = flags & kLockReadOnly;
  r.right = std::max(1u, t.texture.width >> level);
  r.bottom = std::max(1u, t.texture.height >> level);
  r.back = std::max(1u, t.texture.depth >> level);
  if (box_pointer) {
    r.left = load_u32(&box[0]);
    r.top = load_u32(&box[4]);
    r.right = load_u32(&box[8]);
    r.bottom = load_u32(&box[12]);
    r.front = load_u32(&box[16]);
    r.back = load_u32(&box[20]);
  }
  t.locks[level * 6] = r;
}

void PixTranslator::unlock_box(PixArgs& a, bool level_object) {
  uint32_t texture = this_, level = 0;
  if (level_object) {
    auto it = surfaces_.find(this_);
    if (it == surfaces_.end()) throw UnsupportedError("unlocking a volume that is not a level");
    texture = it->second.texture;
    level = it->second.level;
  } else {
    level = a.u32();
  }
  Texture& t = object(textures_, texture, "volume texture");
  std::vector<uint8_t> data = a.array("locked texels");
  auto lock = t.locks.find(level * 6);
  if (lock == t.locks.end())
    throw ConversionError("level " + std::to_string(level) + " was not locked");
  const LockedRect r = lock->second;
  t.locks.erase(lock);
  if (r.read_only) return;
  const uint32_t w = std::max(1u, t.texture.width >> level);
  const uint32_t h = std::max(1u, t.texture.height >> level);
  const uint32_t slices = std::max(1u, t.texture.depth >> level);
  if (r.front >= r.back || r.back > slices)
    throw ConversionError("locked slices " + std::to_string(r.front) + ".." +
                          std::to_string(r.back) + " are not inside the level's " +
                          std::to_string(slices));
  const uint64_t image = api::texture_image_bytes(t.texture.format, w, h);
  for (uint32_t z = r.front; z < r.back; ++z) {
    const uint64_t from = uint64_t(z - r.front) * r.slice_pitch;
    if (from > data.size())
      throw ConversionError("slice " + std::to_string(z) + " lies past the " +
                            std::to_string(data.size()) + " locked bytes");
    const uint64_t to = r.slice_pitch && z + 1 < r.back
                            ? std::min<uint64_t>(from + r.slice_pitch, data.size())
                            : data.size();
    std::vector<uint8_t> slice(data.begin() + from, data.begin() + to);
    copy_locked_rect(t.format, w, h, r, slice, t.texture.levels[level].data() + z * image);
  }
  t.dirty = true;
}

}  // namespace gfx::import
