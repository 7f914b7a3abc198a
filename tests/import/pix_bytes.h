// Builds small PIX run files in memory for the importer's tests: chunks, call events and
// their packed call records, laid out as the real captures are (see pix_reader.h).
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

namespace gfx::import::testing {

class PixBytes {
 public:
  PixBytes() { chunk(0x3E8, {1, 0, 0, 0}); }  // the version chunk: 12 bytes

  // A chunk: u32 size (type + payload), u32 type, payload.
  void chunk(uint32_t type, const std::vector<uint8_t>& payload) {
    word(static_cast<uint32_t>(payload.size() + 4));
    word(type);
    bytes.insert(bytes.end(), payload.begin(), payload.end());
  }
  // A call event (28 bytes) and its record chunk (20 + 8 + 4 * fields + extra bytes).
  void call(uint32_t call_id, const std::vector<uint32_t>& fields,
            const std::vector<uint8_t>& extra = {}) {
    event(next_event_);
    record(next_event_, call_id, fields, extra);
    ++next_event_;
  }
  void event(uint32_t event_id) {
    std::vector<uint8_t> p;
    put(p, 8);
    put(p, event_id);
    put(p, 0);  // parent
    put(p, 0);  // time, u64
    put(p, 0);
    chunk(0x3EB, p);
  }
  void record(uint32_t event_id, uint32_t call_id, const std::vector<uint32_t>& fields,
              const std::vector<uint8_t>& extra = {}) {
    std::vector<uint8_t> r;
    put(r, call_id);
    put(r, 1);
    for (uint32_t f : fields) put(r, f);
    r.insert(r.end(), extra.begin(), extra.end());
    std::vector<uint8_t> p;
    put(p, event_id);
    put(p, 19);
    put(p, static_cast<uint32_t>(r.size()));
    p.insert(p.end(), r.begin(), r.end());
    chunk(0x3EC, p);
  }
  // Trailing array data: address, size, 0, size, bytes.
  static std::vector<uint8_t> array(const std::vector<uint8_t>& data) {
    std::vector<uint8_t> a;
    put(a, 0x1000);
    put(a, static_cast<uint32_t>(data.size()));
    put(a, 0);
    put(a, static_cast<uint32_t>(data.size()));
    a.insert(a.end(), data.begin(), data.end());
    return a;
  }
  static std::vector<uint8_t> floats(const std::vector<float>& v) {
    std::vector<uint8_t> b(v.size() * 4);
    std::memcpy(b.data(), v.data(), b.size());
    return b;
  }
  static uint32_t bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
  }
  static void put(std::vector<uint8_t>& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }

  std::vector<uint8_t> bytes;

 private:
  void word(uint32_t v) { put(bytes, v); }
  uint32_t next_event_ = 10;
};

}  // namespace gfx::import::testing
