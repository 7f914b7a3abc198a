// Helpers shared by the trace tests.
#include "test_util.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/error.h"
#include "trace/binary_codec.h"
#include "trace/writer.h"

namespace gfx::test {

ScratchDir::ScratchDir() {
  std::string pattern = std::string(GFX_BINARY_DIR) + "/trace-test-XXXXXX";
  std::vector<char> buf(pattern.begin(), pattern.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data())) throw std::runtime_error("mkdtemp failed");
  dir_ = buf.data();
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), {});
}

void write_bytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

std::string read_text(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << text;
}

bool file_exists(const std::string& path) { return std::filesystem::exists(path); }

std::string source_path(const std::string& relative) {
  return std::string(GFX_SOURCE_DIR) + "/" + relative;
}

WholeTrace read_all(const std::string& path) {
  auto r = trace::Reader::open(path);
  WholeTrace t;
  t.header = r->header();
  trace::Command c;
  while (r->next(c)) t.commands.push_back(c);
  return t;
}

void write_all(const std::string& path, const WholeTrace& t, trace::Form form) {
  auto w = trace::Writer::create(path, t.header, form);
  for (const auto& c : t.commands) w->write(c);
  w->finish();
}

std::vector<uint8_t> encoded(const trace::Command& c) {
  std::vector<uint8_t> payload;
  trace::binary::encode(c, payload);
  uint16_t op = trace::opcode_of(c);
  payload.insert(payload.begin(), {static_cast<uint8_t>(op), static_cast<uint8_t>(op >> 8)});
  return payload;
}

std::string read_error(const std::string& path) {
  try {
    read_all(path);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

std::vector<uint8_t> header_payload(uint32_t width, uint32_t height, const std::string& name) {
  trace::Header h;
  h.width = width;
  h.height = height;
  h.name = name;
  std::vector<uint8_t> out;
  trace::binary::encode_header(h, out);
  return out;
}

void write_raw_binary(const std::string& path, uint32_t version,
                      const std::vector<RawRecord>& records) {
  std::string raw;
  for (const auto& r : records) {
    uint32_t len = r.length ? *r.length : static_cast<uint32_t>(r.payload.size());
    const char h[6] = {static_cast<char>(r.opcode),  static_cast<char>(r.opcode >> 8),
                       static_cast<char>(len),       static_cast<char>(len >> 8),
                       static_cast<char>(len >> 16), static_cast<char>(len >> 24)};
    raw.append(h, 6);
    raw.append(r.payload.begin(), r.payload.end());
  }
  std::string gz_path = path + ".gz-part";
  gzFile gz = gzopen(gz_path.c_str(), "wb6");
  ASSERT_NE(gz, nullptr);
  if (!raw.empty()) gzwrite(gz, raw.data(), static_cast<unsigned>(raw.size()));
  gzclose(gz);
  std::vector<uint8_t> out(trace::binary::kMagic, trace::binary::kMagic + 8);
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(version >> (8 * i)));
  auto body = read_bytes(gz_path);
  out.insert(out.end(), body.begin(), body.end());
  std::remove(gz_path.c_str());
  write_bytes(path, out);
}

}  // namespace gfx::test
