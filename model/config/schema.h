// The resolved config layer's description: each config struct declares, in a static
// describe(Schema<Self>&), its keys in order with type, unit, description and validation,
// and its nested sections. One declaration then drives loading, validation, the resolved
// dump and the Markdown reference, so they cannot drift apart.
//
//   s.field("ways", &CacheConfig::ways, "", "Associativity").range(1, 64);
//   s.section("z_cache", &RopConfig::z_cache, "Depth cache");
//   s.check([](const CacheConfig& c) { return c.ok() ? "" : "why not"; }, "doc text");
//
// Entries reach their struct through void* so that the walks (resolve.cpp, dump.cpp,
// docs.cpp) are compiled once instead of once per struct; only the small typed shims
// below are templates. Schemas are built per load and are not a hot path.
#pragma once

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "common/error.h"
#include "config/raw.h"
#include "config/suggest.h"
#include "config/value.h"

namespace gfx::cfg {

class SchemaBase;

// One key: a typed field, or a nested section (section() != nullptr).
class Entry {
 public:
  Entry(std::string key, std::string unit, std::string description)
      : key_(std::move(key)), unit_(std::move(unit)), description_(std::move(description)) {}
  virtual ~Entry() = default;
  const std::string& key() const { return key_; }
  const std::string& unit() const { return unit_; }
  const std::string& description() const { return description_; }

  virtual const SchemaBase* section() const { return nullptr; }
  virtual void* member(void* owner) const = 0;
  virtual const void* member(const void* owner) const = 0;
  // Fields only: parse `node` into the member and validate it; validate a kept default.
  virtual void read(void*, const RawNode&, const std::string&) const {}
  virtual void check_default(const void*, const Where&, const std::string&) const {}
  virtual std::string yaml(const void*) const { return ""; }  // the value as YAML text
  virtual std::string type_name() const = 0;
  virtual std::string allowed() const { return ""; }  // range / choices, for the docs

 private:
  std::string key_, unit_, description_;
};

// A cross-field rule of one struct: returns "" when satisfied, else the problem.
struct StructCheck {
  std::function<std::string(const void*)> fn;
  std::string doc;
};

class SchemaBase {
 public:
  const std::vector<std::unique_ptr<Entry>>& entries() const { return entries_; }
  const std::vector<StructCheck>& checks() const { return checks_; }
  const Entry* find(const std::string& key) const {
    for (const auto& e : entries_)
      if (e->key() == key) return e.get();
    return nullptr;
  }

 protected:
  template <class E> E& add(std::unique_ptr<E> e) {
    // A schema mistake, not user input, but still an Error rather than an assert.
    if (find(e->key())) throw Error("config schema: key '" + e->key() + "' declared twice");
    E& ref = *e;
    entries_.push_back(std::move(e));
    return ref;
  }
  std::vector<std::unique_ptr<Entry>> entries_;
  std::vector<StructCheck> checks_;
};

template <class S, class T> class Field final : public Entry {
  using Traits = ValueTraits<T>;
  using Elem = typename Traits::Elem;
  static constexpr bool kOrdered = std::is_arithmetic_v<Elem> && !std::is_same_v<Elem, bool>;

 public:
  Field(const std::string& key, T S::*m, const std::string& unit, const std::string& desc)
      : Entry(key, unit, desc), m_(m) {}

  // Bounds apply to each element of a list.
  Field& range(Elem lo, Elem hi) { return min(lo).max(hi); }
  Field& min(Elem lo) {
    static_assert(kOrdered, "min/range need a numeric field");
    lo_ = lo;
    return *this;
  }
  Field& max(Elem hi) {
    static_assert(kOrdered, "max/range need a numeric field");
    hi_ = hi;
    return *this;
  }
  Field& choices(std::vector<std::string> list) {
    static_assert(std::is_same_v<Elem, std::string>, "choices need a string field");
    choices_ = std::move(list);
    return *this;
  }
  // `fn` returns "" when the value is fine, else the problem; `doc` goes in the docs.
  Field& check(std::function<std::string(const T&)> fn, std::string doc = "") {
    checks_.emplace_back(std::move(fn), std::move(doc));
    return *this;
  }

  void* member(void* owner) const override { return &(static_cast<S*>(owner)->*m_); }
  const void* member(const void* owner) const override {
    return &(static_cast<const S*>(owner)->*m_);
  }
  void read(void* owner, const RawNode& node, const std::string& path) const override {
    T& v = static_cast<S*>(owner)->*m_;
    parse_value(node, path, v);
    validate(v, &node, node.at, path);
  }
  void check_default(const void* owner, const Where& at, const std::string& path) const override {
    validate(static_cast<const S*>(owner)->*m_, nullptr, at, path);
  }
  std::string yaml(const void* owner) const override {
    return format_value(static_cast<const S*>(owner)->*m_);
  }
  std::string type_name() const override { return Traits::name(); }
  std::string allowed() const override {
    std::string s;
    if constexpr (kOrdered) {
      if (lo_ && hi_)
        s = format_value(*lo_) + " .. " + format_value(*hi_);
      else if (lo_)
        s = ">= " + format_value(*lo_);
      else if (hi_)
        s = "<= " + format_value(*hi_);
    }
    for (const std::string& c : choices_) s += (s.empty() ? "" : ", ") + c;
    for (const auto& c : checks_)
      if (!c.second.empty()) s += (s.empty() ? "" : "; ") + c.second;
    return s;
  }

 private:
  void validate_elem(const Elem& v, const Where& at, const std::string& path) const {
    if constexpr (kOrdered) {
      if (lo_ && v < *lo_)
        throw Error(at.prefix(path + ": " + format_value(v) + " is below the minimum " +
                              format_value(*lo_)));
      if (hi_ && v > *hi_)
        throw Error(at.prefix(path + ": " + format_value(v) + " is above the maximum " +
                              format_value(*hi_)));
    }
    if constexpr (std::is_same_v<Elem, std::string>) {
      if (choices_.empty() || std::find(choices_.begin(), choices_.end(), v) != choices_.end())
        return;
      std::string list;
      for (const std::string& c : choices_) list += (list.empty() ? "" : ", ") + c;
      std::string hint = closest_match(v, choices_);
      throw Error(at.prefix(path + ": '" + v + "' is not one of " + list +
                            (hint.empty() ? "" : "; did you mean '" + hint + "'?")));
    }
  }
  // `node` (absent for a default) gives each list element its own location.
  void validate(const T& v, const RawNode* node, const Where& at, const std::string& path) const {
    if constexpr (Traits::is_list) {
      for (size_t i = 0; i < v.size(); ++i)
        validate_elem(v[i], node ? node->items[i].at : at, path + "[" + std::to_string(i) + "]");
    } else {
      validate_elem(v, at, path);
    }
    for (const auto& c : checks_) {
      std::string problem = c.first(v);
      if (!problem.empty()) throw Error(at.prefix(path + ": " + problem));
    }
  }

  T S::*m_;
  std::optional<Elem> lo_, hi_;
  std::vector<std::string> choices_;
  std::vector<std::pair<std::function<std::string(const T&)>, std::string>> checks_;
};

template <class S> class Schema;

template <class S, class Sub> class Section final : public Entry {
 public:
  Section(const std::string& key, Sub S::*m, const std::string& desc)
      : Entry(key, "", desc), m_(m) {
    Sub::describe(schema_);
  }
  const SchemaBase* section() const override { return &schema_; }
  void* member(void* owner) const override { return &(static_cast<S*>(owner)->*m_); }
  const void* member(const void* owner) const override {
    return &(static_cast<const S*>(owner)->*m_);
  }
  std::string type_name() const override { return "section"; }

 private:
  Sub S::*m_;
  Schema<Sub> schema_;
};

template <class S> class Schema : public SchemaBase {
 public:
  template <class T> Field<S, T>& field(const std::string& key, T S::*m, const std::string& unit,
                                        const std::string& description) {
    static_assert(ValueTraits<T>::supported,
                  "config fields are bool, int32/uint32/int64/uint64, float, double, "
                  "std::string or a std::vector of a non-bool one of those; use section() "
                  "for a nested struct");
    return add(std::make_unique<Field<S, T>>(key, m, unit, description));
  }

  template <class Sub>
  void section(const std::string& key, Sub S::*m, const std::string& description) {
    add(std::make_unique<Section<S, Sub>>(key, m, description));
  }

  // A rule across fields of S, checked after all of S's fields are read.
  void check(std::function<std::string(const S&)> fn, std::string doc = "") {
    checks_.push_back(
        StructCheck{[fn = std::move(fn)](const void* p) { return fn(*static_cast<const S*>(p)); },
                    std::move(doc)});
  }
};

}  // namespace gfx::cfg
