// The statistics registry: a tree of groups that mirrors the module tree ("gpu.rop.zcache"),
// each group holding named stats with a unit and a description.
//
// Units keep their counters as plain uint64_t members and bump them directly; the registry
// only remembers where they live, so the hot path pays nothing. Formulas (hit rates, GB/s)
// are functions evaluated when results are written. A registered counter or histogram
// must outlive every dump of the group.
//
// Output shapes, all produced from the same tree:
//  - flatten(): {"gpu.rop.quads": 12, ...}, every scalar value by full path; a histogram
//    "h" contributes h.samples, h.mean, h.max, h.overflow and h.bins.<i>. For per-frame
//    deltas and Python. (Counters above 2^53 lose precision as doubles.)
//  - write_json(): the group as one nested JSON object: child groups are nested objects,
//    each stat a one-line object
//      "quads": {"value": 12, "unit": "quad", "desc": "Quads written"}
//      "occ": {"unit": "entry", "desc": "...", "samples": 9, "mean": 1.5, "max": 4,
//              "overflow": 0, "bin_width": 1, "bins": [2, 3, 4]}
//    (stats first, then child groups, each in registration order). With values_only,
//    a counter or formula is just its number and a histogram drops unit and desc.
//    A formula that is not finite (0/0) is written as null.
//  - write_csv(): header "stat,value,unit,description", one row per flatten() value.
//  - describe_markdown(): a table of every group and stat path with kind, unit, description.
// Left out: per-interval sampling (callers diff flatten() snapshots) and vector stats
// (register one counter per element, or a histogram).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "stats/csv_writer.h"
#include "stats/histogram.h"
#include "stats/json_writer.h"

namespace gfx::stats {

struct Stat {
  enum class Kind { Counter, Formula, Histogram };
  Kind kind;
  std::string name, unit, description;
  const uint64_t* counter = nullptr;
  std::function<double()> formula;
  const Histogram* histogram = nullptr;
};

class Group {
 public:
  // A root group. An empty name leaves the root out of paths ("rop.quads").
  explicit Group(std::string name, std::string description = "");
  Group(const Group&) = delete;
  Group& operator=(const Group&) = delete;

  const std::string& name() const { return name_; }
  const std::string& description() const { return description_; }
  std::string path() const;  // "gpu.rop"

  // A sub-group owned by this one; its address is stable for the life of the tree.
  // Names are unique among a group's children and stats, non-empty and without '.'
  // (gfx::Error otherwise, naming the full path).
  Group& child(const std::string& name, const std::string& description = "");
  void counter(const std::string& name, const uint64_t* value, const std::string& unit,
               const std::string& description);
  void formula(const std::string& name, std::function<double()> fn, const std::string& unit,
               const std::string& description);
  void histogram(const std::string& name, const Histogram* h, const std::string& unit,
                 const std::string& description);

  const std::vector<Stat>& stats() const { return stats_; }
  const std::vector<std::unique_ptr<Group>>& children() const { return children_; }
  const Group* find_child(const std::string& name) const;

  // Calls fn(full path, value, stat) for every scalar value, in the order flatten uses.
  void for_each_value(const std::function<void(const std::string&, double, const Stat&)>& fn,
                      const std::string& prefix = "") const;
  void flatten(std::map<std::string, double>& out, const std::string& prefix = "") const;
  void write_json(JsonWriter& w, bool values_only = false) const;
  void write_csv(CsvWriter& w, const std::string& prefix = "") const;
  void describe_markdown(std::string& out) const;

 private:
  Group(std::string name, std::string description, const Group* parent);
  void claim(const std::string& name) const;  // throws if unusable or taken
  std::string join(const std::string& prefix) const;
  void describe_rows(std::string& out, const std::string& prefix) const;

  std::string name_, description_;
  const Group* parent_ = nullptr;
  std::vector<Stat> stats_;
  std::vector<std::unique_ptr<Group>> children_;
};

}  // namespace gfx::stats
