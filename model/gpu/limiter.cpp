#include "gpu/limiter.h"

#include <cstdio>
#include <functional>
#include <map>

namespace gfx::gpu {

namespace {

const uint64_t* counter(const stats::Group& g, const std::string& name) {
  for (const stats::Stat& s : g.stats())
    if (s.name == name && s.kind == stats::Stat::Kind::Counter) return s.counter;
  return nullptr;
}

// A counter or a formula (the L2's totals are sums over its slices), as a reader.
std::function<double()> reader(const stats::Group& g, const std::string& name) {
  for (const stats::Stat& s : g.stats()) {
    if (s.name != name) continue;
    if (s.kind == stats::Stat::Kind::Counter) return [c = s.counter] { return double(*c); };
    if (s.kind == stats::Stat::Kind::Formula) return s.formula;
  }
  return nullptr;
}

bool is_core(const std::string& name) {  // shader "core0", "core1", ...: one label for all
  return name.size() > 4 && name.compare(0, 4, "core") == 0 &&
         name.find_first_not_of("0123456789", 4) == std::string::npos;
}

std::string percent(double share) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", share * 100.0);
  return buf;
}

}  // namespace

Limiter::Limiter(std::vector<sim::Unit*> units, const stats::Group& stats)
    : units_(std::move(units)) {
  for (size_t u = 0; u < units_.size(); ++u)
    if (const stats::Group* g = stats.find_child(units_[u]->unit_name()))
      find_caches(*g, u, units_[u]->unit_name());
  if (const stats::Group* m = stats.find_child("memory"))
    if (const stats::Group* l2 = m->find_child("l2")) {
      for (const char* hit : {"hits", "hits_on_fill"})
        if (auto r = reader(*l2, hit)) l2_hits_.push_back(r);
      if (auto r = reader(*l2, "misses")) l2_misses_.push_back(r);
    }
}

// A cache is a group with "misses" and "hit_rate"; groups of shader cores fold into one.
void Limiter::find_caches(const stats::Group& g, size_t unit, const std::string& label) {
  for (const auto& child : g.children()) {
    const stats::Group& c = *child;
    const uint64_t* issue = counter(c, "issue_cycles");
    const uint64_t* texture = counter(c, "stall_texture_cycles");
    if (issue && texture) cores_.push_back({unit, issue, texture});
    const std::string name = is_core(c.name()) ? label : label + "." + c.name();
    bool has_rate = false;
    for (const stats::Stat& s : c.stats()) has_rate |= s.name == "hit_rate";
    if (const uint64_t* m = counter(c, "misses"); m && has_rate)
      caches_.push_back({unit, name, m});
    else
      find_caches(c, unit, name);
  }
}

Limiter::Snapshot Limiter::take(Cycle at) const {
  Snapshot s;
  s.at = at;
  for (const sim::Unit* u : units_) s.units.push_back(u->counts_at(at));
  for (const CacheRef& c : caches_) s.cache_misses.push_back(*c.misses);
  for (const CoreRef& c : cores_) {
    s.core_issue.push_back(*c.issue);
    s.core_texture.push_back(*c.texture);
  }
  for (const auto& r : l2_hits_) s.l2_hits += uint64_t(r());
  for (const auto& r : l2_misses_) s.l2_misses += uint64_t(r());
  return s;
}

LimiterVerdict Limiter::judge(const Snapshot& from, const Snapshot& to) const {
  auto delta = [&](size_t u, sim::Activity a) {
    return double(to.units[u][size_t(a)] - from.units[u][size_t(a)]);
  };
  const double cycles = double(to.at > from.at ? to.at - from.at : 1);
  size_t top = 0, pressed = 0;
  double top_share = -1, pressed_share = -1;
  for (size_t u = 0; u < units_.size(); ++u) {
    const double own = (delta(u, sim::Activity::Busy) + delta(u, sim::Activity::StallMemory)) / cycles;
    const double out = delta(u, sim::Activity::StallOutput) / cycles;
    if (own >= top_share) top = u, top_share = own;  // >=: the later unit wins a tie
    if (out > pressed_share) pressed = u, pressed_share = out;
  }
  LimiterVerdict v;
  if (top_share < 0.5 && pressed_share > top_share) {
    v.limiter = units_[pressed]->unit_name();
    v.share = pressed_share;
    v.reason = "back pressure: " + v.limiter + " stalled on its output queue " +
               percent(pressed_share) + " of the cycles while no unit worked " +
               percent(top_share) + " of them";
    return v;
  }
  v.limiter = units_[top]->unit_name();
  v.share = top_share;
  double busy = delta(top, sim::Activity::Busy) / cycles;
  double memory = delta(top, sim::Activity::StallMemory) / cycles;
  // A unit of cores (the shader cluster) is busy when any core issues: judge it by what its
  // cores did on average instead.
  double cores = 0, issue = 0, texture = 0;
  for (size_t i = 0; i < cores_.size(); ++i)
    if (cores_[i].unit == top) {
      cores += 1;
      issue += double(to.core_issue[i] - from.core_issue[i]);
      texture += double(to.core_texture[i] - from.core_texture[i]);
    }
  std::string who = "";
  if (cores > 0 && texture > issue) {
    busy = issue / (cores * cycles);
    memory = texture / (cores * cycles);
    who = "its cores ";
  }
  if (busy >= memory) {
    v.reason = "compute: busy " + percent(busy) + " of the cycles";
    return v;
  }
  // Which of the unit's caches missed most (all shader cores' texture caches together).
  std::map<std::string, uint64_t> misses;
  for (size_t i = 0; i < caches_.size(); ++i)
    if (caches_[i].unit == top) misses[caches_[i].name] += to.cache_misses[i] - from.cache_misses[i];
  std::string cache = "its memory requests";
  uint64_t most = 0;
  for (const auto& [name, n] : misses)
    if (n > most) most = n, cache = name + " misses";
  const uint64_t lookups = (to.l2_hits - from.l2_hits) + (to.l2_misses - from.l2_misses);
  const double l2_rate = lookups ? double(to.l2_hits - from.l2_hits) / double(lookups) : 1.0;
  if (l2_rate < 0.5) {
    v.reason = "memory: " + v.limiter + " " + who + "waited on " + cache + " " +
               percent(memory) + " of the cycles, and the L2 hit only " + percent(l2_rate) +
               " of the lookups: DRAM";
    v.limiter = "dram";
  } else {
    v.reason = "memory: " + who + "waited on " + cache + " " + percent(memory) +
               " of the cycles, served by the L2 (it hit " + percent(l2_rate) +
               " of the lookups)";
  }
  return v;
}

}  // namespace gfx::gpu
