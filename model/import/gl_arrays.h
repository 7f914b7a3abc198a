// Vertex arrays and buffer objects as GL 1.5 / ARB_vertex_buffer_object keep them: one
// pointer per array (vertex, normal, colour, a texture-coordinate set per unit, generic
// attributes), each either in client memory (a `*N` pointer: buffer descriptor N of the
// capture's data files) or at an offset in the buffer object bound to GL_ARRAY_BUFFER
// when the pointer was given; the buffer objects' bytes. Plain data; the calls are in
// gl_calls_arrays.cpp and the vertex fetch in gl_fetch.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gfx::import {

struct GlArray {
  bool enabled = false;
  uint32_t size = 4;        // components
  uint32_t type = 0x1406;   // GL_FLOAT
  uint32_t stride = 0;      // bytes; 0: tightly packed
  bool normalized = false;  // integers map to [0, 1] / [-1, 1]
  uint32_t buffer = 0;      // buffer object name; 0: client memory
  uint64_t offset = 0;      // into the buffer object
  std::string pointer;      // client memory: the pointer argument as written ("*N")
};

struct GlBufferObject {
  std::vector<uint8_t> bytes;
};

struct GlArrays {
  GlArray vertex, normal, color;
  std::array<GlArray, 8> texcoord;
  std::array<GlArray, 16> attrib;  // glVertexAttribPointerARB
  uint32_t client_active_texture = 0;
  uint32_t array_buffer = 0, element_array_buffer = 0;
  std::map<uint32_t, GlBufferObject> buffers;  // by name (glGenBuffers / first bind)
};

// Bytes one component of a GL data type takes; 0 for a type arrays cannot hold.
uint32_t gl_type_size(uint32_t type);
// Component `c` of element `index` of an array whose bytes are `data`, as a float (an
// integer normalized when the array is). ConversionError naming the byte offset when the
// element lies past the data's end.
float fetch_component(const std::vector<uint8_t>& data, const GlArray& a, uint64_t index,
                      uint32_t c);

}  // namespace gfx::import
