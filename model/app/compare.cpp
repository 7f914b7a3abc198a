#include "app/compare.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/error.h"

namespace gfx::app {

namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

// Figures of the machine that ran the simulation, not of the simulated GPU.
bool is_host_figure(const std::string& path) {
  return path == "run.wall_seconds" || path == "run.sim_cycles_per_second" ||
         path == "run.peak_rss_kib";
}

json read_stats(const std::string& dir) {
  if (!fs::is_directory(dir)) throw Error(dir + ": no such results folder");
  const std::string path = (fs::path(dir) / "stats.json").string();
  std::ifstream in(path);
  if (!in) throw Error(path + ": cannot open file (is " + dir + " a gfxsim results folder?)");
  try {
    json j = json::parse(in);
    if (!j.is_object() || !j.contains("run"))
      throw Error(path + ": not a gfxsim stats.json (no \"run\" section)");
    return j;
  } catch (const json::parse_error& e) {
    throw Error(path + ": malformed JSON at byte " + std::to_string(e.byte) + ": " +
                std::string(e.what()).substr(std::string(e.what()).find(':') + 2));
  }
}

void add(std::map<std::string, std::optional<double>>& out, const std::string& path,
         const json& v) {
  if (v.is_number())
    out[path] = v.get<double>();
  else if (v.is_null())
    out[path] = std::nullopt;  // a formula that was not finite (0/0)
}

// Every number of a stats group: a stat object is its value, a histogram its samples and
// mean; child groups recurse.
void flatten_group(const json& group, const std::string& prefix,
                   std::map<std::string, std::optional<double>>& out) {
  for (const auto& [name, v] : group.items()) {
    const std::string path = prefix + name;
    if (!v.is_object()) continue;
    if (v.contains("value")) {
      add(out, path, v["value"]);
    } else if (v.contains("bins")) {
      add(out, path + ".samples", v.value("samples", json()));
      add(out, path + ".mean", v.value("mean", json()));
    } else {
      flatten_group(v, path + ".", out);
    }
  }
}

std::map<std::string, std::optional<double>> flatten_stats(const json& j, bool host) {
  std::map<std::string, std::optional<double>> out;
  for (const auto& [k, v] : j["run"].items())
    if (v.is_number() && (host || !is_host_figure("run." + k))) add(out, "run." + k, v);
  if (j.contains("frames") && j["frames"].is_array())
    for (const json& f : j["frames"]) {
      const std::string p = "frames." + std::to_string(f.value("frame", 0u)) + ".";
      for (const char* k : {"cycles", "draws"})
        if (f.contains(k)) add(out, p + k, f[k]);
    }
  if (j.contains("stats") && j["stats"].is_object()) flatten_group(j["stats"], "stats.", out);
  return out;
}

std::string yaml_text(const YAML::Node& n) {
  YAML::Emitter e;
  e << YAML::Flow << n;
  return e.c_str();
}

void flatten_yaml(const YAML::Node& n, const std::string& prefix,
                  std::map<std::string, std::string>& out) {
  for (const auto& kv : n) {
    const std::string key = prefix + kv.first.as<std::string>();
    if (kv.second.IsMap())
      flatten_yaml(kv.second, key + ".", out);
    else
      out[key] = yaml_text(kv.second);
  }
}

std::map<std::string, std::string> read_config(const std::string& dir) {
  const std::string path = (fs::path(dir) / "config.yaml").string();
  if (!fs::exists(path)) throw Error(path + ": cannot open file");
  try {
    const YAML::Node root = YAML::LoadFile(path);
    if (!root.IsMap()) throw Error(path + ": not a gfxsim config.yaml (not a mapping)");
    std::map<std::string, std::string> out;
    for (const auto& kv : root) {
      const std::string key = kv.first.as<std::string>();
      if (key == "gfxsim") continue;  // provenance, shown apart
      if (kv.second.IsMap())
        flatten_yaml(kv.second, key + ".", out);
      else
        out[key] = yaml_text(kv.second);
    }
    return out;
  } catch (const YAML::Exception& e) {
    throw Error(path + ":" + std::to_string(e.mark.line + 1) + ": malformed YAML: " + e.msg);
  }
}

RunInfo run_info(const std::string& dir, const json& j) {
  RunInfo r;
  r.dir = dir;
  const json& run = j["run"];
  r.config = run.value("config", "");
  r.trace = run.value("trace", "");
  r.mode = run.value("mode", "");
  r.trace_sha256 = run.value("trace_sha256", "");
  r.config_sha256 = run.value("config_sha256", "");
  if (run.contains("overrides") && run["overrides"].is_array())
    for (const json& o : run["overrides"])
      if (o.is_string()) r.overrides.push_back(o.get<std::string>());
  return r;
}

std::string number(std::optional<double> v) {
  if (!v) return "-";
  char buf[40];
  const double x = *v;
  if (std::abs(x) < 9.0e15 && x == std::floor(x))
    std::snprintf(buf, sizeof buf, "%.0f", x);
  else
    std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

std::string percent_text(const StatDelta& d) {
  const auto p = d.percent();
  if (!p) return d.a.has_value() != d.b.has_value() ? (d.a ? "gone" : "new") : "-";
  if (std::isinf(*p)) return *p > 0 ? "+inf%" : "-inf%";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f%%", *p);
  return buf;
}

std::string signed_number(double v) { return (v > 0 ? "+" : "") + number(v); }

std::string describe(const RunInfo& r) {
  std::string s = r.dir + "  (config " + r.config + ", trace " + r.trace + ", " + r.mode;
  if (!r.overrides.empty()) {
    s += ", --set";
    for (const std::string& o : r.overrides) s += " " + o;
  }
  return s + ")";
}

size_t shown(const Comparison& c, size_t top, bool all) {
  size_t n = all ? c.stats.size() : c.changed;
  return top ? std::min(n, top) : n;
}

}  // namespace

std::optional<double> StatDelta::percent() const {
  if (!a || !b) return std::nullopt;
  if (*a == 0) return *b == 0 ? 0.0 : std::copysign(std::numeric_limits<double>::infinity(), *b);
  return (*b - *a) / std::abs(*a) * 100.0;
}

Comparison compare_runs(const std::string& dir_a, const std::string& dir_b, bool host) {
  const json ja = read_stats(dir_a), jb = read_stats(dir_b);
  Comparison c;
  c.a = run_info(dir_a, ja);
  c.b = run_info(dir_b, jb);

  const auto ca = read_config(dir_a), cb = read_config(dir_b);
  std::map<std::string, ConfigDelta> keys;
  for (const auto& [k, v] : ca) keys[k].a = v;
  for (const auto& [k, v] : cb) keys[k].b = v;
  for (auto& [k, d] : keys)
    if (d.a != d.b) {
      d.key = k;
      c.config.push_back(d);
    }

  const auto sa = flatten_stats(ja, host), sb = flatten_stats(jb, host);
  std::map<std::string, StatDelta> rows;
  for (const auto& [p, v] : sa) rows[p].a = v;
  for (const auto& [p, v] : sb) rows[p].b = v;
  for (auto& [p, d] : rows) {
    d.path = p;
    c.stats.push_back(d);
  }
  auto differs = [](const StatDelta& d) { return d.a != d.b; };
  // Largest relative change first; a stat present in one run only ranks with the infinite
  // ones; ties by absolute change, then path, so the order is stable.
  auto magnitude = [](const StatDelta& d) {
    const auto p = d.percent();
    return p ? std::abs(*p) : std::numeric_limits<double>::infinity();
  };
  std::stable_sort(c.stats.begin(), c.stats.end(), [&](const StatDelta& x, const StatDelta& y) {
    if (differs(x) != differs(y)) return differs(x);
    if (magnitude(x) != magnitude(y)) return magnitude(x) > magnitude(y);
    if (std::abs(x.delta()) != std::abs(y.delta())) return std::abs(x.delta()) > std::abs(y.delta());
    return x.path < y.path;
  });
  c.changed = size_t(std::count_if(c.stats.begin(), c.stats.end(), differs));
  return c;
}

std::string format_comparison(const Comparison& c, size_t top, bool all) {
  std::ostringstream out;
  out << "A: " << describe(c.a) << "\n";
  out << "B: " << describe(c.b) << "\n";
  if (c.a.trace_sha256.empty() || c.b.trace_sha256.empty())
    out << "trace: not recorded in both runs\n";
  else if (c.a.trace_sha256 == c.b.trace_sha256)
    out << "trace: identical (sha256 " << c.a.trace_sha256.substr(0, 12) << ")\n";
  else
    out << "trace: DIFFERENT files (sha256 " << c.a.trace_sha256.substr(0, 12) << " vs "
        << c.b.trace_sha256.substr(0, 12) << ")\n";

  out << "\nconfig: " << (c.config.empty() ? "identical" : std::to_string(c.config.size()) +
                                                              " key(s) differ")
      << "\n";
  size_t width = 0;
  for (const ConfigDelta& d : c.config) width = std::max(width, d.key.size());
  for (const ConfigDelta& d : c.config)
    out << "  " << d.key << std::string(width - d.key.size() + 2, ' ') << d.a.value_or("(absent)")
        << " -> " << d.b.value_or("(absent)") << "\n";

  const size_t n = shown(c, top, all);
  out << "\nstats: " << c.changed << " of " << c.stats.size() << " differ";
  if (n < (all ? c.stats.size() : c.changed)) out << " (the " << n << " largest shown)";
  out << "\n";
  if (n == 0) return out.str();
  std::vector<std::vector<std::string>> table = {{"stat", "A", "B", "B - A", "change"}};
  for (size_t i = 0; i < n; ++i) {
    const StatDelta& d = c.stats[i];
    table.push_back({d.path, number(d.a), number(d.b),
                     d.a && d.b ? signed_number(d.delta()) : "-", percent_text(d)});
  }
  std::vector<size_t> w(5, 0);
  for (const auto& row : table)
    for (size_t k = 0; k < row.size(); ++k) w[k] = std::max(w[k], row[k].size());
  for (const auto& row : table) {
    out << "  " << row[0] << std::string(w[0] - row[0].size(), ' ');
    for (size_t k = 1; k < row.size(); ++k)
      out << "  " << std::string(w[k] - row[k].size(), ' ') << row[k];
    out << "\n";
  }
  return out.str();
}

std::string comparison_json(const Comparison& c, size_t top, bool all) {
  auto info = [](const RunInfo& r) {
    return json{{"dir", r.dir},         {"config", r.config},
                {"trace", r.trace},     {"mode", r.mode},
                {"overrides", r.overrides}, {"trace_sha256", r.trace_sha256},
                {"config_sha256", r.config_sha256}};
  };
  auto opt = [](const auto& v) { return v ? json(*v) : json(); };
  json j = {{"a", info(c.a)}, {"b", info(c.b)}, {"changed", c.changed},
            {"compared", c.stats.size()}};
  j["config"] = json::array();
  for (const ConfigDelta& d : c.config)
    j["config"].push_back({{"key", d.key}, {"a", opt(d.a)}, {"b", opt(d.b)}});
  j["stats"] = json::array();
  for (size_t i = 0, n = shown(c, top, all); i < n; ++i) {
    const StatDelta& d = c.stats[i];
    const auto p = d.percent();
    j["stats"].push_back({{"path", d.path},
                          {"a", opt(d.a)},
                          {"b", opt(d.b)},
                          {"delta", d.a && d.b ? json(d.delta()) : json()},
                          // JSON has no infinity: a change from 0 is the string "inf"
                          {"percent", !p ? json() : std::isinf(*p) ? json(*p > 0 ? "inf" : "-inf")
                                                                   : json(*p)}});
  }
  return j.dump(2) + "\n";
}

}  // namespace gfx::app
