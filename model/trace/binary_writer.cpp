// The binary trace writer: magic and version, then a gzip stream (level 6) of records,
// closed by the END record. The gzip header zlib writes holds no time stamp, so equal
// traces give equal files.
#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>

#include "common/error.h"
#include "trace/binary_codec.h"
#include "trace/check.h"
#include "trace/command_table.h"
#include "trace/forms.h"
#include "trace/gz_file.h"

namespace gfx::trace {
namespace {

class BinaryWriter final : public Writer {
 public:
  BinaryWriter(const std::string& path, const Header& h) : tmp_(path) {
    try {
      check_header(h);
    } catch (const FieldError& e) {
      throw Error(describe_field_error(path + ": header", e));
    }
    int fd = ::open(tmp_.tmp_path().c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) throw Error(tmp_.tmp_path() + ": cannot create: " + std::strerror(errno));
    uint8_t pre[binary::kPreambleSize];
    std::memcpy(pre, binary::kMagic, sizeof binary::kMagic);
    for (int i = 0; i < 4; ++i) pre[8 + i] = static_cast<uint8_t>(kFormatVersion >> (8 * i));
    if (::write(fd, pre, sizeof pre) != static_cast<ssize_t>(sizeof pre)) {
      ::close(fd);
      throw Error(tmp_.tmp_path() + ": write failed: " + std::strerror(errno));
    }
    gz_.reset(gzdopen(fd, "wb6"));
    if (!gz_) {
      ::close(fd);
      throw Error(tmp_.tmp_path() + ": cannot start compression");
    }
    gzbuffer(gz_.get(), 1u << 16);
    binary::encode_header(h, buf_);
    put_record(kHeaderOpcode);
  }

  void write(const Command& c) override {
    if (!gz_) throw Error(tmp_.final_path() + ": write after finish()");
    try {
      check_command(c);
      binary::encode(c, buf_);
    } catch (const FieldError& e) {
      throw Error(describe_field_error(tmp_.final_path() + ": cannot write command " +
                                           std::to_string(count_) + " (" + name_of(c) + ")",
                                       e));
    }
    put_record(opcode_of(c));
    ++count_;
  }

  void finish() override {
    if (!gz_) throw Error(tmp_.final_path() + ": finish() called twice");
    buf_.clear();
    put_record(kEndOpcode);
    int r = gzclose(gz_.release());
    if (r != Z_OK) throw Error(tmp_.tmp_path() + ": closing the compressed stream failed");
    tmp_.commit();
  }

 private:
  void put_record(uint16_t opcode) {
    if (buf_.size() > 0xFFFFFFFFu)
      throw Error(tmp_.final_path() + ": command " + std::to_string(count_) +
                  " is larger than 4 GiB, the limit of a record");
    auto len = static_cast<uint32_t>(buf_.size());
    uint8_t h[binary::kRecordHeaderSize] = {
        static_cast<uint8_t>(opcode),    static_cast<uint8_t>(opcode >> 8),
        static_cast<uint8_t>(len),       static_cast<uint8_t>(len >> 8),
        static_cast<uint8_t>(len >> 16), static_cast<uint8_t>(len >> 24)};
    put(h, sizeof h);
    if (len > 0) put(buf_.data(), len);
  }
  void put(const uint8_t* p, std::size_t n) {
    while (n > 0) {
      unsigned part = static_cast<unsigned>(std::min<std::size_t>(n, 1u << 30));
      if (gzwrite(gz_.get(), p, part) != static_cast<int>(part)) {
        int err = Z_OK;
        throw Error(tmp_.tmp_path() + ": write failed: " + gzerror(gz_.get(), &err));
      }
      p += part;
      n -= part;
    }
  }

  TmpFile tmp_;  // declared first: destroyed after the stream is closed
  GzHandle gz_;
  std::vector<uint8_t> buf_;
  uint64_t count_ = 0;
};

}  // namespace

std::unique_ptr<Writer> create_binary_writer(const std::string& path, const Header& h) {
  return std::make_unique<BinaryWriter>(path, h);
}

}  // namespace gfx::trace
