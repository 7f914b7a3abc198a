#include "import/pix_reader.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <unordered_map>

#include "common/error.h"
#include "import/pix_calls.h"

namespace gfx::import {

namespace {

// Chunk types of a run file.
constexpr uint32_t kVersion = 0x3E8, kAttributeDescriptor = 0x3E9, kEventDescriptor = 0x3EA,
                   kEvent = 0x3EB, kAsyncAttribute = 0x3EC, kFooter = 0x3ED;
constexpr uint32_t kCallEvent = 8;        // event descriptor "D3D Call"
constexpr uint32_t kPackedCallAttr = 19;  // attribute "PackedCallPackage"

uint32_t load_u32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);  // the files are little endian, as is every host we build on
  return v;
}

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%X", v);
  return buf;
}

class ChunkReader {
 public:
  ChunkReader(const std::string& path, const std::vector<uint8_t>& bytes)
      : path_(path), bytes_(bytes) {}

  PixCapture run() {
    PixCapture capture;
    capture.path = path_;
    calls_ = &capture.calls;
    uint64_t at = 0;
    while (at < bytes_.size()) at = chunk(at);
    for (const PixCall& c : capture.calls)
      if (c.record.empty())
        throw Error(
            pix_location(path_, c.index, "?", event_offsets_[c.index],
                         "call event " + std::to_string(c.event_id) + " has no call record"));
    return capture;
  }

 private:
  // Reads the chunk at `at`, returns where the next one starts.
  uint64_t chunk(uint64_t at) {
    const uint64_t left = bytes_.size() - at;
    if (left < 8)
      fail(at, at, "file ends inside a chunk header (" + std::to_string(left) + " of 8 bytes)");
    const uint32_t size = load_u32(&bytes_[at]);
    const uint32_t type = load_u32(&bytes_[at + 4]);
    if (size < 4) fail(at, at, "chunk size " + std::to_string(size) + " is below 4");
    if (size + 4ull > left)
      fail(at, at,
           "chunk of " + std::to_string(size + 4ull) + " bytes runs past the end of the file (" +
               std::to_string(left) + " bytes left)");
    const uint8_t* p = &bytes_[at + 8];
    const uint32_t n = size - 4;  // payload bytes
    switch (type) {
      case kVersion:
      case kAttributeDescriptor:
      case kEventDescriptor:
      case kFooter: break;
      case kEvent: event(at, p, n); break;
      case kAsyncAttribute: attribute(at, p, n); break;
      default: fail(at, at + 4, "unknown chunk type " + hex(type));
    }
    return at + 4 + size;
  }

  void event(uint64_t at, const uint8_t* p, uint32_t n) {
    if (n < 8) fail(at, at + 8, "event chunk of " + std::to_string(n) + " bytes is too short");
    if (load_u32(p) != kCallEvent) return;
    PixCall c;
    c.index = static_cast<uint32_t>(calls_->size());
    c.event_id = load_u32(p + 4);
    by_event_[c.event_id] = c.index;
    event_offsets_.push_back(at);
    calls_->push_back(std::move(c));
  }

  void attribute(uint64_t at, const uint8_t* p, uint32_t n) {
    if (n < 12) fail(at, at + 8, "attribute chunk of " + std::to_string(n) + " bytes is too short");
    if (load_u32(p + 4) != kPackedCallAttr) return;
    const uint32_t event_id = load_u32(p);
    const uint32_t size = load_u32(p + 8);
    const uint64_t record_at = at + 20;
    auto it = by_event_.find(event_id);
    if (it == by_event_.end())
      fail(at, at + 8,
           "call record of event " + std::to_string(event_id) + ", which no call event announced");
    PixCall& c = (*calls_)[it->second];
    const std::string name = n >= 16 ? pix::call_name(load_u32(p + 12)) : "?";
    auto bad = [&](const std::string& problem) {
      throw Error(pix_location(path_, c.index, name, record_at, problem));
    };
    if (size > n - 12)
      bad("call record of " + std::to_string(size) + " bytes overruns its chunk (" +
          std::to_string(n - 12) + " bytes)");
    if (size < 8) bad("call record of " + std::to_string(size) + " bytes has no call id");
    if (!c.record.empty()) bad("second call record for event " + std::to_string(event_id));
    c.id = load_u32(p + 12);
    c.offset = record_at;
    c.record.assign(p + 12, p + 12 + size);
  }

  // The error of a damaged chunk at `at`, located at `offset`: named after the call the
  // chunk belongs to when it is a call record whose header survived, else after the last
  // call event read.
  [[noreturn]] void fail(uint64_t at, uint64_t offset, const std::string& problem) const {
    uint32_t index = 0;
    std::string name = "?";
    if (!calls_->empty()) {
      index = calls_->back().index;
      if (!calls_->back().record.empty()) name = pix::call_name(calls_->back().id);
    }
    if (bytes_.size() - at >= 28 && load_u32(&bytes_[at + 4]) == kAsyncAttribute &&
        load_u32(&bytes_[at + 12]) == kPackedCallAttr) {
      auto it = by_event_.find(load_u32(&bytes_[at + 8]));
      if (it != by_event_.end()) {
        index = it->second;
        name = pix::call_name(load_u32(&bytes_[at + 20]));
      }
    }
    throw Error(pix_location(path_, index, name, offset, problem));
  }

  const std::string& path_;
  const std::vector<uint8_t>& bytes_;
  std::vector<PixCall>* calls_ = nullptr;
  std::vector<uint64_t> event_offsets_;  // file offset of each call's event chunk
  std::unordered_map<uint32_t, uint32_t> by_event_;
};

}  // namespace

std::string pix_location(const std::string& path, uint32_t call_index, const std::string& name,
                         uint64_t offset, const std::string& problem) {
  return path + ": call " + std::to_string(call_index) + " (" + name + "): byte offset " +
         std::to_string(offset) + ": " + problem;
}

PixCapture read_pix(const std::string& path, const std::vector<uint8_t>& bytes) {
  return ChunkReader(path, bytes).run();
}

PixCapture read_pix_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ": cannot open");
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
  return read_pix(path, bytes);
}

PixArgs::PixArgs(const std::string& path, const PixCall& call) : path_(path), call_(call) {}

void PixArgs::fail(const std::string& problem) const {
  throw Error(pix_location(path_, call_.index, pix::call_name(call_.id), offset(), problem));
}

const uint8_t* PixArgs::take(size_t n, const char* what) {
  if (call_.record.size() - pos_ < n)
    fail(std::string("call record ends before its ") + what + " (" + std::to_string(n) +
         " bytes needed, " + std::to_string(call_.record.size() - pos_) + " left)");
  const uint8_t* p = call_.record.data() + pos_;
  pos_ += n;
  return p;
}

uint32_t PixArgs::u32() { return load_u32(take(4, "arguments")); }

float PixArgs::f32() {
  float f;
  std::memcpy(&f, take(4, "arguments"), 4);
  return f;
}

std::vector<uint8_t> PixArgs::pointed(size_t bytes, uint32_t* pointer) {
  uint32_t p = u32();
  if (pointer) *pointer = p;
  const uint8_t* s = take(bytes, "arguments");
  return std::vector<uint8_t>(s, s + bytes);
}

uint32_t PixArgs::created() {
  u32();  // where the application wanted the pointer written
  return u32();
}

std::vector<uint8_t> PixArgs::array(const char* what) {
  if (at_end()) fail(std::string("the ") + what + " array data is missing");
  const uint8_t* h = take(16, "array header");
  const uint32_t size = load_u32(h + 4);
  if (call_.record.size() - pos_ < size)
    fail(std::string("the ") + what + " array data (" + std::to_string(size) +
         " bytes) runs past the call record's end (" + std::to_string(call_.record.size() - pos_) +
         " bytes left)");
  const uint8_t* s = take(size, "array data");
  return std::vector<uint8_t>(s, s + size);
}

}  // namespace gfx::import
