// The YAML trace reader. The document is small by design (large traces are binary, and
// limits.yaml_* bound it: see config/yaml_budget.h), so it is parsed whole with yaml-cpp
// and its commands are converted one at a time. Every error names file:line:column, the
// command index and name, and the field.
#include <sys/stat.h>
#include <yaml-cpp/yaml.h>

#include <cstdio>
#include <cstring>
#include <limits>
#include <new>
#include <type_traits>

#include "common/error.h"
#include "config/yaml_budget.h"
#include "trace/check.h"
#include "trace/command_table.h"
#include "trace/forms.h"
#include "trace/render_states.h"
#include "trace/schema.h"
#include "trace/text_format.h"

namespace gfx::trace {
namespace {

using schema::Blob;
using schema::ClearMask;
using schema::Color;
using schema::Levels;
using schema::Methods;

// Where in the trace a node sits: the file and the "command 3 (draw)" or "header" part.
struct Context {
  const std::string& file;
  std::string what;
};

[[noreturn]] void fail_at(const Context& ctx, const YAML::Mark& mark, const std::string& msg) {
  int line = mark.line >= 0 ? mark.line + 1 : 0;
  int col = mark.column >= 0 ? mark.column + 1 : 0;
  throw Error(located(ctx.file, line, col, ctx.what + ": " + msg));
}

std::string shape_of(const YAML::Node& n) {
  switch (n.Type()) {
    case YAML::NodeType::Sequence: return "a sequence of " + std::to_string(n.size());
    case YAML::NodeType::Map: return "a mapping of " + std::to_string(n.size()) + " keys";
    case YAML::NodeType::Scalar: return "\"" + n.Scalar() + "\"";
    default: return "nothing";
  }
}

const char* const kClearNames[] = {"target", "zbuffer", "stencil"};

// Decodes the fields of one mapping (a command body, the header, a nested record).
class NodeDecoder {
 public:
  NodeDecoder(const Context& ctx, const YAML::Node& map, std::string prefix = "")
      : ctx_(ctx), map_(map), prefix_(std::move(prefix)) {}

  template <class T> void operator()(const char* name, T&& x, bool required = false) {
    known_.push_back(name);
    const YAML::Node n = map_.IsMap() ? map_[name] : YAML::Node();
    if (!n.IsDefined()) {
      if (required) fail_at(ctx_, map_.Mark(), "missing field '" + prefix_ + name + "'");
      return;
    }
    decode(name, n, std::forward<T>(x));
  }

  template <class R> void list(const char* name, std::vector<R>& elems) {
    known_.push_back(name);
    const YAML::Node n = map_.IsMap() ? map_[name] : YAML::Node();
    if (!n.IsDefined()) fail_at(ctx_, map_.Mark(), "missing field '" + prefix_ + name + "'");
    if (!n.IsSequence()) bad(name, n, "a sequence of mappings");
    elems.resize(n.size());
    for (std::size_t i = 0; i < n.size(); ++i) {
      std::string item = std::string(name) + "[" + std::to_string(i) + "]";
      if (!n[i].IsMap()) bad(item.c_str(), n[i], "a mapping");
      NodeDecoder d(ctx_, n[i], prefix_ + item + ".");
      schema::describe(d, elems[i]);
      d.finish();
    }
  }

  void render_states(std::vector<RenderStateValue>& states) {
    render_states_ = true;
    if (!map_.IsMap()) return;
    for (const auto& kv : map_) {
      std::string key = kv.first.Scalar();
      const RenderStateInfo* rs = find_render_state(key);
      if (!rs) fail_at(ctx_, kv.first.Mark(), "unknown render state '" + key + "'");
      const YAML::Node& v = kv.second;
      auto value = v.IsScalar() ? parse_render_state_value(*rs, v.Scalar()) : std::nullopt;
      if (!value) bad(rs->name, v, render_state_expectation(*rs));
      states.push_back({rs->id, *value});
    }
  }

  template <class T> T& resource(std::shared_ptr<const T>& p) {
    auto fresh = std::make_shared<T>();
    p = fresh;
    return *fresh;
  }

  // Unknown and repeated keys are errors: a typo must not silently become a default.
  void finish(std::initializer_list<const char*> also_known = {}) {
    if (render_states_ || !map_.IsMap()) return;
    std::vector<std::string> seen;
    for (const auto& kv : map_) {
      std::string key = kv.first.IsScalar() ? kv.first.Scalar() : "";
      bool ok = false;
      for (const char* k : known_) ok = ok || key == k;
      for (const char* k : also_known) ok = ok || key == k;
      if (!ok) fail_at(ctx_, kv.first.Mark(), "unknown field '" + prefix_ + key + "'");
      for (const auto& s : seen)
        if (s == key) fail_at(ctx_, kv.first.Mark(), "field '" + prefix_ + key + "' given twice");
      seen.push_back(key);
    }
  }

 private:
  [[noreturn]] void bad(const char* name, const YAML::Node& n, const std::string& expected) const {
    fail_at(ctx_, n.Mark(),
            "field '" + prefix_ + name + "': expected " + expected + ", got " + shape_of(n));
  }

  template <class T> void decode(const char* name, const YAML::Node& n, T& x) {
    if constexpr (std::is_enum_v<T>) {
      auto v = n.IsScalar() ? api::from_name<T>(n.Scalar()) : std::nullopt;
      if (!v) bad(name, n, enum_expectation<T>());
      x = *v;
    } else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>) {
      auto v = n.IsScalar() ? parse_uint(n.Scalar(), std::numeric_limits<T>::max()) : std::nullopt;
      if (!v)
        bad(name, n,
            sizeof(T) == 4
                ? "an unsigned integer"
                : "an unsigned integer up to " + std::to_string(std::numeric_limits<T>::max()));
      x = static_cast<T>(*v);
    } else if constexpr (std::is_integral_v<T>) {
      auto v = n.IsScalar() ? parse_int(n.Scalar(), std::numeric_limits<T>::min(),
                                        std::numeric_limits<T>::max())
                            : std::nullopt;
      if (!v) bad(name, n, "a signed 32-bit integer");
      x = static_cast<T>(*v);
    } else if constexpr (std::is_same_v<T, float>) {
      x = float_of(name, n);
    } else if constexpr (std::is_same_v<T, std::string>) {
      if (!n.IsScalar()) bad(name, n, "a string");
      x = n.Scalar();
    } else if constexpr (std::is_same_v<T, api::Matrix4>) {
      if (!n.IsSequence() || n.size() != 16) bad(name, n, "a list of 16 floats");
      for (std::size_t i = 0; i < 16; ++i) x[i] = float_of(name, n[i]);
    } else if constexpr (std::is_same_v<T, std::vector<uint32_t>>) {
      if (!n.IsSequence()) bad(name, n, "a list of unsigned integers");
      x.resize(n.size());
      for (std::size_t i = 0; i < n.size(); ++i) {
        auto v = n[i].IsScalar() ? parse_uint(n[i].Scalar(), 0xFFFFFFFFu) : std::nullopt;
        if (!v) bad(name, n[i], "an unsigned integer");
        x[i] = static_cast<uint32_t>(*v);
      }
    } else {
      static_assert(std::is_same_v<T, std::vector<float>>);
      if (!n.IsSequence()) bad(name, n, "a list of floats");
      x.resize(n.size());
      for (std::size_t i = 0; i < n.size(); ++i) x[i] = float_of(name, n[i]);
    }
  }
  void decode(const char* name, const YAML::Node& n, Color c) {
    auto v = n.IsScalar() ? parse_uint(n.Scalar(), 0xFFFFFFFFu) : std::nullopt;
    if (!v) bad(name, n, "a colour 0xAARRGGBB");
    c.value = static_cast<uint32_t>(*v);
  }
  void decode(const char* name, const YAML::Node& n, ClearMask m) {
    if (!n.IsSequence()) bad(name, n, "a list of target, zbuffer, stencil");
    m.value = 0;
    for (const auto& item : n) {
      uint32_t bit = 0;
      for (uint32_t i = 0; i < 3; ++i)
        if (item.IsScalar() && item.Scalar() == kClearNames[i]) bit = 1u << i;
      if (!bit) bad(name, item, "one of target, zbuffer, stencil");
      m.value |= bit;
    }
  }
  void decode(const char* name, const YAML::Node& n, Methods m) {
    if (!n.IsSequence() || n.size() != m.elements.size())
      bad(name, n,
          "a list of " + std::to_string(m.elements.size()) +
              " declaration methods, one per element");
    for (std::size_t i = 0; i < n.size(); ++i) {
      auto v = n[i].IsScalar() ? api::from_name<api::DeclMethod>(n[i].Scalar()) : std::nullopt;
      if (!v) bad(name, n[i], enum_expectation<api::DeclMethod>());
      m.elements[i].method = *v;
    }
  }
  void decode(const char* name, const YAML::Node& n, Blob b) { blob(name, n, b.bytes); }
  void decode(const char* name, const YAML::Node& n, Levels l) {
    if (!n.IsSequence()) bad(name, n, "a list of levels");
    l.levels.resize(n.size());
    for (std::size_t i = 0; i < n.size(); ++i) blob(name, n[i], l.levels[i]);
  }

  float float_of(const char* name, const YAML::Node& n) const {
    auto v = n.IsScalar() ? parse_float(n.Scalar()) : std::nullopt;
    if (!v) bad(name, n, "a float");
    return *v;
  }

  // A blob is one typed chunk {f32|u32|u16|u8: [...]}, {base64: "..."}, {text: "..."},
  // or a sequence of such chunks, concatenated.
  void blob(const char* name, const YAML::Node& n, std::vector<uint8_t>& out) {
    out.clear();
    if (n.IsSequence()) {
      for (const auto& chunk : n) blob_chunk(name, chunk, out);
    } else {
      blob_chunk(name, n, out);
    }
  }
  void blob_chunk(const char* name, const YAML::Node& n, std::vector<uint8_t>& out) {
    const char* expected = "a mapping with one of f32, u32, u16, u8, base64, text";
    if (!n.IsMap() || n.size() != 1) bad(name, n, expected);
    auto kv = *n.begin();
    std::string type = kv.first.Scalar();
    const YAML::Node& v = kv.second;
    if (type == "base64" || type == "text") {
      if (!v.IsScalar()) bad(name, v, "a string");
      if (type == "text") {
        out.insert(out.end(), v.Scalar().begin(), v.Scalar().end());
        return;
      }
      auto bytes = base64_decode(v.Scalar());
      if (!bytes) bad(name, v, "base64 text");
      out.insert(out.end(), bytes->begin(), bytes->end());
      return;
    }
    int width = type == "u8" ? 1 : type == "u16" ? 2 : type == "u32" || type == "f32" ? 4 : 0;
    if (width == 0) bad(name, kv.first, expected);
    if (!v.IsSequence()) bad(name, v, "a list of " + type + " values");
    for (const auto& item : v) {
      uint32_t word = 0;
      if (type == "f32") {
        float f = float_of(name, item);
        std::memcpy(&word, &f, 4);
      } else {
        uint64_t max = width == 4 ? 0xFFFFFFFFu : width == 2 ? 0xFFFFu : 0xFFu;
        auto u = item.IsScalar() ? parse_uint(item.Scalar(), max) : std::nullopt;
        if (!u) bad(name, item, "a " + type + " value (0.." + std::to_string(max) + ")");
        word = static_cast<uint32_t>(*u);
      }
      for (int i = 0; i < width; ++i) out.push_back(static_cast<uint8_t>(word >> (8 * i)));
    }
  }

  const Context& ctx_;
  const YAML::Node map_;  // a handle (yaml-cpp nodes share their data), held by value
  std::string prefix_;
  std::vector<const char*> known_;
  bool render_states_ = false;
};

class YamlReader final : public Reader {
 public:
  YamlReader(const std::string& path, const Limits& limits) : path_(path) {
    const std::string text = read_text(path, limits.yaml_bytes);
    file_size_ = text.size();  // for buffered_bytes(): the document is held whole
    try {
      // Bounded before yaml-cpp builds a tree: size, nodes and scalar bytes with every
      // alias expanded (an alias bomb is refused here, before its data is decoded).
      if (auto issue = cfg::scan_yaml(text, limits.yaml_budget()))
        throw Error(located(path, issue->line, issue->column, issue->message));
      document_ = YAML::Load(text);
      read_header();
    } catch (const YAML::Exception& e) {
      fail_at(Context{path_, "YAML"}, e.mark, e.msg);
    }
    check_header_limits(header_, limits, path_ + ": header");
  }

  const Header& header() const override { return header_; }
  Form form() const override { return Form::Yaml; }
  std::size_t buffered_bytes() const override { return file_size_; }
  std::string where() const override {
    return line_ > 0 ? path_ + ":" + std::to_string(line_) : path_;
  }

  bool next(Command& out) override {
    try {
      return read_command(out);
    } catch (const std::bad_alloc&) {
      throw Error(located(
          path_, line_, 0,
          "command " + std::to_string(index_) + ": out of memory (std::bad_alloc) reading it"));
    }
  }

 private:
  // The whole file, refused unread when it is over the document size limit.
  static std::string read_text(const std::string& path, uint64_t max_bytes) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw Error(path + ": cannot open trace");
    std::string text;
    struct stat st {};
    if (fstat(fileno(f), &st) == 0 && uint64_t(st.st_size) > max_bytes) {
      std::fclose(f);
      throw Error(path + ": the YAML document is " + std::to_string(st.st_size) + " bytes, over " +
                  cfg::limit_text(cfg::kYamlBytesKey, max_bytes));
    }
    char buf[1 << 16];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
      text.append(buf, n);
      if (text.size() > max_bytes) break;  // grew while being read: the scan reports it
    }
    const bool failed = std::ferror(f) != 0;
    std::fclose(f);
    if (failed) throw Error(path + ": cannot read trace");
    return text;
  }

  bool read_command(Command& out) {
    if (index_ >= count_) return false;
    const YAML::Node& commands = commands_;
    const YAML::Node item = commands[index_];
    line_ = item.Mark().line + 1;
    Context ctx{path_, "command " + std::to_string(index_)};
    try {
      if (!item.IsMap() || item.size() != 1)
        fail_at(ctx, item.Mark(),
                "expected a mapping {command_name: {fields}}, got " + shape_of(item));
      auto kv = *item.begin();
      std::string name = kv.first.Scalar();
      auto index = command_index_for_name(name);
      if (!index) fail_at(ctx, kv.first.Mark(), "unknown command '" + name + "'");
      ctx.what += " (" + name + ")";
      const YAML::Node body = kv.second;
      if (!body.IsMap() && !body.IsNull())
        fail_at(ctx, body.Mark(), "expected a mapping of fields, got " + shape_of(body));
      out = make_command(*index);
      NodeDecoder d(ctx, body);
      std::visit([&](auto& cmd) { schema::describe(d, cmd); }, out);
      d.finish();
      try {
        check_command(out);
      } catch (const FieldError& e) {
        YAML::Node at = field_node(body, e.field());
        throw Error(describe_field_error(
            located(path_, mark_line(at, item), mark_col(at, item), ctx.what), e));
      }
    } catch (const YAML::Exception& e) {
      fail_at(ctx, e.mark, e.msg);
    }
    ++index_;
    return true;
  }

  // The value node of a (possibly nested, "elements[2].type") field, for error marks.
  static YAML::Node field_node(const YAML::Node& body, const std::string& field) {
    std::string top = field.substr(0, field.find_first_of("[."));
    if (top.empty() || !body.IsMap()) return YAML::Node();
    return body[top];
  }
  static int mark_line(const YAML::Node& n, const YAML::Node& fallback) {
    auto m = n.IsDefined() && n.Mark().line >= 0 ? n.Mark() : fallback.Mark();
    return m.line + 1;
  }
  static int mark_col(const YAML::Node& n, const YAML::Node& fallback) {
    auto m = n.IsDefined() && n.Mark().line >= 0 ? n.Mark() : fallback.Mark();
    return m.column + 1;
  }

  // yaml-cpp's non-const Node::operator[] and operator= can modify the document, so the
  // document is only ever looked at through const handles, and members are assigned once.
  void read_header() {
    const YAML::Node& root = document_;
    Context ctx{path_, "header"};
    if (!root.IsMap())
      fail_at(ctx, root.Mark(), "not a gfxsim trace: expected a mapping with 'gfxsim_trace: 1'");
    const YAML::Node version = root["gfxsim_trace"];
    if (!version.IsDefined())
      fail_at(ctx, root.Mark(), "not a gfxsim trace: no 'gfxsim_trace' version key");
    auto v = version.IsScalar() ? parse_uint(version.Scalar(), 0xFFFFFFFFu) : std::nullopt;
    if (!v || *v == 0)
      fail_at(ctx, version.Mark(),
              "field 'gfxsim_trace': expected a format version, got " + shape_of(version));
    if (*v > kFormatVersion)
      fail_at(ctx, version.Mark(),
              "format version " + std::to_string(*v) + " is newer than this gfxsim reads (" +
                  std::to_string(kFormatVersion) + "); use a newer gfxsim");
    header_.version = static_cast<uint32_t>(*v);
    NodeDecoder d(ctx, root);
    schema::describe(d, header_);
    d.finish({"gfxsim_trace", "commands"});
    try {
      check_header(header_);
    } catch (const FieldError& e) {
      YAML::Node n = root[e.field()];
      throw Error(
          describe_field_error(located(path_, mark_line(n, root), mark_col(n, root), "header"), e));
    }
    const YAML::Node commands = root["commands"];
    if (!commands.IsDefined() || commands.IsNull()) return;  // an empty trace
    if (!commands.IsSequence())
      fail_at(ctx, commands.Mark(),
              "field 'commands': expected a sequence, got " + shape_of(commands));
    commands_ = commands;
    count_ = commands.size();
  }

  std::string path_;
  YAML::Node document_;
  YAML::Node commands_;
  std::size_t count_ = 0;
  Header header_;
  std::size_t index_ = 0;
  int line_ = 0;
  std::size_t file_size_ = 0;
};

}  // namespace

std::unique_ptr<Reader> open_yaml_reader(const std::string& path, const Limits& limits) {
  return std::make_unique<YamlReader>(path, limits);
}

}  // namespace gfx::trace
