#include "config/resolve.h"

#include "common/error.h"
#include "config/suggest.h"

namespace gfx::cfg {

namespace {

std::string join(const std::string& path, const std::string& key) {
  return path.empty() ? key : path + "." + key;
}

[[noreturn]] void unknown_key(const SchemaBase& schema, const RawEntry& e,
                              const std::string& path) {
  std::vector<std::string> keys;
  for (const auto& entry : schema.entries()) keys.push_back(entry->key());
  std::string hint = closest_match(e.key, keys);
  std::string message = join(path, e.key) + ": unknown key";
  if (!hint.empty()) message += "; did you mean '" + join(path, hint) + "'?";
  throw Error(e.key_at.prefix(message));
}

// `node` is null when the tree does not mention this section; `at` is then where its
// defaults are blamed from.
void resolve_section(const SchemaBase& schema, void* obj, const RawNode* node,
                     const std::string& path, const Where& at, bool top) {
  if (node && node->kind == RawNode::Kind::Null) node = nullptr;  // "rop:" with nothing under
  if (node && node->kind != RawNode::Kind::Map)
    throw_expected(*node, path.empty() ? std::string("top level") : path, "a mapping");

  if (node) {
    for (const RawEntry& e : node->entries)
      if (!(top && e.key == kMetaKey) && !schema.find(e.key)) unknown_key(schema, e, path);
  }
  const Where defaults{"built-in default", 0, 0};
  for (const auto& entry : schema.entries()) {
    const RawEntry* raw = node ? node->find(entry->key()) : nullptr;
    const std::string sub = join(path, entry->key());
    if (const SchemaBase* inner = entry->section())
      resolve_section(*inner, entry->member(obj), raw ? &raw->value : nullptr, sub,
                      raw ? raw->value.at : defaults, false);
    else if (raw)
      entry->read(obj, raw->value, sub);
    else
      entry->check_default(obj, defaults, sub);
  }
  for (const StructCheck& check : schema.checks()) {
    std::string problem = check.fn(obj);
    if (!problem.empty())
      throw Error((node ? node->at : at).prefix(path.empty() ? problem : path + ": " + problem));
  }
}

}  // namespace

void resolve_into(const SchemaBase& schema, void* obj, const RawNode& root) {
  resolve_section(schema, obj, &root, "", root.at, true);
}

}  // namespace gfx::cfg
