// Draws, clears and presents of a PIX capture, and the resources a draw needs written.
#include <cstring>

#include "import/pix_translator.h"

namespace gfx::import {

namespace {

api::Topology topology(uint32_t type) {
  if (type < 1 || type > 6) throw ConversionError("primitive type " + std::to_string(type));
  return api::Topology(type);
}

uint32_t vertex_count(uint32_t type, uint32_t primitives) {
  switch (type) {
    case 1: return primitives;
    case 2: return 2 * primitives;
    case 3: return primitives + 1;
    case 4: return 3 * primitives;
    default: return primitives + 2;  // strips and fans
  }
}

}  // namespace

ResourceId PixTranslator::emitted_buffer(uint32_t handle) {
  Buffer& b = object(buffers_, handle, "buffer");
  if (!b.dirty) return b.id;
  if (!b.id) b.id = new_id();
  if (b.index) {
    auto ib = std::make_shared<api::IndexBuffer>();
    ib->format = b.format;
    ib->bytes = b.bytes;
    out_.command(trace::CreateIndexBuffer{b.id, ib});
  } else {
    auto vb = std::make_shared<api::Buffer>();
    vb->bytes = b.bytes;
    out_.command(trace::CreateVertexBuffer{b.id, vb});
  }
  b.dirty = false;
  ++b.version;
  return b.id;
}

ResourceId PixTranslator::emitted_texture(uint32_t handle) {
  Texture& t = object(textures_, handle, "texture");
  if (!t.dirty) return t.id;
  if (!t.id) t.id = new_id();
  out_.command(trace::CreateTexture{t.id, std::make_shared<api::Texture>(t.texture)});
  if (t.lod) out_.command(trace::SetLod{t.id, t.lod});  // a texture created anew starts at 0
  t.dirty = false;
  ++t.version;
  return t.id;
}

void PixTranslator::prepare_draw() {
  for (uint32_t s = 0; s < streams_.size(); ++s) {
    const Stream& st = streams_[s];
    Binding b;
    if (st.handle) {
      b.id = emitted_buffer(st.handle);
      b.version = buffers_[st.handle].version;
      b.offset = st.offset;
      b.stride = st.stride;
    }
    if (b == sent_streams_[s]) continue;
    out_.set_stream_source(s, b.id, b.stride, b.offset);
    sent_streams_[s] = b;
  }
  Binding ib;
  if (indices_) {
    ib.id = emitted_buffer(indices_);
    ib.version = buffers_[indices_].version;
  }
  if (!(ib == sent_indices_)) {
    out_.set_indices(ib.id);
    sent_indices_ = ib;
  }
  for (const auto& [stage, handle] : textures_bound_) {
    Binding b;
    if (handle) {
      b.id = emitted_texture(handle);
      b.version = textures_[handle].version;
    }
    if (b == sent_textures_[stage]) continue;
    out_.set_texture(stage, b.id);
    sent_textures_[stage] = b;
  }
}

void PixTranslator::check_vertices(int64_t first, uint64_t count) const {
  if (count == 0) return;
  if (first < 0) throw ConversionError("the draw reads vertex " + std::to_string(first));
  for (uint32_t s = 0; s < streams_.size(); ++s) {
    // Instance data is read per instance, not per vertex.
    if (!stream_bytes_[s] || (stream_freq_[s] & trace::kStreamInstanceData)) continue;
    const Stream& st = streams_[s];
    if (!st.handle)
      throw ConversionError("the draw reads stream " + std::to_string(s) +
                            ", which has no vertex buffer");
    const uint64_t end = st.offset + (uint64_t(first) + count - 1) * st.stride + stream_bytes_[s];
    const uint64_t size = buffers_.at(st.handle).bytes.size();
    if (end > size)
      throw ConversionError("the draw reads vertices " + std::to_string(first) + ".." +
                            std::to_string(first + count - 1) + " of stream " + std::to_string(s) +
                            ", bytes up to " + std::to_string(end) + " of a vertex buffer of " +
                            std::to_string(size));
  }
}

void PixTranslator::check_indices(int32_t base, uint32_t start, uint32_t count) const {
  const Buffer& ib = buffers_.at(indices_);
  const uint32_t size = ib.format == api::Format::Index16 ? 2 : 4;
  const uint64_t end = (uint64_t(start) + count) * size;
  if (end > ib.bytes.size())
    throw ConversionError("the draw reads indices " + std::to_string(start) + ".." +
                          std::to_string(uint64_t(start) + count - 1) + ", bytes up to " +
                          std::to_string(end) + " of an index buffer of " +
                          std::to_string(ib.bytes.size()));
  if (count == 0) return;
  uint32_t lo = UINT32_MAX, hi = 0;
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t v = 0;
    std::memcpy(&v, &ib.bytes[(uint64_t(start) + i) * size], size);
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  check_vertices(int64_t(base) + lo, uint64_t(hi) - lo + 1);
}

void PixTranslator::draw_primitive(PixArgs& a) {
  const uint32_t type = a.u32(), start = a.u32(), count = a.u32();
  const api::Topology t = topology(type);
  if (!in_range()) return;
  check_vertices(start, vertex_count(type, count));
  prepare_draw();
  out_.draw_primitive(t, start, count);
  ++draws_written_;
}

void PixTranslator::draw_indexed_primitive(PixArgs& a) {
  const uint32_t type = a.u32();
  const int32_t base = a.i32();
  const uint32_t min_index = a.u32(), vertices = a.u32(), start = a.u32(), count = a.u32();
  const api::Topology t = topology(type);
  if (!in_range()) return;
  if (!indices_) throw ConversionError("indexed draw without an index buffer");
  check_indices(base, start, vertex_count(type, count));
  prepare_draw();
  out_.draw_indexed_primitive(t, base, min_index, vertices, start, count);
  ++draws_written_;
}

void PixTranslator::draw_primitive_up(PixArgs& a) {
  const uint32_t type = a.u32(), count = a.u32();
  a.u32();  // pVertexStreamZeroData
  const uint32_t stride = a.u32();
  std::vector<uint8_t> vertices = a.array("vertex data");
  const api::Topology t = topology(type);
  if (uint64_t(vertex_count(type, count)) * stride > vertices.size())
    throw ConversionError(std::to_string(count) + " primitives need more than the " +
                          std::to_string(vertices.size()) + " bytes of vertex data");
  // D3D9 unbinds stream 0 after a draw from user memory.
  streams_[0] = Stream{};
  if (!in_range()) return;
  prepare_draw();
  if (!up_vertices_) up_vertices_ = new_id();
  auto vb = std::make_shared<api::Buffer>();
  vb->bytes = std::move(vertices);
  out_.command(trace::CreateVertexBuffer{up_vertices_, vb});
  out_.set_stream_source(0, up_vertices_, stride, 0);
  sent_streams_[0] = Binding{up_vertices_, 0, 0, stride};
  out_.draw_primitive(t, 0, count);
  ++draws_written_;
}

void PixTranslator::draw_indexed_primitive_up(PixArgs& a) {
  const uint32_t type = a.u32(), min_index = a.u32(), vertices = a.u32(), count = a.u32();
  a.u32();  // pIndexData
  const uint32_t format = a.u32();
  a.u32();  // pVertexStreamZeroData
  const uint32_t stride = a.u32();
  std::vector<uint8_t> vertex_data = a.array("vertex data");
  std::vector<uint8_t> index_data = a.array("index data");
  const api::Topology t = topology(type);
  if (format != uint32_t(api::Format::Index16) && format != uint32_t(api::Format::Index32))
    throw ConversionError("index format " + std::to_string(format) + " is not INDEX16/32");
  const uint32_t index_bytes = format == uint32_t(api::Format::Index16) ? 2 : 4;
  if (uint64_t(vertex_count(type, count)) * index_bytes > index_data.size())
    throw ConversionError(std::to_string(count) + " primitives need more than the " +
                          std::to_string(index_data.size()) + " bytes of index data");
  streams_[0] = Stream{};
  indices_ = 0;
  if (!in_range()) return;
  prepare_draw();
  if (!up_vertices_) up_vertices_ = new_id();
  if (!up_indices_) up_indices_ = new_id();
  auto vb = std::make_shared<api::Buffer>();
  vb->bytes = std::move(vertex_data);
  out_.command(trace::CreateVertexBuffer{up_vertices_, vb});
  auto ib = std::make_shared<api::IndexBuffer>();
  ib->format = api::Format(format);
  ib->bytes = std::move(index_data);
  out_.command(trace::CreateIndexBuffer{up_indices_, ib});
  out_.set_stream_source(0, up_vertices_, stride, 0);
  out_.set_indices(up_indices_);
  sent_streams_[0] = Binding{up_vertices_, 0, 0, stride};
  sent_indices_ = Binding{up_indices_, 0, 0, 0};
  out_.draw_indexed_primitive(t, 0, min_index, vertices, 0, count);
  ++draws_written_;
}

void PixTranslator::clear(PixArgs& a) {
  const uint32_t count = a.u32();
  uint32_t rects_pointer = 0;
  std::vector<uint8_t> rect = a.pointed(16, &rects_pointer);
  const uint32_t flags = a.u32(), color = a.u32();
  const float z = a.f32();
  const uint32_t stencil = a.u32();
  if (flags & ~7u) throw ConversionError("clear flags " + std::to_string(flags));
  if (count > 1 && rects_pointer)
    throw UnsupportedError("a clear of " + std::to_string(count) + " rectangles");
  if (!in_range()) return;
  if (count == 1 && rects_pointer) {
    // D3D9 clears the rectangle inside the viewport; the trace clears the viewport.
    int32_t r[4];
    std::memcpy(r, rect.data(), 16);
    const int64_t x0 = std::max<int64_t>(r[0], viewport_.x),
                  y0 = std::max<int64_t>(r[1], viewport_.y),
                  x1 = std::min<int64_t>(r[2], int64_t(viewport_.x) + viewport_.width),
                  y1 = std::min<int64_t>(r[3], int64_t(viewport_.y) + viewport_.height);
    if (x0 >= x1 || y0 >= y1) return;
    api::Viewport v = viewport_;
    v.x = uint32_t(x0);
    v.y = uint32_t(y0);
    v.width = uint32_t(x1 - x0);
    v.height = uint32_t(y1 - y0);
    out_.set_viewport(v);
    out_.clear(flags, color, z, stencil);
    out_.set_viewport(viewport_);
    return;
  }
  out_.clear(flags, color, z, stencil);
}

void PixTranslator::present(PixArgs& a, bool swap_chain) {
  uint32_t source = 0, dest = 0;
  a.pointed(16, &source);
  a.pointed(16, &dest);
  a.u32();                  // hDestWindowOverride
  a.u32();                  // pDirtyRegion
  if (swap_chain) a.u32();  // flags
  if (source || dest)
    throw UnsupportedError("a present of a rectangle (the trace presents the back buffer)");
  if (in_range()) {
    out_.present();
    ++frames_written_;
  }
  ++frame_;
}

}  // namespace gfx::import
