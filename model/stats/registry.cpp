#include "stats/registry.h"

#include "common/error.h"

namespace gfx::stats {

namespace {

std::string dotted(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return a + "." + b;
}

const char* kind_name(Stat::Kind k) {
  switch (k) {
    case Stat::Kind::Counter: return "counter";
    case Stat::Kind::Formula: return "formula";
    case Stat::Kind::Histogram: return "histogram";
  }
  return "?";
}

std::string cell(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c == '\n' ? ' ' : c);
  return out;
}

}  // namespace

Group::Group(std::string name, std::string description)
    : Group(std::move(name), std::move(description), nullptr) {}

Group::Group(std::string name, std::string description, const Group* parent)
    : name_(std::move(name)), description_(std::move(description)), parent_(parent) {}

std::string Group::path() const { return dotted(parent_ ? parent_->path() : "", name_); }

std::string Group::join(const std::string& prefix) const { return dotted(prefix, name_); }

void Group::claim(const std::string& name) const {
  const std::string full = dotted(path(), name);
  if (name.empty() || name.find('.') != std::string::npos)
    throw Error("stats: bad name '" + full + "' (names are non-empty and have no '.')");
  bool taken = find_child(name) != nullptr;
  for (const Stat& s : stats_) taken = taken || s.name == name;
  if (taken) throw Error("stats: '" + full + "' registered twice");
}

const Group* Group::find_child(const std::string& name) const {
  for (const auto& c : children_)
    if (c->name_ == name) return c.get();
  return nullptr;
}

Group& Group::child(const std::string& name, const std::string& description) {
  claim(name);
  // Not make_unique: the constructor that records the parent is private.
  children_.push_back(std::unique_ptr<Group>(new Group(name, description, this)));
  return *children_.back();
}

void Group::counter(const std::string& name, const uint64_t* value, const std::string& unit,
                    const std::string& description) {
  claim(name);
  if (!value) throw Error("stats: counter '" + dotted(path(), name) + "' has no storage");
  stats_.push_back(Stat{Stat::Kind::Counter, name, unit, description, value, {}, nullptr});
}

void Group::formula(const std::string& name, std::function<double()> fn, const std::string& unit,
                    const std::string& description) {
  claim(name);
  if (!fn) throw Error("stats: formula '" + dotted(path(), name) + "' has no function");
  stats_.push_back(
      Stat{Stat::Kind::Formula, name, unit, description, nullptr, std::move(fn), nullptr});
}

void Group::histogram(const std::string& name, const Histogram* h, const std::string& unit,
                      const std::string& description) {
  claim(name);
  if (!h) throw Error("stats: histogram '" + dotted(path(), name) + "' has no storage");
  stats_.push_back(Stat{Stat::Kind::Histogram, name, unit, description, nullptr, {}, h});
}

void Group::for_each_value(const std::function<void(const std::string&, double, const Stat&)>& fn,
                           const std::string& prefix) const {
  const std::string here = join(prefix);
  for (const Stat& s : stats_) {
    const std::string p = dotted(here, s.name);
    switch (s.kind) {
      case Stat::Kind::Counter: fn(p, static_cast<double>(*s.counter), s); break;
      case Stat::Kind::Formula: fn(p, s.formula(), s); break;
      case Stat::Kind::Histogram: {
        const Histogram& h = *s.histogram;
        fn(p + ".samples", static_cast<double>(h.samples), s);
        fn(p + ".mean", h.mean(), s);
        fn(p + ".max", static_cast<double>(h.max_value), s);
        fn(p + ".overflow", static_cast<double>(h.overflow), s);
        for (size_t i = 0; i < h.bins.size(); ++i)
          fn(p + ".bins." + std::to_string(i), static_cast<double>(h.bins[i]), s);
        break;
      }
    }
  }
  for (const auto& c : children_) c->for_each_value(fn, here);
}

void Group::flatten(std::map<std::string, double>& out, const std::string& prefix) const {
  for_each_value([&out](const std::string& p, double v, const Stat&) { out[p] = v; }, prefix);
}

void Group::write_csv(CsvWriter& w, const std::string& prefix) const {
  for (const char* h : {"stat", "value", "unit", "description"}) w.cell(h);
  w.end_row();
  for_each_value(
      [&w](const std::string& p, double v, const Stat& s) {
        w.cell(p);
        w.cell(v);
        w.cell(s.unit);
        w.cell(s.description);
        w.end_row();
      },
      prefix);
}

void Group::write_json(JsonWriter& w, bool values_only) const {
  w.begin_object();
  for (const Stat& s : stats_) {
    w.key(s.name);
    if (s.kind != Stat::Kind::Histogram) {
      double v = s.kind == Stat::Kind::Formula ? s.formula() : 0.0;
      if (!values_only) {
        w.begin_object(true);
        w.key("value");
      }
      // Counters stay integers in JSON: no rounding through double.
      if (s.kind == Stat::Kind::Counter)
        w.value(*s.counter);
      else
        w.value(v);
      if (!values_only) {
        w.field("unit", s.unit);
        w.field("desc", s.description);
        w.end_object();
      }
      continue;
    }
    const Histogram& h = *s.histogram;
    w.begin_object(true);
    if (!values_only) {
      w.field("unit", s.unit);
      w.field("desc", s.description);
    }
    w.field("samples", h.samples);
    w.field("mean", h.mean());
    w.field("max", h.max_value);
    w.field("overflow", h.overflow);
    w.field("bin_width", h.bin_width);
    w.key("bins");
    w.begin_array(true);
    for (uint64_t b : h.bins) w.value(b);
    w.end_array();
    w.end_object();
  }
  for (const auto& c : children_) {
    w.key(c->name_);
    c->write_json(w, values_only);
  }
  w.end_object();
}

void Group::describe_rows(std::string& out, const std::string& prefix) const {
  const std::string here = join(prefix);
  if (!here.empty()) out += "| `" + cell(here) + "` | group | | " + cell(description_) + " |\n";
  for (const Stat& s : stats_)
    out += "| `" + cell(dotted(here, s.name)) + "` | " + kind_name(s.kind) + " | " + cell(s.unit) +
           " | " + cell(s.description) + " |\n";
  for (const auto& c : children_) c->describe_rows(out, here);
}

void Group::describe_markdown(std::string& out) const {
  out += "| Stat | Kind | Unit | Description |\n|---|---|---|---|\n";
  describe_rows(out, parent_ ? parent_->path() : "");
}

}  // namespace gfx::stats
