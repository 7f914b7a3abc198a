#include <cstring>
#include <string>

#include "import/conversion_error.h"
#include "import/gl_arrays.h"
#include "import/gli_enums.h"

namespace gfx::import {

uint32_t gl_type_size(uint32_t type) {
  switch (type) {
    case gl::BYTE:
    case gl::UNSIGNED_BYTE: return 1;
    case gl::SHORT:
    case gl::UNSIGNED_SHORT: return 2;
    case gl::INT:
    case gl::UNSIGNED_INT:
    case gl::FLOAT: return 4;
    case gl::DOUBLE: return 8;
  }
  return 0;
}

namespace {

template <class T> T load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

}  // namespace

float fetch_component(const std::vector<uint8_t>& data, const GlArray& a, uint64_t index,
                      uint32_t c) {
  const uint32_t size = gl_type_size(a.type);
  const uint64_t stride = a.stride ? a.stride : uint64_t(size) * a.size;
  const uint64_t at = a.offset + index * stride + uint64_t(c) * size;
  if (at + size > data.size())
    throw ConversionError(
        "array element " + std::to_string(index) + " reads byte offset " + std::to_string(at) +
        " of " +
        (a.buffer ? "buffer object " + std::to_string(a.buffer) : "client buffer " + a.pointer) +
        ", which holds " + std::to_string(data.size()) + " bytes");
  const uint8_t* p = data.data() + at;
  // GL 2.1 table 2.9: normalized integers map c / (2^b - 1), signed (2c + 1) / (2^b - 1).
  switch (a.type) {
    case gl::FLOAT: return load<float>(p);
    case gl::DOUBLE: return static_cast<float>(load<double>(p));
    case gl::UNSIGNED_BYTE: return a.normalized ? float(*p / 255.0) : float(*p);
    case gl::BYTE: {
      auto v = load<int8_t>(p);
      return a.normalized ? float((2.0 * v + 1) / 255.0) : float(v);
    }
    case gl::UNSIGNED_SHORT: {
      auto v = load<uint16_t>(p);
      return a.normalized ? float(v / 65535.0) : float(v);
    }
    case gl::SHORT: {
      auto v = load<int16_t>(p);
      return a.normalized ? float((2.0 * v + 1) / 65535.0) : float(v);
    }
    case gl::UNSIGNED_INT: {
      auto v = load<uint32_t>(p);
      return a.normalized ? float(v / 4294967295.0) : float(v);
    }
    case gl::INT: {
      auto v = load<int32_t>(p);
      return a.normalized ? float((2.0 * v + 1) / 4294967295.0) : float(v);
    }
  }
  throw ConversionError("array type " + std::to_string(a.type) + " is not a GL data type");
}

}  // namespace gfx::import
