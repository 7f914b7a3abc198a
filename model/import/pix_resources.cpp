// Buffers, textures, shaders and vertex declarations of a PIX capture.
#include <cstdio>
#include <cstring>

#include "api/texture_format.h"
#include "import/pix_translator.h"

namespace gfx::import {

namespace {

constexpr uint32_t kLockReadOnly = 0x10;  // D3DLOCK_READONLY
constexpr uint32_t kUsageDepthStencil = 0x2, kUsageAutoGenMipmap = 0x400;

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%X", v);
  return buf;
}

uint32_t load_u32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

}  // namespace

template <class T>
T& PixTranslator::object(std::unordered_map<uint32_t, T>& m, uint32_t h, const char* what) {
  auto it = m.find(h);
  if (it == m.end()) throw ConversionError(std::string("unknown ") + what + " " + hex(h));
  return it->second;
}
template PixTranslator::Buffer& PixTranslator::object(std::unordered_map<uint32_t, Buffer>&,
                                                      uint32_t, const char*);
template PixTranslator::Texture& PixTranslator::object(std::unordered_map<uint32_t, Texture>&,
                                                       uint32_t, const char*);
template ResourceId& PixTranslator::object(std::unordered_map<uint32_t, ResourceId>&, uint32_t,
                                           const char*);

void PixTranslator::create_buffer(PixArgs& a, bool index) {
  const uint32_t length = a.u32();
  a.u32();                          // usage
  const uint32_t format = a.u32();  // an index buffer's format; a vertex buffer's FVF
  a.u32();                          // pool
  const uint32_t handle = a.created();
  a.pointed(4);  // pSharedHandle
  Buffer b;
  b.index = index;
  if (index) {
    if (format != uint32_t(api::Format::Index16) && format != uint32_t(api::Format::Index32))
      throw ConversionError("index format " + std::to_string(format) + " is not INDEX16/32");
    b.format = api::Format(format);
  }
  b.bytes.assign(length, 0);
  buffers_[handle] = std::move(b);
}

void PixTranslator::lock_buffer(PixArgs& a) {
  Buffer& b = object(buffers_, this_, "buffer");
  const uint32_t offset = a.u32();
  a.u32();  // size (0: to the end); the unlock's array says how much was written
  a.u32();  // ppbData
  const uint32_t flags = a.u32();
  if (offset > b.bytes.size())
    throw ConversionError("lock offset " + std::to_string(offset) + " is past the buffer's " +
                          std::to_string(b.bytes.size()) + " bytes");
  b.lock_offset = offset;
  b.lock_read_only = flags & kLockReadOnly;
}

void PixTranslator::unlock_buffer(PixArgs& a) {
  Buffer& b = object(buffers_, this_, "buffer");
  std::vector<uint8_t> data = a.array("locked bytes");
  if (b.lock_read_only) return;
  if (data.size() > b.bytes.size() - b.lock_offset)
    throw ConversionError(std::to_string(data.size()) + " bytes written at offset " +
                          std::to_string(b.lock_offset) + " overrun the buffer's " +
                          std::to_string(b.bytes.size()) + " bytes");
  std::memcpy(b.bytes.data() + b.lock_offset, data.data(), data.size());
  b.dirty = true;
}

void PixTranslator::create_texture(PixArgs& a, bool cube) {
  const uint32_t w = a.u32(), h = cube ? w : a.u32();  // a cube has one edge length
  uint32_t levels = a.u32();
  const uint32_t usage = a.u32(), format = a.u32();
  a.u32();  // pool
  const uint32_t handle = a.created();
  a.pointed(4);  // pSharedHandle
  // A render-target texture is an ordinary trace texture that set_render_target binds.
  if (usage & kUsageDepthStencil) throw UnsupportedError("depth textures are not supported");
  if (usage & kUsageAutoGenMipmap)
    throw UnsupportedError("D3DUSAGE_AUTOGENMIPMAP textures are not supported");
  std::optional<PixTexFormat> f = pix_texture_format(format);
  if (!f) throw UnsupportedError("texture format " + std::to_string(format) + " is not supported");
  if (w == 0 || h == 0 || w > 8192 || h > 8192)
    throw ConversionError("texture size " + std::to_string(w) + "x" + std::to_string(h) +
                          " is outside 1..8192");
  uint32_t full = 1;
  while ((w >> full) || (h >> full)) ++full;
  if (levels == 0 || levels > full) levels = full;
  Texture t;
  t.format = *f;
  t.faces = cube ? 6 : 1;
  t.texture.format = f->format;
  t.texture.width = w;
  t.texture.height = h;
  t.texture.kind = cube ? api::TextureKind::Cube : api::TextureKind::Texture2D;
  for (uint32_t l = 0; l < levels; ++l)
    t.texture.levels.emplace_back(
        t.faces * api::texture_image_bytes(f->format, std::max(1u, w >> l), std::max(1u, h >> l)),
        0);
  textures_[handle] = std::move(t);
}

void PixTranslator::set_lod(PixArgs& a) {
  Texture& t = object(textures_, this_, "texture");
  t.lod = a.u32();
  // A texture not in the trace yet, or rewritten since, gets it when it is written.
  if (t.id && !t.dirty) out_.command(trace::SetLod{t.id, t.lod});
}

void PixTranslator::get_surface(PixArgs& a, bool cube) {
  const uint32_t face = cube ? a.u32() : 0;
  const uint32_t level = a.u32();
  const uint32_t surface = a.created();
  object(textures_, this_, "texture");
  surfaces_[surface] = Surface{this_, level, face};
}

void PixTranslator::lock_image(PixArgs& a, uint32_t texture, uint32_t level, uint32_t face) {
  Texture& t = object(textures_, texture, "texture");
  if (level >= t.texture.levels.size() || face >= t.faces)
    throw ConversionError("level " + std::to_string(level) + " face " + std::to_string(face) +
                          " of a texture of " + std::to_string(t.texture.levels.size()) +
                          " levels and " + std::to_string(t.faces) + " faces");
  std::vector<uint8_t> locked = a.pointed(8);  // D3DLOCKED_RECT: pitch, bits
  uint32_t rect_pointer = 0;
  std::vector<uint8_t> rect = a.pointed(16, &rect_pointer);
  const uint32_t flags = a.u32();
  LockedRect r;
  r.pitch = load_u32(locked.data());
  r.read_only = flags & kLockReadOnly;
  r.right = std::max(1u, t.texture.width >> level);
  r.bottom = std::max(1u, t.texture.height >> level);
  if (rect_pointer) {
    r.left = load_u32(&rect[0]);
    r.top = load_u32(&rect[4]);
    r.right = load_u32(&rect[8]);
    r.bottom = load_u32(&rect[12]);
  }
  t.locks[level * 6 + face] = r;
}

void PixTranslator::unlock_image(PixArgs& a, uint32_t texture, uint32_t level, uint32_t face) {
  Texture& t = object(textures_, texture, "texture");
  std::vector<uint8_t> data = a.array("locked texels");
  auto lock = t.locks.find(level * 6 + face);
  if (lock == t.locks.end())
    throw ConversionError("level " + std::to_string(level) + " face " + std::to_string(face) +
                          " was not locked");
  LockedRect r = lock->second;
  t.locks.erase(lock);
  if (r.read_only) return;
  const uint32_t w = std::max(1u, t.texture.width >> level);
  const uint32_t h = std::max(1u, t.texture.height >> level);
  std::vector<uint8_t>& bytes = t.texture.levels[level];
  copy_locked_rect(t.format, w, h, r, data, bytes.data() + face * (bytes.size() / t.faces));
  t.dirty = true;
}

void PixTranslator::lock_texture(PixArgs& a, bool cube) {
  const uint32_t face = cube ? a.u32() : 0;
  const uint32_t level = a.u32();
  lock_image(a, this_, level, face);
}

void PixTranslator::unlock_texture(PixArgs& a, bool cube) {
  const uint32_t face = cube ? a.u32() : 0;
  const uint32_t level = a.u32();
  unlock_image(a, this_, level, face);
}

void PixTranslator::lock_surface(PixArgs& a) {
  auto it = surfaces_.find(this_);
  if (it == surfaces_.end() || it->second.kind != SurfaceKind::Level)
    throw UnsupportedError("locking a surface that is not a texture level or cube face");
  lock_image(a, it->second.texture, it->second.level, it->second.face);
}

void PixTranslator::unlock_surface(PixArgs& a) {
  auto it = surfaces_.find(this_);
  if (it == surfaces_.end() || it->second.kind != SurfaceKind::Level)
    throw UnsupportedError("unlocking a surface that is not a texture level or cube face");
  unlock_image(a, it->second.texture, it->second.level, it->second.face);
}

void PixTranslator::create_shader(PixArgs& a, api::ShaderStage stage) {
  a.u32();  // pFunction
  const uint32_t handle = a.created();
  auto s = std::make_shared<api::Shader>();
  s->stage = stage;
  s->format = api::ShaderFormat::D3D9Bytecode;
  s->data = a.array("shader tokens");
  if (s->data.size() < 8 || s->data.size() % 4)
    throw ConversionError("shader of " + std::to_string(s->data.size()) + " bytes");
  const ResourceId id = new_id();
  out_.command(trace::CreateShader{id, s});
  shaders_[handle] = id;
}

void PixTranslator::create_declaration(PixArgs& a) {
  a.u32();  // pVertexElements
  const uint32_t handle = a.created();
  std::vector<uint8_t> data = a.array("vertex elements");
  auto d = std::make_shared<api::VertexDeclaration>();
  bool ended = false;
  for (size_t at = 0; at + 8 <= data.size() && !ended; at += 8) {
    const uint8_t* e = &data[at];
    const uint16_t stream = uint16_t(e[0] | e[1] << 8);
    if (stream == 0xFF) {  // D3DDECL_END
      ended = true;
      break;
    }
    if (stream >= 16 || e[4] > 16 || e[5] > 6 || e[6] > 13)
      throw ConversionError("vertex element " + std::to_string(at / 8) +
                            " has a stream, type, method or usage D3D9 does not define");
    api::VertexElement v;
    v.stream = stream;
    v.offset = uint16_t(e[2] | e[3] << 8);
    v.type = api::DeclType(e[4]);
    v.method = api::DeclMethod(e[5]);
    v.usage = api::DeclUsage(e[6]);
    v.usage_index = e[7];
    d->elements.push_back(v);
  }
  if (!ended) throw ConversionError("vertex elements without D3DDECL_END");
  StreamBytes bytes{};
  for (const api::VertexElement& v : d->elements)
    bytes[v.stream] = std::max(bytes[v.stream], uint32_t(v.offset + api::decl_type_size(v.type)));
  declaration_bytes_[handle] = bytes;
  const ResourceId id = new_id();
  out_.command(trace::CreateVertexDeclaration{id, d});
  declarations_[handle] = id;
}

}  // namespace gfx::import
