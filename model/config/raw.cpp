#include "config/raw.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <optional>
#include <sstream>

#include "common/error.h"

namespace gfx::cfg {

std::string Where::prefix(const std::string& message) const {
  return located(origin, line, column, message);
}

const RawEntry* RawNode::find(const std::string& key) const {
  for (const RawEntry& e : entries)
    if (e.key == key) return &e;
  return nullptr;
}

RawEntry* RawNode::find(const std::string& key) {
  for (RawEntry& e : entries)
    if (e.key == key) return &e;
  return nullptr;
}

std::string RawNode::describe() const {
  switch (kind) {
    case Kind::Null: return "nothing";
    case Kind::Scalar: return "'" + text + "'";
    case Kind::Sequence: return "a sequence";
    case Kind::Map: return "a mapping";
  }
  return "?";
}

namespace {

// Aliases let a few lines describe a self-containing or exponentially large tree
// ("a: &x [*x]"); configs are small, so bounding depth and size costs nothing real.
constexpr int kMaxDepth = 100;
constexpr size_t kMaxNodes = 200000;

struct Converter {
  const std::string& origin;
  bool with_marks;
  size_t nodes = 0;

  Where where(const YAML::Mark& m, const Where& fallback) const {
    // yaml-cpp marks are 0-based and -1 when unknown (an empty document).
    if (!with_marks || m.line < 0) return fallback;
    return Where{origin, m.line + 1, m.column + 1};
  }

  static std::string join(const std::string& path, const std::string& key) {
    return path.empty() ? key : path + "." + key;
  }

  // `fallback` is used where yaml-cpp has no good mark: a null value is marked at the next
  // token, often the following line, so it borrows its key's position instead.
  RawNode convert(const YAML::Node& n, const std::string& path, const Where& fallback,
                  int depth = 0) {
    if (depth > kMaxDepth || ++nodes > kMaxNodes) {
      std::string shown = path.empty() ? "top level" : path.substr(0, 60);
      if (shown.size() < path.size()) shown += "...";
      throw Error(where(n.Mark(), fallback)
                      .prefix(shown + ": nested too deeply or too large (a recursive alias?)"));
    }
    RawNode out;
    switch (n.Type()) {
      case YAML::NodeType::Undefined:
      case YAML::NodeType::Null:
        out.kind = RawNode::Kind::Null;
        out.at = fallback;
        return out;
      case YAML::NodeType::Scalar:
        out.kind = RawNode::Kind::Scalar;
        out.at = where(n.Mark(), fallback);
        out.text = n.Scalar();
        return out;
      case YAML::NodeType::Sequence: {
        out.kind = RawNode::Kind::Sequence;
        out.at = where(n.Mark(), fallback);
        size_t i = 0;
        for (const YAML::Node& item : n) {
          out.items.push_back(
              convert(item, path + "[" + std::to_string(i) + "]", out.at, depth + 1));
          ++i;
        }
        return out;
      }
      case YAML::NodeType::Map: {
        out.kind = RawNode::Kind::Map;
        out.at = where(n.Mark(), fallback);
        for (auto it = n.begin(); it != n.end(); ++it) {
          Where key_at = where(it->first.Mark(), out.at);
          if (!it->first.IsScalar())
            throw Error(key_at.prefix((path.empty() ? std::string("top level") : path) +
                                      ": a key must be a plain name"));
          const std::string key = it->first.Scalar();
          const std::string key_path = join(path, key);
          // yaml-cpp keeps both copies of a repeated key and silently reads the first;
          // a config that says one thing twice is almost always a merge mistake.
          if (const RawEntry* first = out.find(key)) {
            std::string where_first =
                first->key_at.line > 0
                    ? " (first at line " + std::to_string(first->key_at.line) + ")"
                    : "";
            throw Error(key_at.prefix(key_path + ": duplicate key" + where_first));
          }
          out.entries.push_back(
              RawEntry{key, key_at, convert(it->second, key_path, key_at, depth + 1)});
        }
        return out;
      }
    }
    return out;
  }
};

// yaml-cpp's LoadAll never returns on a stray token where a node should start (a lone
// ',' at the top level): its parser yields empty documents for ever without moving on.
// Walking the documents first finds the one that starts where the previous one did.
struct DocumentStarts final : YAML::EventHandler {
  YAML::Mark start;
  void OnDocumentStart(const YAML::Mark& m) override { start = m; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

// The mark of a document that makes no progress, if there is one.
std::optional<YAML::Mark> stuck_document(const std::string& text) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentStarts h;
  int previous = -1;
  while (parser.HandleNextDocument(h)) {
    if (h.start.pos == previous) return h.start;
    previous = h.start.pos;
  }
  return std::nullopt;
}

}  // namespace

RawNode parse_yaml(const std::string& text, const std::string& origin, bool with_marks,
                   const std::string& path_prefix) {
  const std::string what = path_prefix.empty() ? "" : path_prefix + ": ";
  YAML::Node doc;
  try {
    if (auto m = stuck_document(text)) {
      Where at{origin, 0, 0};
      if (with_marks) at = Where{origin, m->line + 1, m->column + 1};
      const std::string token = std::size_t(m->pos) < text.size() ? text.substr(m->pos, 1) : "";
      throw Error(at.prefix(what + "invalid YAML: stray '" + token + "' where a value should start"));
    }
    std::vector<YAML::Node> docs = YAML::LoadAll(text);
    // A second document would be silently ignored by YAML::Load; say so instead.
    if (docs.size() > 1)
      throw Error(Where{origin, 0, 0}.prefix(what + std::to_string(docs.size()) +
                                             " YAML documents where one is expected"));
    if (!docs.empty()) doc = docs[0];
  } catch (const YAML::Exception& e) {
    Where at{origin, 0, 0};
    if (with_marks && e.mark.line >= 0) at = Where{origin, e.mark.line + 1, e.mark.column + 1};
    throw Error(at.prefix(what + "invalid YAML: " + e.msg));
  }
  Converter c{origin, with_marks};
  return c.convert(doc, path_prefix, Where{origin, 0, 0});
}

void merge_into(RawNode& dst, const RawNode& src) {
  if (dst.kind != RawNode::Kind::Map || src.kind != RawNode::Kind::Map) {
    dst = src;
    return;
  }
  dst.at = src.at;
  for (const RawEntry& e : src.entries) {
    if (RawEntry* mine = dst.find(e.key)) {
      mine->key_at = e.key_at;
      merge_into(mine->value, e.value);
    } else {
      dst.entries.push_back(e);
    }
  }
}

}  // namespace gfx::cfg
