// Binary payload encoding and decoding, driven by the field walk of schema.h.
#include "trace/binary_codec.h"

#include <cstring>
#include <string>
#include <type_traits>

#include "trace/check.h"
#include "trace/command_table.h"
#include "trace/schema.h"

namespace gfx::trace::binary {
namespace {

using schema::Blob;
using schema::ClearMask;
using schema::Color;
using schema::Levels;
using schema::Methods;

template <class T> constexpr bool kScalar = std::is_integral_v<T> || std::is_enum_v<T>;

// The unsigned integer of the same width as an integer or enum field.
template <class T, bool = std::is_enum_v<T>> struct Raw { using type = std::make_unsigned_t<T>; };
template <class T> struct Raw<T, true> {
  using type = std::make_unsigned_t<std::underlying_type_t<T>>;
};

class Encoder {
 public:
  explicit Encoder(std::vector<uint8_t>& out) : out_(out) {}

  template <class T> void put(T v) {  // little-endian, whatever the host
    static_assert(kScalar<T>);
    using U = typename Raw<T>::type;
    auto u = static_cast<U>(v);
    for (std::size_t i = 0; i < sizeof(U); ++i) out_.push_back(static_cast<uint8_t>(u >> (8 * i)));
  }
  void put_float(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    put(u);
  }
  void put_bytes(const std::vector<uint8_t>& b) {
    put(static_cast<uint32_t>(b.size()));
    out_.insert(out_.end(), b.begin(), b.end());
  }

  template <class T> void operator()(const char*, T& x, bool = false) {
    if constexpr (kScalar<T>) {
      put(x);
    } else if constexpr (std::is_same_v<T, float>) {
      put_float(x);
    } else if constexpr (std::is_same_v<T, std::string>) {
      put(static_cast<uint32_t>(x.size()));
      out_.insert(out_.end(), x.begin(), x.end());
    } else if constexpr (std::is_same_v<T, api::Matrix4>) {
      for (float f : x) put_float(f);
    } else if constexpr (std::is_same_v<T, std::vector<uint32_t>>) {
      put(static_cast<uint32_t>(x.size()));
      for (uint32_t u : x) put(u);
    } else {
      static_assert(std::is_same_v<T, std::vector<float>>);
      put(static_cast<uint32_t>(x.size()));
      for (float f : x) put_float(f);
    }
  }
  void operator()(const char*, Blob b, bool = false) { put_bytes(b.bytes); }
  void operator()(const char*, Levels l, bool = false) {
    put(static_cast<uint32_t>(l.levels.size()));
    for (const auto& level : l.levels) put_bytes(level);
  }
  void operator()(const char*, Color c, bool = false) { put(c.value); }
  void operator()(const char*, ClearMask m, bool = false) { put(m.value); }
  void operator()(const char*, Methods m, bool = false) {  // one byte per element
    for (const auto& e : m.elements) put(static_cast<uint8_t>(e.method));
  }
  template <class R> void list(const char*, std::vector<R>& elems) {
    put(static_cast<uint32_t>(elems.size()));
    for (auto& e : elems) schema::describe(*this, e);
  }
  void render_states(std::vector<RenderStateValue>& states) {
    put(static_cast<uint32_t>(states.size()));
    for (const auto& s : states) {
      put(static_cast<uint16_t>(s.id));
      put(s.value);
    }
  }
  template <class T> T& resource(std::shared_ptr<const T>& p) {
    if (!p) throw FieldError("", "command has no resource object (null pointer)");
    return const_cast<T&>(*p);
  }

 private:
  std::vector<uint8_t>& out_;
};

// The fewest bytes one nested record takes, so a count is checked before any allocation.
// Vertex element: u16 stream, u16 offset, u8 type, u8 usage, u8 usage_index. Input element:
// u32 name length, u32 index, u8 format, u32 slot, u32 offset, u8 class, u32 step rate.
constexpr uint64_t min_record_bytes(const std::vector<api::VertexElement>&) { return 7; }
constexpr uint64_t min_record_bytes(const std::vector<api::InputElement>&) { return 22; }

class Decoder {
 public:
  Decoder(const uint8_t* p, std::size_t n) : p_(p), n_(n) {}

  std::size_t left() const { return n_ - pos_; }
  // Fails before any allocation when the payload cannot hold `count` items of `size`.
  void need(const char* field, uint64_t count, uint64_t size) {
    if (count * size > left())
      throw FieldError(prefix_ + field, "payload ends early (needs " +
                                            std::to_string(count * size) + " more bytes, has " +
                                            std::to_string(left()) + ")");
  }
  template <class T> T get(const char* field) {
    using U = typename Raw<T>::type;
    need(field, 1, sizeof(U));
    U u = 0;
    for (std::size_t i = 0; i < sizeof(U); ++i)
      u = static_cast<U>(u | (U{p_[pos_ + i]} << (8 * i)));
    pos_ += sizeof(U);
    return static_cast<T>(u);
  }
  float get_float(const char* field) {
    uint32_t u = get<uint32_t>(field);
    float f;
    std::memcpy(&f, &u, 4);
    return f;
  }
  void get_bytes(const char* field, std::vector<uint8_t>& b) {
    uint32_t size = get<uint32_t>(field);
    need(field, size, 1);
    b.assign(p_ + pos_, p_ + pos_ + size);
    pos_ += size;
  }

  template <class T> void operator()(const char* field, T& x, bool = false) {
    if constexpr (kScalar<T>) {
      x = get<T>(field);
    } else if constexpr (std::is_same_v<T, float>) {
      x = get_float(field);
    } else if constexpr (std::is_same_v<T, std::string>) {
      uint32_t size = get<uint32_t>(field);
      need(field, size, 1);
      x.assign(reinterpret_cast<const char*>(p_ + pos_), size);
      pos_ += size;
    } else if constexpr (std::is_same_v<T, api::Matrix4>) {
      for (float& f : x) f = get_float(field);
    } else if constexpr (std::is_same_v<T, std::vector<uint32_t>>) {
      uint32_t count = get<uint32_t>(field);
      need(field, count, 4);
      x.resize(count);
      for (uint32_t& u : x) u = get<uint32_t>(field);
    } else {
      static_assert(std::is_same_v<T, std::vector<float>>);
      uint32_t count = get<uint32_t>(field);
      need(field, count, 4);
      x.resize(count);
      for (float& f : x) f = get_float(field);
    }
  }
  void operator()(const char* field, Blob b, bool = false) { get_bytes(field, b.bytes); }
  void operator()(const char* field, Levels l, bool = false) {
    uint32_t count = get<uint32_t>(field);
    need(field, count, 4);  // each level has at least its size word
    l.levels.resize(count);
    for (auto& level : l.levels) get_bytes(field, level);
  }
  void operator()(const char* field, Color c, bool = false) { c.value = get<uint32_t>(field); }
  void operator()(const char* field, ClearMask m, bool = false) { m.value = get<uint32_t>(field); }
  void operator()(const char* field, Methods m, bool = false) {
    need(field, m.elements.size(), 1);
    for (auto& e : m.elements) e.method = static_cast<api::DeclMethod>(get<uint8_t>(field));
  }
  template <class R> void list(const char* field, std::vector<R>& elems) {
    uint32_t count = get<uint32_t>(field);
    need(field, count, min_record_bytes(elems));
    elems.resize(count);
    for (uint32_t i = 0; i < count; ++i) {
      prefix_ = std::string(field) + "[" + std::to_string(i) + "].";
      schema::describe(*this, elems[i]);
    }
    prefix_.clear();
  }
  void render_states(std::vector<RenderStateValue>& states) {
    uint32_t count = get<uint32_t>("states");
    need("states", count, 6);
    states.resize(count);
    for (auto& s : states) {
      s.id = static_cast<api::RenderStateId>(get<uint16_t>("states"));
      s.value = get<uint32_t>("states");
    }
  }
  template <class T> T& resource(std::shared_ptr<const T>& p) {
    auto fresh = std::make_shared<T>();
    p = fresh;
    return *fresh;
  }

  void expect_end() const {
    if (pos_ != n_)
      throw FieldError("",
                       "payload has " + std::to_string(n_ - pos_) + " bytes beyond its last field");
  }

 private:
  const uint8_t* p_;
  std::size_t n_;
  std::size_t pos_ = 0;
  std::string prefix_;  // "elements[i]." while inside a nested record
};

}  // namespace

void encode_header(const Header& h, std::vector<uint8_t>& out) {
  out.clear();
  Encoder e(out);
  schema::describe_const(e, h);
}

void encode(const Command& c, std::vector<uint8_t>& out) {
  out.clear();
  Encoder e(out);
  schema::describe_const(e, c);
}

void decode_header(const uint8_t* payload, std::size_t size, Header& h) {
  Decoder d(payload, size);
  schema::describe(d, h);
  d.expect_end();
}

void decode(std::size_t variant_index, const uint8_t* payload, std::size_t size, Command& out) {
  out = make_command(variant_index);
  Decoder d(payload, size);
  std::visit([&](auto& cmd) { schema::describe(d, cmd); }, out);
  d.expect_end();
}

}  // namespace gfx::trace::binary
