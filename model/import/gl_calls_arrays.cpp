// Vertex arrays and buffer objects: gl{Vertex,Normal,Color,TexCoord}Pointer,
// glVertexAttribPointerARB, the client-state enables, glClientActiveTexture,
// glGen/Bind/Delete/BufferData/BufferSubData (and their ARB names), glDrawArrays,
// glDrawElements and glDrawRangeElements. A draw reads each enabled array at the vertices
// its indices name (disabled ones give GL's current value, as in immediate mode) into one
// vertex buffer spanning the lowest to the highest index, and draws it indexed.
#include <algorithm>
#include <array>

#include "import/gl_translator.h"

namespace gfx::import {

const std::vector<uint8_t>& GlTranslator::array_bytes(const GlArray& a) {
  if (a.buffer != 0) return arrays_.buffers[a.buffer].bytes;
  if (a.pointer.empty() || a.pointer == "0")
    throw ConversionError("an enabled array has a null pointer and no buffer object");
  return data_.buffer(GliData::descriptor_of(a.pointer));
}

void GlTranslator::set_pointer(GlArray& a, const CallArgs& args, size_t i) {
  const GliArg& p = args.arg(i);
  a.buffer = arrays_.array_buffer;
  a.offset = 0;
  a.pointer.clear();
  if (p.kind == GliArg::Kind::Pointer) {
    if (a.buffer != 0) args.fail("a client pointer while a GL_ARRAY_BUFFER is bound");
    a.pointer = p.text;
    return;
  }
  int64_t off = args.integer(i);
  if (off < 0) args.fail("negative array offset");
  if (a.buffer == 0) {
    a.pointer = std::to_string(off);  // a raw address: no recorded data
    return;
  }
  a.offset = uint64_t(off);
}

void GlTranslator::array_pointer(GlArray& a, const CallArgs& args, int64_t size, uint32_t type,
                                 int64_t stride, size_t ptr, bool normalized) {
  if (size < 1 || size > 4) args.fail("component count " + std::to_string(size) + " not 1..4");
  if (gl_type_size(type) == 0) args.fail("not an array data type");
  if (stride < 0) args.fail("negative stride");
  a.size = uint32_t(size);
  a.type = type;
  a.stride = uint32_t(stride);
  a.normalized = normalized && type != gl::FLOAT && type != gl::DOUBLE;
  set_pointer(a, args, ptr);
}

GlArray* GlTranslator::client_array(uint32_t cap) {
  switch (cap) {
    case gl::VERTEX_ARRAY: return &arrays_.vertex;
    case gl::NORMAL_ARRAY: return &arrays_.normal;
    case gl::COLOR_ARRAY: return &arrays_.color;
    case gl::TEXTURE_COORD_ARRAY: return &arrays_.texcoord[arrays_.client_active_texture];
  }
  return nullptr;
}

GlBufferObject& GlTranslator::bound_buffer(const CallArgs& a, uint32_t target) {
  uint32_t name = target == gl::ARRAY_BUFFER           ? arrays_.array_buffer
                  : target == gl::ELEMENT_ARRAY_BUFFER ? arrays_.element_array_buffer
                                                       : ~0u;
  if (name == ~0u) throw UnsupportedError("buffer target " + a.enum_text(0) + " is not supported");
  if (name == 0) a.fail("no buffer object is bound to " + a.enum_text(0));
  return arrays_.buffers[name];
}

void GlTranslator::add_array_calls() {
  on("glVertexPointer", [this](const CallArgs& a) {
    a.expect_count(4);
    array_pointer(arrays_.vertex, a, a.integer(0), a.enumeration(1), a.integer(2), 3, false);
  });
  on("glNormalPointer", [this](const CallArgs& a) {
    a.expect_count(3);
    array_pointer(arrays_.normal, a, 3, a.enumeration(0), a.integer(1), 2, true);
  });
  on("glColorPointer", [this](const CallArgs& a) {
    a.expect_count(4);
    array_pointer(arrays_.color, a, a.integer(0), a.enumeration(1), a.integer(2), 3, true);
  });
  on("glTexCoordPointer", [this](const CallArgs& a) {
    a.expect_count(4);
    array_pointer(arrays_.texcoord[arrays_.client_active_texture], a, a.integer(0),
                  a.enumeration(1), a.integer(2), 3, false);
  });
  on("glVertexAttribPointerARB", [this](const CallArgs& a) {
    a.expect_count(6);
    int64_t i = a.integer(0);
    if (i < 0 || i >= 16) a.fail("attribute index not 0..15");
    array_pointer(arrays_.attrib[size_t(i)], a, a.integer(1), a.enumeration(2), a.integer(4), 5,
                  a.integer(3) != 0);
  });
  for (bool on_off : {true, false}) {
    on(on_off ? "glEnableClientState" : "glDisableClientState", [this, on_off](const CallArgs& a) {
      a.expect_count(1);
      GlArray* arr = client_array(a.enumeration(0));
      if (!arr) throw UnsupportedError("client array " + a.enum_text(0) + " is not supported");
      arr->enabled = on_off;
    });
    on(on_off ? "glEnableVertexAttribArrayARB" : "glDisableVertexAttribArrayARB",
       [this, on_off](const CallArgs& a) {
         a.expect_count(1);
         int64_t i = a.integer(0);
         if (i < 0 || i >= 16) a.fail("attribute index not 0..15");
         arrays_.attrib[size_t(i)].enabled = on_off;
       });
  }
  for (const char* n : {"glClientActiveTexture", "glClientActiveTextureARB"})
    on(n, [this](const CallArgs& a) {
      a.expect_count(1);
      uint32_t u = a.enumeration(0) - gl::TEXTURE0;
      if (u >= 8) a.fail("not GL_TEXTURE0..7");
      arrays_.client_active_texture = u;
    });
  for (std::string arb : {"", "ARB"}) {
    on("glGenBuffers" + arb, [this](const CallArgs& a) {
      a.expect_count(2);
      for (double name : a.reals(1, size_t(std::max<int64_t>(0, a.integer(0)))))
        arrays_.buffers[uint32_t(name)];
    });
    on("glDeleteBuffers" + arb, [this](const CallArgs& a) {
      a.expect_count(2);
      for (double name : a.reals(1, size_t(std::max<int64_t>(0, a.integer(0))))) {
        uint32_t n = uint32_t(name);
        arrays_.buffers.erase(n);
        // GL unbinds a deleted buffer; arrays that point into it keep it alive in GL, but
        // a capture that draws from them afterwards reads nothing we recorded.
        if (arrays_.array_buffer == n) arrays_.array_buffer = 0;
        if (arrays_.element_array_buffer == n) arrays_.element_array_buffer = 0;
      }
    });
    on("glBindBuffer" + arb, [this](const CallArgs& a) {
      a.expect_count(2);
      uint32_t target = a.enumeration(0);
      int64_t name = a.integer(1);
      if (name < 0) a.fail("negative buffer name");
      if (target == gl::ARRAY_BUFFER)
        arrays_.array_buffer = uint32_t(name);
      else if (target == gl::ELEMENT_ARRAY_BUFFER)
        arrays_.element_array_buffer = uint32_t(name);
      else
        throw UnsupportedError("buffer target " + a.enum_text(0) + " is not supported");
      if (name != 0) arrays_.buffers[uint32_t(name)];
    });
    on("glBufferData" + arb, [this](const CallArgs& a) {
      a.expect_count(4);
      GlBufferObject& b = bound_buffer(a, a.enumeration(0));
      int64_t size = a.integer(1);
      if (size < 0) a.fail("negative size");
      b.bytes.assign(size_t(size), 0);
      const GliArg& p = a.arg(2);
      if (p.kind != GliArg::Kind::Pointer) return;  // NULL: storage only
      const std::vector<uint8_t>& src = data_.buffer(GliData::descriptor_of(p.text));
      if (src.size() < b.bytes.size())
        a.fail("buffer " + p.text + " holds " + std::to_string(src.size()) + " bytes, " +
               std::to_string(size) + " needed");
      std::copy(src.begin(), src.begin() + std::ptrdiff_t(size), b.bytes.begin());
    });
    on("glBufferSubData" + arb, [this](const CallArgs& a) {
      a.expect_count(4);
      GlBufferObject& b = bound_buffer(a, a.enumeration(0));
      int64_t off = a.integer(1), size = a.integer(2);
      if (off < 0 || size < 0 || uint64_t(off + size) > b.bytes.size())
        a.fail("bytes " + std::to_string(off) + ".." + std::to_string(off + size) +
               " lie outside the buffer's " + std::to_string(b.bytes.size()));
      const std::vector<uint8_t>& src = data_.buffer(GliData::descriptor_of(a.arg(3).text));
      if (src.size() < uint64_t(size))
        a.fail("buffer " + a.arg(3).text + " holds " + std::to_string(src.size()) + " bytes, " +
               std::to_string(size) + " needed");
      std::copy(src.begin(), src.begin() + std::ptrdiff_t(size),
                b.bytes.begin() + std::ptrdiff_t(off));
    });
  }
  on("glDrawArrays", [this](const CallArgs& a) {
    a.expect_count(3);
    int64_t first = a.integer(1), count = a.integer(2);
    if (first < 0 || count < 0) a.fail("negative first or count");
    std::vector<uint32_t> idx(static_cast<size_t>(count));
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = uint32_t(first + int64_t(i));
    draw_arrays(a.enumeration(0), idx);
  });
  on("glDrawElements", [this](const CallArgs& a) {
    a.expect_count(4);
    draw_arrays(a.enumeration(0), element_indices(a, a.integer(1), a.enumeration(2), 3));
  });
  for (const char* n : {"glDrawRangeElements", "glDrawRangeElementsEXT"})
    on(n, [this](const CallArgs& a) {
      a.expect_count(6);
      std::vector<uint32_t> idx = element_indices(a, a.integer(3), a.enumeration(4), 5);
      for (uint32_t i : idx)
        if (i < a.integer(1) || i > a.integer(2))
          a.fail("index " + std::to_string(i) + " lies outside the range given");
      draw_arrays(a.enumeration(0), idx);
    });
}

std::vector<uint32_t> GlTranslator::element_indices(const CallArgs& a, int64_t count, uint32_t type,
                                                    size_t ptr) {
  if (count < 0) a.fail("negative count");
  uint32_t size = type == gl::UNSIGNED_BYTE    ? 1
                  : type == gl::UNSIGNED_SHORT ? 2
                  : type == gl::UNSIGNED_INT   ? 4
                                               : 0;
  if (size == 0) a.fail("index type not GL_UNSIGNED_BYTE/SHORT/INT");
  const std::vector<uint8_t>* src;
  uint64_t offset = 0;
  std::string what;
  if (arrays_.element_array_buffer != 0) {
    int64_t off = a.integer(ptr);
    if (off < 0) a.fail("negative index offset");
    offset = uint64_t(off);
    src = &arrays_.buffers[arrays_.element_array_buffer].bytes;
    what = "element buffer object " + std::to_string(arrays_.element_array_buffer);
  } else {
    what = "client buffer " + a.arg(ptr).text;
    src = &data_.buffer(GliData::descriptor_of(a.arg(ptr).text));
  }
  uint64_t end = offset + uint64_t(count) * size;
  if (end > src->size())
    a.fail(std::to_string(count) + " indices from byte offset " + std::to_string(offset) +
           " run past the end of " + what + " (" + std::to_string(src->size()) + " bytes)");
  std::vector<uint32_t> idx(static_cast<size_t>(count));
  const uint8_t* p = src->data() + offset;
  for (size_t i = 0; i < idx.size(); ++i, p += size)
    idx[i] = size == 1   ? p[0]
             : size == 2 ? uint32_t(p[0] | p[1] << 8)
                         : uint32_t(p[0] | p[1] << 8 | p[2] << 16) | uint32_t(p[3]) << 24;
  return idx;
}

void GlTranslator::draw_arrays(uint32_t mode, const std::vector<uint32_t>& idx) {
  convert_indexed(mode, {}, false);  // reject a bad mode even when nothing is drawn
  for (size_t i = 1; i < arrays_.attrib.size(); ++i)
    if (arrays_.attrib[i].enabled)
      throw UnsupportedError("generic vertex attribute " + std::to_string(i) +
                             " (it needs an ARB vertex program)");
  const GlArray& pos = arrays_.attrib[0].enabled ? arrays_.attrib[0] : arrays_.vertex;
  if (!pos.enabled || idx.empty()) return;  // GL draws nothing without positions
  auto [lo, hi] = std::minmax_element(idx.begin(), idx.end());
  const uint32_t first = *lo, span = *hi - *lo + 1;
  auto read = [&](const GlArray& a, uint32_t i, float* out, uint32_t max) {
    const std::vector<uint8_t>& b = array_bytes(a);
    for (uint32_t c = 0; c < std::min(a.size, max); ++c) out[c] = fetch_component(b, a, i, c);
  };
  {
    // The highest index first: a bad one fails naming its byte offset before the vertex
    // span is allocated.
    std::array<float, 4> probe{};
    read(pos, *hi, probe.data(), 4);
  }
  std::vector<ImmediateVertex> v(span);
  for (uint32_t k = 0; k < span; ++k) {
    ImmediateVertex& x = v[k];
    const uint32_t i = first + k;
    x.position = {0, 0, 0, 1};
    read(pos, i, x.position.data(), 4);
    for (size_t c = 0; c < 3; ++c) x.normal[c] = float(state_.normal[c]);
    if (arrays_.normal.enabled) read(arrays_.normal, i, x.normal.data(), 3);
    for (size_t c = 0; c < 4; ++c) x.color[c] = float(state_.color[c]);
    if (arrays_.color.enabled) {
      x.color[3] = 1;
      read(arrays_.color, i, x.color.data(), 4);
    }
    for (size_t u = 0; u < 8; ++u) {
      for (size_t c = 0; c < 4; ++c) x.tex[u][c] = float(state_.texcoord[u][c]);
      if (arrays_.texcoord[u].enabled) {
        x.tex[u] = {0, 0, 0, 1};
        read(arrays_.texcoord[u], i, x.tex[u].data(), 4);
      }
    }
  }
  std::vector<uint32_t> rebased(idx.size());
  for (size_t k = 0; k < idx.size(); ++k) rebased[k] = idx[k] - first;
  out_.draw_indexed(state_, std::move(v),
                    convert_indexed(mode, rebased, state_.shade_model == gl::FLAT));
}

}  // namespace gfx::import
