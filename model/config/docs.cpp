#include "config/docs.h"

namespace gfx::cfg {

namespace {

// A table cell: pipes would split the cell and newlines would end the row.
std::string cell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n' || c == '\r')
      out += ' ';
    else
      out += c;
  }
  return out;
}

std::string code(const std::string& s) { return s.empty() ? "" : "`" + cell(s) + "`"; }

std::string join(const std::string& path, const std::string& key) {
  return path.empty() ? key : path + "." + key;
}

}  // namespace

void describe_markdown_into(const SchemaBase& schema, const void* defaults, const std::string& path,
                            const std::string& description, std::string& out) {
  if (!schema.entries().empty() || !schema.checks().empty()) {
    out += "## " + (path.empty() ? std::string("Top level") : "`" + path + "`") + "\n\n";
    if (!description.empty()) out += description + "\n\n";
    out += "| Key | Type | Unit | Default | Allowed | Description |\n";
    out += "|---|---|---|---|---|---|\n";
    for (const auto& e : schema.entries()) {
      const bool is_section = e->section() != nullptr;
      out += "| " + code(join(path, e->key())) + " | " + e->type_name() + " | " + cell(e->unit()) +
             " | " + (is_section ? "" : code(e->yaml(defaults))) + " | " + cell(e->allowed()) +
             " | " + cell(e->description()) + (is_section ? " (see below)" : "") + " |\n";
    }
    for (const StructCheck& c : schema.checks())
      if (!c.doc.empty()) out += "\nRule: " + c.doc + "\n";
    out += "\n";
  }
  for (const auto& e : schema.entries())
    if (const SchemaBase* inner = e->section())
      describe_markdown_into(*inner, e->member(defaults), join(path, e->key()), e->description(),
                             out);
}

void describe_keys_into(const SchemaBase& schema, const std::string& path,
                        std::map<std::string, KeyInfo>& out) {
  for (const auto& e : schema.entries()) {
    const std::string key = join(path, e->key());
    if (const SchemaBase* inner = e->section())
      describe_keys_into(*inner, key, out);
    else
      out[key] = {e->unit(), e->description()};
  }
}

}  // namespace gfx::cfg
