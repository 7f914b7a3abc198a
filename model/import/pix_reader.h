// Reads a PIX for Windows run file (.PIXRun) of a Direct3D 9 program into its list of
// calls. Models the chunk stream (u32 size, u32 type, payload) and what an importer needs
// of it: the call events (event descriptor 8) and their packed call records (async
// attribute 19 with the same event id), in event order. Leaves out the descriptors'
// meaning, timings, frame events and the footer (skipped), and the synchronous call event
// (descriptor 11), which the captures we read do not use.
//
// A call record is u32 call id, u32 1, then 4-byte fields: the return value, the `this`
// handle (methods only) and the arguments in order. PixArgs walks those fields; its
// errors, like the reader's, read "FILE: call N (Name): byte offset B: problem", N
// counting the capture's call events from 0 and B the file offset of the bad byte.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace gfx::import {

struct PixCall {
  uint32_t index = 0;           // among the capture's call events, from 0
  uint32_t event_id = 0;        // PIX's event id
  uint32_t id = 0;              // PIX call id (import/pix_calls.h)
  uint64_t offset = 0;          // file offset of the record's call id
  std::vector<uint8_t> record;  // the packed call record, from the call id on
};

struct PixCapture {
  std::string path;
  std::vector<PixCall> calls;
};

PixCapture read_pix(const std::string& path, const std::vector<uint8_t>& bytes);
PixCapture read_pix_file(const std::string& path);

// "FILE: call N (Name): byte offset B: problem".
std::string pix_location(const std::string& path, uint32_t call_index, const std::string& name,
                         uint64_t offset, const std::string& problem);

// Reads one record's fields in order, from the return value on.
class PixArgs {
 public:
  PixArgs(const std::string& path, const PixCall& call);

  uint32_t u32();
  int32_t i32() { return static_cast<int32_t>(u32()); }
  float f32();
  // A pointer argument and the struct of `bytes` bytes that follows it even when the
  // pointer is NULL; returns the struct's bytes (the pointer, when asked, in *pointer).
  std::vector<uint8_t> pointed(size_t bytes, uint32_t* pointer = nullptr);
  // An out-parameter: the pointer, then the handle of the object the call made.
  uint32_t created();
  // The next trailing array: u32 address, u32 size, two u32s, then `size` bytes.
  std::vector<uint8_t> array(const char* what);
  // Fails unless the record has no fields left (records that carry nothing more).
  bool at_end() const { return pos_ >= call_.record.size(); }

  const PixCall& call() const { return call_; }
  uint64_t offset() const { return call_.offset + pos_; }
  // Throws Error located at the current field.
  [[noreturn]] void fail(const std::string& problem) const;

 private:
  const uint8_t* take(size_t n, const char* what);

  const std::string& path_;
  const PixCall& call_;
  size_t pos_ = 8;  // past the call id and the constant 1
};

}  // namespace gfx::import
