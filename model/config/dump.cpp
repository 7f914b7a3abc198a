#include "config/dump.h"

#include "common/version.h"
#include "config/resolve.h"
#include "config/value.h"

namespace gfx::cfg {

std::string dump_meta_yaml(const std::map<std::string, std::string>& metadata) {
  std::map<std::string, std::string> rest = metadata;
  auto take = [&](const std::string& key, const char* fallback) {
    auto it = rest.find(key);
    std::string v = it == rest.end() ? fallback : it->second;
    if (it != rest.end()) rest.erase(it);
    return "  " + key + ": " + format_value(v) + "\n";
  };
  std::string out = std::string(kMetaKey) + ":\n";
  out += take("version", version());
  out += take("git_rev", git_revision());
  for (const auto& [key, value] : rest)
    out += "  " + format_value(key) + ": " + format_value(value) + "\n";
  return out;
}

void dump_fields_yaml(const SchemaBase& schema, const void* obj, int indent, std::string& out) {
  const std::string pad(static_cast<size_t>(indent), ' ');
  for (const auto& entry : schema.entries()) {
    if (const SchemaBase* inner = entry->section()) {
      if (inner->entries().empty()) {
        out += pad + entry->key() + ": {}\n";
      } else {
        out += pad + entry->key() + ":\n";
        dump_fields_yaml(*inner, entry->member(obj), indent + 2, out);
      }
    } else {
      out += pad + entry->key() + ": " + entry->yaml(obj) + "\n";
    }
  }
}

}  // namespace gfx::cfg
