// The container header and chunk table, then one parser per known chunk.
#include "d3d10/container.h"

#include "d3d10/checksum.h"
#include "d3d10/chunk_reader.h"
#include "d3d10/decoder.h"
#include "d3d10/errors.h"
#include "d3d10/validate.h"

namespace gfx::d3d10 {
namespace {

constexpr std::size_t kHeaderBytes = 32;  // magic, checksum[4], version, size, count

uint32_t load(const uint8_t* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

std::string sum_text(const std::array<uint32_t, 4>& s) {
  return hex32(s[0]) + " " + hex32(s[1]) + " " + hex32(s[2]) + " " + hex32(s[3]);
}

std::vector<Chunk> read_chunks(const uint8_t* b, std::size_t size, const std::string& name) {
  auto fail = [&](std::size_t dword, const std::string& m) { fail_at(name, "DXBC", dword, m); };
  if (size < kHeaderBytes)
    fail(size / 4,
         "truncated container: " + std::to_string(size) + " bytes, the header alone needs 32");
  if (load(b) != kDxbcMagic) fail(0, "not a DXBC container: magic " + hex32(load(b)));
  if (load(b + 20) != 1)
    fail(5, "container version " + std::to_string(load(b + 20)) + ", expected 1");
  const uint32_t total = load(b + 24);
  if (total != size)
    fail(6, "the header says " + std::to_string(total) + " bytes, the container has " +
                std::to_string(size));
  const uint32_t count = load(b + 28);
  if (kHeaderBytes + std::size_t{count} * 4 > size)
    fail(7,
         "truncated container: a table of " + std::to_string(count) + " chunks runs past its end");
  std::vector<Chunk> chunks;
  for (uint32_t i = 0; i < count; ++i) {
    const std::size_t at = 8 + i;
    const uint32_t off = load(b + 4 * at);
    if (off % 4 != 0 || off < kHeaderBytes + count * 4 || std::size_t{off} + 8 > size)
      fail(at, "chunk " + std::to_string(i) + " offset " + std::to_string(off) +
                   " is not a dword offset inside the container");
    const uint32_t bytes = load(b + off + 4);
    if (std::size_t{off} + 8 + bytes > size)
      fail(off / 4 + 1, "truncated chunk " + std::to_string(i) + ": " + std::to_string(bytes) +
                            " bytes run past the end of the container");
    Chunk c;
    c.fourcc = load(b + off);
    c.offset = off;
    c.data.assign(b + off + 8, b + off + 8 + bytes);
    chunks.push_back(std::move(c));
  }
  return chunks;
}

std::vector<uint32_t> dwords_of(const Chunk& c, const std::string& name) {
  if (c.data.size() % 4 != 0)
    fail_at(name, c.name(), c.data.size() / 4,
            "chunk size " + std::to_string(c.data.size()) + " is not a whole number of dwords");
  std::vector<uint32_t> out(c.data.size() / 4);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = load(c.data.data() + 4 * i);
  return out;
}

}  // namespace

std::string Chunk::name() const {
  std::string s;
  for (int i = 0; i < 4; ++i) {
    const char ch = static_cast<char>(fourcc >> (8 * i));
    s.push_back(ch >= 32 && ch < 127 ? ch : '?');
  }
  return s;
}

Shader read_container(const uint8_t* bytes, std::size_t size, const ReadOptions& opts) {
  Shader sh;
  sh.chunks = read_chunks(bytes, size, opts.name);
  for (int i = 0; i < 4; ++i) sh.checksum[i] = load(bytes + 4 + 4 * i);
  if (opts.verify_checksum) {
    const auto want = dxbc_checksum(bytes, size);
    if (want != sh.checksum)
      fail_at(opts.name, "DXBC", 1,
              "checksum mismatch: computed " + sum_text(want) + ", the header has " +
                  sum_text(sh.checksum));
  }
  bool have_program = false;
  for (const Chunk& c : sh.chunks) {
    if (c.fourcc == fourcc("ISGN")) {
      sh.inputs = parse_signature(c, opts.name);
    } else if (c.fourcc == fourcc("OSGN")) {
      sh.outputs = parse_signature(c, opts.name);
    } else if (c.fourcc == fourcc("RDEF")) {
      sh.reflection = parse_reflection(c, opts.name);
    } else if (c.fourcc == fourcc("STAT")) {
      sh.stats = dwords_of(c, opts.name);
    } else if (c.fourcc == fourcc("SHDR") || c.fourcc == fourcc("SHEX")) {
      if (have_program) fail_at(opts.name, c.name(), 0, "a second program chunk");
      have_program = true;
      sh.program_chunk = c.fourcc;
      sh.program_tokens = dwords_of(c, opts.name);
      const ProgramSource src{opts.name, c.name()};
      sh.program = decode_program(sh.program_tokens, src);
      if (opts.validate) validate_program(sh.program, src);
    }
  }
  if (!have_program) fail_at(opts.name, "DXBC", 7, "no SHDR or SHEX chunk");
  return sh;
}

Shader read_container(const std::vector<uint32_t>& dwords, const ReadOptions& opts) {
  std::vector<uint8_t> bytes(dwords.size() * 4);
  for (std::size_t i = 0; i < dwords.size(); ++i)
    for (int k = 0; k < 4; ++k) bytes[4 * i + k] = static_cast<uint8_t>(dwords[i] >> (8 * k));
  return read_container(bytes.data(), bytes.size(), opts);
}

Signature parse_signature(const Chunk& chunk, const std::string& shader) {
  const ChunkReader r(chunk, shader);
  const uint32_t count = r.u32(0, "element count");
  const uint32_t first = r.u32(4, "element offset");
  r.need_table(0, first, count, 24, "signature elements");
  Signature sig;
  for (uint32_t i = 0; i < count; ++i) {
    const std::size_t at = std::size_t{first} + 24 * i;
    SignatureElement e;
    e.semantic = r.str(at, "semantic name");
    e.semantic_index = r.u32(at + 4, "semantic index");
    e.system_value = r.u32(at + 8, "system value");
    const uint32_t type = r.u32(at + 12, "component type");
    if (type > 3) r.fail(at + 12, "component type " + std::to_string(type) + " is not 0-3");
    e.component_type = static_cast<ComponentType>(type);
    e.reg = r.u32(at + 16, "register");
    const uint32_t masks = r.u32(at + 20, "masks");
    e.mask = static_cast<uint8_t>(masks);
    e.rw_mask = static_cast<uint8_t>(masks >> 8);
    sig.push_back(std::move(e));
  }
  return sig;
}

}  // namespace gfx::d3d10
