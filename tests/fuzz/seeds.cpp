// fuzz_seeds SOURCE_DIR OUT_DIR: writes the seed corpus of every harness, generated from
// the bundled inputs and never committed: OUT_DIR/<harness>/ holds the seeds and
// OUT_DIR/<harness>.dict a libFuzzer dictionary of the words its format knows.
//
//   trace_yaml    traces/*.yaml, every YAML trace under tests/e2e/data, and each binary
//                 trace converted to YAML
//   trace_binary  traces/*.gfxt and each YAML trace converted to binary, inflated (the
//                 form trace_binary_fuzz.cpp takes)
//   config        configs/*.yaml alone, included, included through inc.yaml, and flattened
//                 into --set overrides; and the resolved defaults
//   d3d9_asm      tests/d3d9/shaders/*.asm and the asm shaders of the traces
//   d3d9_decode   those assembled, and the bytecode shaders of the traces
//   dxbc          the fxc-compiled containers of tests/d3d10/data (hex dwords)
#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/error.h"
#include "config/config.h"
#include "d3d9/assembler.h"
#include "d3d9/opcodes.h"
#include "gpu/gpu_config.h"
#include "trace/command_table.h"
#include "trace/reader.h"
#include "trace/writer.h"

namespace fs = std::filesystem;
using namespace gfx;

namespace {

// A seed larger than this only slows every execution down: a bigger trace gives a seed
// without its largest resources instead. Resource data takes about 1 byte per byte in the binary
// form and up to 5 in YAML (hex words, float lists).
constexpr std::size_t kMaxSeed = 256 * 1024;
constexpr std::size_t kBinaryBudget = 192 * 1024;
constexpr std::size_t kYamlBudget = 48 * 1024;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw Error(p.string() + ": cannot read");
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

class Corpus {
 public:
  explicit Corpus(fs::path root) : root_(std::move(root)) {}

  void add(const std::string& harness, const std::string& name, const std::string& bytes) {
    fs::create_directories(root_ / harness);
    std::ofstream out(root_ / harness / name, std::ios::binary);
    out << bytes;
    if (!out) throw Error((root_ / harness / name).string() + ": cannot write");
    ++counts_[harness];
  }
  void word(const std::string& harness, const std::string& w) { words_[harness].insert(w); }

  // Every harness must get seeds: an empty corpus would fuzz from nothing without a word.
  void finish(const std::vector<std::string>& harnesses) {
    for (const std::string& h : harnesses)
      if (counts_[h] == 0) throw Error("no seeds for harness " + h);
    for (const auto& [harness, words] : words_) {
      std::ofstream out(root_ / (harness + ".dict"));
      for (const std::string& w : words) {
        out << '"';
        for (char c : w) out << (c == '"' || c == '\\' ? "\\" : "") << c;
        out << "\"\n";
      }
    }
    for (const auto& [harness, n] : counts_) std::cout << harness << ": " << n << " seeds\n";
  }

 private:
  fs::path root_;
  std::map<std::string, int> counts_;
  std::map<std::string, std::set<std::string>> words_;
};

// "tests/e2e/data/ff/fog_quad.yaml" -> "tests_e2e_data_ff_fog_quad.yaml"
std::string seed_name(const fs::path& source, const fs::path& file) {
  std::string s = fs::relative(file, source).string();
  std::replace(s.begin(), s.end(), '/', '_');
  return s;
}

std::vector<fs::path> files(const fs::path& dir, const std::string& ext, bool recursive) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  auto take = [&](const fs::directory_entry& e) {
    if (e.is_regular_file() && e.path().extension() == ext) out.push_back(e.path());
  };
  if (recursive)
    for (const auto& e : fs::recursive_directory_iterator(dir)) take(e);
  else
    for (const auto& e : fs::directory_iterator(dir)) take(e);
  std::sort(out.begin(), out.end());
  return out;
}

// A binary trace with its gzip stream inflated: the preamble, then the raw records.
std::string inflate_trace(const fs::path& p) {
  const std::string raw = slurp(p);
  const std::size_t preamble = 12;
  int fd = ::open(p.c_str(), O_RDONLY);
  if (fd < 0 || ::lseek(fd, preamble, SEEK_SET) != off_t(preamble))
    throw Error(p.string() + ": cannot reopen");
  gzFile gz = gzdopen(fd, "rb");
  std::string out = raw.substr(0, preamble);
  char buf[65536];
  int n;
  while ((n = gzread(gz, buf, sizeof buf)) > 0) out.append(buf, std::size_t(n));
  gzclose(gz);
  if (n < 0) throw Error(p.string() + ": corrupt gzip stream");
  return out;
}

// Bytes of data a command brings into the trace (buffers, texture levels, shader code).
std::size_t resource_bytes(const trace::Command& c) {
  if (auto* v = std::get_if<trace::CreateVertexBuffer>(&c)) return v->buffer->bytes.size();
  if (auto* i = std::get_if<trace::CreateIndexBuffer>(&c)) return i->buffer->bytes.size();
  if (auto* s = std::get_if<trace::CreateShader>(&c)) return s->shader->data.size();
  std::size_t n = 0;
  if (auto* t = std::get_if<trace::CreateTexture>(&c))
    for (const auto& level : t->texture->levels) n += level.size();
  return n;
}

// Writes `in` in form `to` under `tmp`, leaving out the resources that would take its data
// past `budget` bytes: a big trace gives a seed of all its state, draws and smaller
// resources (it reads; it may not validate). Returns the path; `cut` says if any was left out.
fs::path convert(const fs::path& in, const fs::path& tmp, trace::Form to, std::size_t budget,
                 bool& cut) {
  fs::path out = tmp / (in.filename().string() + (to == trace::Form::Yaml ? ".yaml" : ".gfxt"));
  auto reader = trace::Reader::open(in.string());
  auto writer = trace::Writer::create(out.string(), reader->header(), to);
  trace::Command c;
  std::size_t bytes = 0;
  cut = false;
  while (reader->next(c)) {
    const std::size_t more = resource_bytes(c);
    if (bytes + more > budget) {
      cut = true;  // the later commands may still need it: the seed reads, may not validate
      continue;
    }
    bytes += more;
    writer->write(c);
  }
  writer->finish();
  return out;
}

// Asm text -> little-endian bytecode, as a trace's d3d9_bytecode shader holds it.
std::string assembled(const std::string& text, const std::string& file) {
  std::string bytes;
  for (uint32_t t : d3d9::assemble(text, {file, true}))
    for (int b = 0; b < 4; ++b) bytes.push_back(char(t >> (8 * b)));
  return bytes;
}

// The shaders a trace creates, as asm or bytecode seeds.
void trace_shaders(Corpus& corpus, const fs::path& file, const std::string& name) {
  auto reader = trace::Reader::open(file.string());
  trace::Command c;
  int i = 0;
  while (reader->next(c)) {
    const auto* s = std::get_if<trace::CreateShader>(&c);
    if (!s) continue;
    const std::string bytes(s->shader->data.begin(), s->shader->data.end());
    const std::string seed = name + ".shader" + std::to_string(i++);
    if (s->shader->format == api::ShaderFormat::D3D9Asm) {
      corpus.add("d3d9_asm", seed + ".asm", bytes);
      corpus.add("d3d9_decode", seed + ".bin", assembled(bytes, file.string()));
    } else {
      corpus.add("d3d9_decode", seed + ".bin", bytes);
    }
  }
}

void traces(Corpus& corpus, const fs::path& src, const fs::path& tmp) {
  std::vector<fs::path> yaml = files(src / "traces", ".yaml", false);
  for (const fs::path& p : files(src / "tests/e2e/data", ".yaml", true)) yaml.push_back(p);
  std::vector<fs::path> binary = files(src / "traces", ".gfxt", false);
  bool cut = false;
  for (const fs::path& p : yaml) {
    const std::string name = seed_name(src, p);
    corpus.add("trace_yaml", name, slurp(p));
    fs::path b = convert(p, tmp, trace::Form::Binary, kBinaryBudget, cut);
    corpus.add("trace_binary", name + (cut ? ".part.raw" : ".raw"), inflate_trace(b));
    trace_shaders(corpus, p, name);
  }
  for (const fs::path& p : binary) {
    const std::string name = seed_name(src, p);
    std::string inflated = inflate_trace(p);
    if (inflated.size() <= kMaxSeed) {
      corpus.add("trace_binary", name + ".raw", inflated);
    } else {
      fs::path b = convert(p, tmp, trace::Form::Binary, kBinaryBudget, cut);
      corpus.add("trace_binary", name + ".part.raw", inflate_trace(b));
    }
    fs::path y = convert(p, tmp, trace::Form::Yaml, kYamlBudget, cut);
    corpus.add("trace_yaml", name + (cut ? ".part.yaml" : ".yaml"), slurp(y));
    trace_shaders(corpus, p, name);
  }
  for (std::size_t i = 0; i < trace::kCommandCount; ++i)
    corpus.word("trace_yaml", trace::command_info(i).name);
  for (const char* w : {"gfxsim_trace", "commands", "name", "width", "height"})
    corpus.word("trace_yaml", w);
}

void shaders(Corpus& corpus, const fs::path& src) {
  for (const fs::path& p : files(src / "tests/d3d9/shaders", ".asm", false)) {
    const std::string text = slurp(p), name = seed_name(src, p);
    corpus.add("d3d9_asm", name, text);
    corpus.add("d3d9_decode", name + ".bin", assembled(text, p.string()));
  }
  for (unsigned raw = 0; raw < 0x100; ++raw)
    if (const d3d9::OpcodeInfo* info = d3d9::opcode_info(uint16_t(raw)))
      corpus.word("d3d9_asm", info->name);
}

// tests/d3d10/data/*.txt: '#' comment lines, then the container as hex dwords.
void dxbc_containers(Corpus& corpus, const fs::path& src) {
  for (const fs::path& p : files(src / "tests/d3d10/data", ".txt", false)) {
    std::ifstream in(p);
    std::string line, bytes;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::size_t at = 0;
      while (at < line.size()) {
        std::size_t used = 0;
        const uint32_t dword = uint32_t(std::stoul(line.substr(at), &used, 16));
        for (int b = 0; b < 4; ++b) bytes.push_back(char(dword >> (8 * b)));
        at += used;
        while (at < line.size() && line[at] == ' ') ++at;
      }
    }
    corpus.add("dxbc", seed_name(src, p) + ".dxbc", bytes);
  }
  for (const char* w : {"DXBC", "RDEF", "ISGN", "OSGN", "SHDR", "SHEX", "STAT"})
    corpus.word("dxbc", w);
}

// The leaves of a raw config tree as "a.b.c=value" overrides (flow text for sequences).
void flatten(const cfg::RawNode& n, const std::string& path, std::vector<std::string>& out) {
  if (n.kind == cfg::RawNode::Kind::Map) {
    for (const cfg::RawEntry& e : n.entries)
      if (e.key != cfg::kIncludeKey)
        flatten(e.value, path.empty() ? e.key : path + "." + e.key, out);
  } else if (n.kind == cfg::RawNode::Kind::Scalar) {
    out.push_back(path + "=" + n.text);
  } else if (n.kind == cfg::RawNode::Kind::Sequence) {
    std::string flow = "[";
    for (const cfg::RawNode& item : n.items) flow += (flow.size() > 1 ? ", " : "") + item.text;
    out.push_back(path + "=" + flow + "]");
  }
}

void schema_words(Corpus& corpus, const cfg::SchemaBase& s, const std::string& path) {
  for (const auto& e : s.entries()) {
    const std::string full = path.empty() ? e->key() : path + "." + e->key();
    corpus.word("config", e->key());
    corpus.word("config", full);
    if (const cfg::SchemaBase* inner = e->section()) schema_words(corpus, *inner, full);
  }
}

void configs(Corpus& corpus, const fs::path& src) {
  const std::string nul(1, '\0');
  for (const fs::path& p : files(src / "configs", ".yaml", false)) {
    const std::string text = slurp(p), stem = p.stem().string();
    corpus.add("config", "preset_" + stem, text);
    corpus.add("config", "include_" + stem, "include: " + p.filename().string() + "\nname: fuzz\n");
    corpus.add("config", "inc_" + stem, "include: inc.yaml\nname: fuzz\n" + nul + text);
    std::vector<std::string> sets;
    flatten(cfg::parse_yaml(text, p.string(), true), "", sets);
    std::string overrides = nul;  // no file, no include: overrides only
    for (const std::string& s : sets) overrides += nul + s;
    corpus.add("config", "set_" + stem, overrides);
  }
  corpus.add("config", "defaults",
             cfg::dump_resolved_yaml(cfg::resolve_config<gpu::GpuConfig>(cfg::RawNode{})));
  cfg::Schema<gpu::GpuConfig> schema;
  gpu::GpuConfig::describe(schema);
  schema_words(corpus, schema, "");
  corpus.word("config", cfg::kIncludeKey);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: fuzz_seeds SOURCE_DIR OUT_DIR\n";
    return 2;
  }
  const fs::path src = argv[1], out = argv[2];
  try {
    fs::remove_all(out);  // stale seeds of removed inputs must not linger
    const fs::path tmp = out / ".convert";
    fs::create_directories(tmp);
    Corpus corpus(out);
    traces(corpus, src, tmp);
    shaders(corpus, src);
    dxbc_containers(corpus, src);
    configs(corpus, src);
    fs::remove_all(tmp);
    corpus.finish({"trace_binary", "trace_yaml", "config", "d3d9_decode", "d3d9_asm", "dxbc"});
  } catch (const std::exception& e) {
    std::cerr << "fuzz_seeds: " << e.what() << "\n";
    std::error_code ec;  // no half corpus: the build step reruns from nothing
    fs::remove_all(out, ec);
    return 1;
  }
  return 0;
}
