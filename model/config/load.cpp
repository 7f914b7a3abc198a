#include "config/load.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/error.h"
#include "config/value.h"

namespace gfx::cfg {

namespace fs = std::filesystem;

namespace {

std::string trim(const std::string& s) {
  const char* ws = " \t\r\n";
  size_t b = s.find_first_not_of(ws);
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(ws);
  return s.substr(b, e - b + 1);
}

bool is_key_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

std::vector<std::string> split_path(const std::string& path) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t dot = path.find('.', start);
    parts.push_back(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return parts;
}

bool is_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

// Identity of a file for cycle detection: the same file reached by two spellings must
// still be recognised.
std::string identity(const fs::path& p) {
  std::error_code ec;
  fs::path c = fs::weakly_canonical(p, ec);
  return ec ? p.lexically_normal().string() : c.string();
}

struct FileLoader {
  const std::vector<std::string>& search_dirs;
  YamlBudget budget;
  std::vector<std::string> chain_names;  // as shown to the user
  std::vector<std::string> chain_ids;    // as compared

  RawNode read(const std::string& path) {
    std::ifstream in;
    if (is_file(path)) in.open(path, std::ios::binary);
    if (!in.is_open()) throw Error(located(path, 0, 0, "cannot open file"));
    // Refused before reading: the size bound is there so that a huge file costs nothing.
    std::error_code ec;
    const uintmax_t size = fs::file_size(path, ec);
    if (!ec && size > budget.bytes)
      throw Error(located(path, 0, 0,
                          "the YAML document is " + std::to_string(size) + " bytes, over " +
                              limit_text(kYamlBytesKey, budget.bytes)));
    std::ostringstream text;
    text << in.rdbuf();
    RawNode doc = parse_yaml(text.str(), path, true, "", budget);
    if (doc.kind == RawNode::Kind::Null) {  // an empty file is an empty config
      doc.kind = RawNode::Kind::Map;
      doc.at = Where{path, 0, 0};
    }
    if (doc.kind != RawNode::Kind::Map)
      throw Error(
          doc.at.prefix("expected a mapping of keys at the top level, got " + doc.describe()));
    return doc;
  }

  fs::path find_include(const std::string& name, const std::string& from, const Where& at) {
    fs::path p(name);
    if (p.is_absolute()) {
      if (is_file(p)) return p;
      throw Error(at.prefix("include '" + name + "' not found"));
    }
    std::vector<std::string> dirs{fs::path(from).parent_path().string()};
    dirs.insert(dirs.end(), search_dirs.begin(), search_dirs.end());
    if (auto found = find_config_file(name, dirs)) return *found;
    std::string looked;
    for (const std::string& d : dirs)
      looked += (looked.empty() ? "" : ", ") + (d.empty() ? "." : d);
    throw Error(at.prefix("include '" + name + "' not found (looked in " + looked + ")"));
  }

  std::vector<std::pair<std::string, Where>> include_names(const RawEntry& inc) {
    std::vector<std::pair<std::string, Where>> names;
    auto bad = [&](const RawNode& n) {
      return Error(n.at.prefix(std::string(kIncludeKey) +
                               ": expected a file name or a list of file names, got " +
                               n.describe()));
    };
    if (inc.value.kind == RawNode::Kind::Scalar) {
      names.emplace_back(inc.value.text, inc.value.at);
    } else if (inc.value.kind == RawNode::Kind::Sequence) {
      for (const RawNode& item : inc.value.items) {
        if (item.kind != RawNode::Kind::Scalar) throw bad(item);
        names.emplace_back(item.text, item.at);
      }
    } else {
      throw bad(inc.value);
    }
    return names;
  }

  // `include_at` is the include line that led here, blamed if this file closes a cycle.
  RawNode load(const std::string& path, const Where* include_at) {
    std::string id = identity(path);
    for (size_t i = 0; i < chain_ids.size(); ++i) {
      if (chain_ids[i] != id) continue;
      std::string chain;
      for (size_t j = i; j < chain_names.size(); ++j) chain += chain_names[j] + " -> ";
      throw Error(include_at->prefix("include cycle: " + chain + path));
    }
    RawNode own = read(path);
    chain_names.push_back(path);
    chain_ids.push_back(id);

    RawNode merged;
    merged.kind = RawNode::Kind::Map;
    merged.at = own.at;
    for (size_t i = 0; i < own.entries.size(); ++i) {
      if (own.entries[i].key != kIncludeKey) continue;
      for (const auto& [name, at] : include_names(own.entries[i])) {
        fs::path found = find_include(name, path, at);
        merge_into(merged, load(found.string(), &at));
      }
      own.entries.erase(own.entries.begin() + static_cast<std::ptrdiff_t>(i));
      break;  // keys are unique, so there is at most one
    }
    merge_into(merged, own);  // the file's own keys win over what it includes

    chain_names.pop_back();
    chain_ids.pop_back();
    return merged;
  }
};

}  // namespace

Override parse_override(const std::string& text, const std::string& origin) {
  size_t eq = text.find('=');
  if (eq == std::string::npos)
    throw Error(origin + ": expected key.path=value, got '" + text + "'");
  Override o{trim(text.substr(0, eq)), text.substr(eq + 1), origin};
  if (o.path.empty()) throw Error(origin + ": missing key before '=' in '" + text + "'");
  for (const std::string& part : split_path(o.path)) {
    bool ok = !part.empty();
    for (char c : part) ok = ok && is_key_char(c);
    if (!ok) throw Error(origin + ": bad key path '" + o.path + "'");
  }
  return o;
}

std::optional<fs::path> find_config_file(const std::string& name,
                                         const std::vector<std::string>& dirs) {
  std::vector<std::string> names{name};
  if (is_preset_name(name)) names.push_back(name + ".yaml");
  for (const std::string& d : dirs)
    for (const std::string& n : names) {
      fs::path candidate = (fs::path(d) / n).lexically_normal();
      if (is_file(candidate)) return candidate;
    }
  return std::nullopt;
}

bool is_preset_name(const std::string& name) {
  auto ends_with = [&](const char* ext) {
    const size_t n = std::char_traits<char>::length(ext);
    return name.size() >= n && name.compare(name.size() - n, n, ext) == 0;
  };
  return !name.empty() && name.find('/') == std::string::npos && !ends_with(".yaml") &&
         !ends_with(".yml");
}

YamlBudget yaml_budget_of(const std::vector<Override>& overrides) {
  YamlBudget budget;
  const std::string section = std::string(kLimitsSection) + ".";
  for (const Override& o : overrides) {
    uint64_t* target = nullptr;
    if (o.path == section + kYamlBytesKey) target = &budget.bytes;
    if (o.path == section + kYamlNodesKey) target = &budget.nodes;
    if (o.path == section + kYamlExpandedBytesKey) target = &budget.expanded_bytes;
    if (!target) continue;
    // A bad value is reported by the schema, against the same override, after loading. A
    // value below the default bounds traces only: lowering a trace bound must not refuse
    // the presets the run is configured from.
    try {
      uint64_t v = 0;
      parse_value(parse_yaml(o.value, o.origin, false, o.path), o.path, v);
      *target = std::max(*target, v);
    } catch (const Error&) {
    }
  }
  return budget;
}

RawNode load_raw_config(const std::string& path, const std::vector<Override>& overrides,
                        const std::vector<std::string>& search_dirs) {
  const YamlBudget budget = yaml_budget_of(overrides);
  RawNode root;
  if (path.empty()) {
    root.kind = RawNode::Kind::Map;
    root.at = Where{"(no config file)", 0, 0};
  } else {
    FileLoader loader{search_dirs, budget, {}, {}};
    root = loader.load(path, nullptr);
  }
  for (const Override& o : overrides) {
    // An override may come from a struct the caller filled by hand: check it like text.
    Override checked = parse_override(o.path + "=" + o.value, o.origin);
    std::vector<std::string> parts = split_path(checked.path);
    Where at{o.origin, 0, 0};
    RawNode layer = parse_yaml(o.value, o.origin, false, checked.path, budget);
    for (size_t i = parts.size(); i-- > 0;) {
      RawNode map;
      map.kind = RawNode::Kind::Map;
      map.at = at;
      map.entries.push_back(RawEntry{parts[i], at, std::move(layer)});
      layer = std::move(map);
    }
    merge_into(root, layer);
  }
  return root;
}

}  // namespace gfx::cfg
