// The leaf types a config field may have, how each is read from a raw YAML node and how
// it is written back. Reading is strict (no octal surprises, no "yes" for true, no silent
// truncation) and writing is exact (doubles round-trip), so a resolved dump loads back
// to the same values.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "config/raw.h"

namespace gfx::cfg {

// Traits of a supported field type: its name in docs, and what an error says was expected.
template <class T> struct ValueTraits { static constexpr bool supported = false; };

#define GFX_CFG_SCALAR(T, NAME, EXPECTED)             \
  template <> struct ValueTraits<T> {                 \
    static constexpr bool supported = true;           \
    static constexpr bool is_list = false;            \
    using Elem = T;                                   \
    static std::string name() { return NAME; }        \
    static constexpr const char* expected = EXPECTED; \
  };
GFX_CFG_SCALAR(bool, "bool", "true or false")
GFX_CFG_SCALAR(int32_t, "int32", "an integer")
GFX_CFG_SCALAR(uint32_t, "uint32", "an unsigned integer")
GFX_CFG_SCALAR(int64_t, "int64", "an integer")
GFX_CFG_SCALAR(uint64_t, "uint64", "an unsigned integer")
GFX_CFG_SCALAR(float, "float", "a number")
GFX_CFG_SCALAR(double, "double", "a number")
GFX_CFG_SCALAR(std::string, "string", "a string")
#undef GFX_CFG_SCALAR

// Lists of any scalar but bool (std::vector<bool> is not a container of bools).
template <class E> struct ValueTraits<std::vector<E>> {
  static constexpr bool supported = ValueTraits<E>::supported && !std::is_same_v<E, bool>;
  static constexpr bool is_list = true;
  using Elem = E;
  static std::string name() { return "list of " + ValueTraits<E>::name(); }
  static constexpr const char* expected = "a sequence";
};

// Throws "where: path: expected X, got Y".
[[noreturn]] void throw_expected(const RawNode& node, const std::string& path,
                                 const std::string& expected);

// Each reads `node` into `out` or throws gfx::Error "where: path: expected X, got Y".
void parse_value(const RawNode& node, const std::string& path, bool& out);
void parse_value(const RawNode& node, const std::string& path, int32_t& out);
void parse_value(const RawNode& node, const std::string& path, uint32_t& out);
void parse_value(const RawNode& node, const std::string& path, int64_t& out);
void parse_value(const RawNode& node, const std::string& path, uint64_t& out);
void parse_value(const RawNode& node, const std::string& path, float& out);
void parse_value(const RawNode& node, const std::string& path, double& out);
void parse_value(const RawNode& node, const std::string& path, std::string& out);

template <class E>
void parse_value(const RawNode& node, const std::string& path, std::vector<E>& out) {
  if (node.kind != RawNode::Kind::Sequence) throw_expected(node, path, "a sequence");
  out.assign(node.items.size(), E{});
  for (size_t i = 0; i < node.items.size(); ++i)
    parse_value(node.items[i], path + "[" + std::to_string(i) + "]", out[i]);
}

// YAML text that parse_value reads back to the same value.
std::string format_value(bool v);
std::string format_value(int32_t v);
std::string format_value(uint32_t v);
std::string format_value(int64_t v);
std::string format_value(uint64_t v);
std::string format_value(float v);
std::string format_value(double v);
std::string format_value(const std::string& v);  // quoted when plain text would mislead

template <class E> std::string format_value(const std::vector<E>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + format_value(v[i]);
  return s + "]";
}

// True when `s` can be written as a plain YAML scalar and still read back as that string
// by any YAML reader (so not "true", "null", "8" or "a: b").
bool is_plain_yaml_string(const std::string& s);

}  // namespace gfx::cfg
