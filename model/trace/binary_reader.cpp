// The streamed binary trace reader. It keeps one record payload in a reused buffer and
// decodes it into the caller's command, so memory stays bounded by the largest record
// whatever the length of the trace. The END record must close the stream, and the gzip
// trailer after it is checked, so a file cut anywhere is reported, never read short.
#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>
#include <new>

#include "common/error.h"
#include "trace/binary_codec.h"
#include "trace/check.h"
#include "trace/command_table.h"
#include "trace/forms.h"
#include "trace/gz_file.h"

namespace gfx::trace {
namespace {

// A plausibility bound on one record (2 GiB). Payloads grow only as their bytes arrive,
// so a corrupt length word cannot allocate much before truncation is noticed; this bound
// stops it from reading a huge stream for nothing.
constexpr uint64_t kMaxPayload = uint64_t{1} << 31;
constexpr std::size_t kChunk = std::size_t{1} << 20;  // payloads grow as their bytes arrive

class BinaryReader final : public Reader {
 public:
  BinaryReader(const std::string& path, const Limits& limits) : path_(path), limits_(limits) {
    open_stream();
    read_header();
    check_header_limits(header_, limits_, path_ + ": header");
  }

  const Header& header() const override { return header_; }
  Form form() const override { return Form::Binary; }
  std::size_t buffered_bytes() const override { return payload_.capacity(); }
  std::string where() const override {
    return path_ + ": command " + std::to_string(command_ < 0 ? 0 : command_);
  }

  bool next(Command& out) override {
    // After an error the stream position is meaningless: repeat the error, never resume.
    if (!failure_.empty()) throw Error(failure_);
    if (done_) return false;
    try {
      return read_command(out);
    } catch (const Error& e) {
      failure_ = e.what();
      throw;
    } catch (const std::bad_alloc&) {
      failure_ = place() + ": out of memory (std::bad_alloc) reading this command";
      throw Error(failure_);
    }
  }

 private:
  bool read_command(Command& out) {
    ++command_;
    uint16_t opcode = read_record();
    if (opcode == kEndOpcode) {
      at_end_ = true;
      if (!payload_.empty())
        fail("END record carries " + std::to_string(payload_.size()) + " bytes");
      check_stream_end();
      done_ = true;
      --command_;
      return false;
    }
    auto index = command_index_for_opcode(opcode);
    if (!index) {
      fail(opcode == kHeaderOpcode ? std::string("a second header record")
                                   : "unknown opcode " + std::to_string(opcode) +
                                         " (the file may come from a newer gfxsim than this one)");
    }
    try {
      binary::decode(*index, payload_.data(), payload_.size(), out);
      check_command(out);
    } catch (const FieldError& e) {
      throw Error(describe_field_error(place() + " (" + command_info(*index).name + ")", e));
    }
    return true;
  }

  std::string place() const {
    if (command_ < 0) return path_ + ": header record at byte " + std::to_string(record_start_);
    if (at_end_) return path_ + ": END record at byte " + std::to_string(record_start_);
    return path_ + ": command " + std::to_string(command_) + " at byte " +
           std::to_string(record_start_);
  }
  [[noreturn]] void fail(const std::string& problem) const {
    throw Error(place() + ": " + problem);
  }

  std::string zlib_note() const {
    int err = Z_OK;
    const char* msg = gzerror(gz_.get(), &err);
    if (err == Z_OK || err == Z_STREAM_END || !msg || !*msg) return "";
    // zlib prefixes its message with the file name, "<fd:N>" for a descriptor: drop it.
    std::string m = msg;
    if (m.rfind("<fd:", 0) == 0 && m.find(": ") != std::string::npos) m.erase(0, m.find(": ") + 2);
    return "; zlib: " + m;
  }

  // Up to n bytes of the uncompressed stream; fewer only at its end.
  std::size_t read_some(uint8_t* dst, std::size_t n) {
    std::size_t got = 0;
    while (got < n) {
      int r = gzread(gz_.get(), dst + got, static_cast<unsigned>(std::min(n - got, kChunk)));
      if (r < 0) fail("corrupt or truncated compressed data" + zlib_note());
      if (r == 0) break;
      got += static_cast<std::size_t>(r);
    }
    offset_ += got;
    return got;
  }

  void open_stream() {
    int fd = ::open(path_.c_str(), O_RDONLY);
    if (fd < 0) throw Error(path_ + ": cannot open trace: " + std::strerror(errno));
    uint8_t pre[binary::kPreambleSize];
    std::size_t n = 0;
    while (n < sizeof pre) {
      ssize_t r = ::read(fd, pre + n, sizeof pre - n);
      if (r <= 0) break;
      n += static_cast<std::size_t>(r);
    }
    auto bad = [&](const std::string& problem) {
      ::close(fd);
      throw Error(path_ + ": " + problem);
    };
    if (std::memcmp(pre, binary::kMagic, std::min(n, sizeof binary::kMagic)) != 0 || n == 0)
      bad("bad magic: not a gfxsim binary trace (expected \"GFXTRACE\")");
    if (n < sizeof pre)
      bad("truncated at byte " + std::to_string(n) + " (the file is shorter than its " +
          std::to_string(sizeof pre) + "-byte magic and version)");
    uint32_t version =
        pre[8] | (uint32_t{pre[9]} << 8) | (uint32_t{pre[10]} << 16) | (uint32_t{pre[11]} << 24);
    if (version == 0) bad("invalid format version 0");
    if (version > kFormatVersion)
      bad("format version " + std::to_string(version) + " is newer than this gfxsim reads (" +
          std::to_string(kFormatVersion) + "); use a newer gfxsim");
    gz_.reset(gzdopen(fd, "rb"));
    if (!gz_) bad("cannot start decompression");
    gzbuffer(gz_.get(), 1u << 16);
    header_.version = version;
  }

  // Reads one record into payload_; returns its opcode.
  uint16_t read_record() {
    record_start_ = offset_;
    uint8_t h[binary::kRecordHeaderSize];
    std::size_t got = read_some(h, sizeof h);
    if (got == 0)
      fail(std::string("truncated: the stream ends ") +
           (command_ < 0 ? "before the header record" : "without its END record") + zlib_note());
    if (got < sizeof h)
      fail("truncated (expected a 6-byte record header, got " + std::to_string(got) + ")" +
           zlib_note());
    // zlib passes data without a gzip header through unchanged; a trace must be compressed.
    if (gzdirect(gz_.get())) fail("the data after the version word is not gzip-compressed");
    uint16_t opcode = static_cast<uint16_t>(h[0] | (h[1] << 8));
    uint32_t len = h[2] | (uint32_t{h[3]} << 8) | (uint32_t{h[4]} << 16) | (uint32_t{h[5]} << 24);
    if (len > kMaxPayload) fail("record length " + std::to_string(len) + " is not plausible");
    // A resource over its limit is refused on its length word, before its bytes are read.
    if (auto index = command_index_for_opcode(opcode)) {
      const RecordBound bound = record_bound(*index, limits_);
      if (bound.bytes && len > bound.bytes)
        fail(std::string(command_info(*index).name) + " record of " + std::to_string(len) +
             " bytes is too long for a resource within " + cfg::limit_text(bound.key, bound.limit));
    }
    payload_.clear();
    std::size_t have = 0;
    while (have < len) {
      std::size_t want = std::min<std::size_t>(len - have, kChunk);
      payload_.resize(have + want);
      std::size_t r = read_some(payload_.data() + have, want);
      have += r;
      if (r < want) {
        payload_.resize(have);
        fail("truncated (expected " + std::to_string(len) + " payload bytes, got " +
             std::to_string(have) + ")" + zlib_note());
      }
    }
    return opcode;
  }

  void read_header() {
    uint16_t opcode = read_record();
    if (opcode != kHeaderOpcode)
      fail("expected the header record (opcode 0), found opcode " + std::to_string(opcode));
    try {
      binary::decode_header(payload_.data(), payload_.size(), header_);
      check_header(header_);
    } catch (const FieldError& e) {
      throw Error(describe_field_error(place(), e));
    }
  }

  // After END only the gzip trailer may follow; reading on makes zlib check it.
  void check_stream_end() {
    uint8_t extra;
    int r = gzread(gz_.get(), &extra, 1);
    int err = Z_OK;
    gzerror(gz_.get(), &err);
    if (r > 0) fail("data after the END record");
    if (r < 0 || (err != Z_OK && err != Z_STREAM_END))
      fail("truncated or corrupt gzip trailer after the END record" + zlib_note());
    gz_.reset();
    payload_ = {};
  }

  std::string path_;
  Limits limits_;
  GzHandle gz_;
  Header header_;
  std::vector<uint8_t> payload_;
  uint64_t offset_ = 0;        // uncompressed bytes consumed so far
  uint64_t record_start_ = 0;  // uncompressed offset of the current record
  int64_t command_ = -1;       // index of the current command; -1 while on the header
  bool at_end_ = false;        // the END record has been read
  std::string failure_;        // the error next() threw, if any
  bool done_ = false;
};

}  // namespace

std::unique_ptr<Reader> open_binary_reader(const std::string& path, const Limits& limits) {
  return std::make_unique<BinaryReader>(path, limits);
}

}  // namespace gfx::trace
