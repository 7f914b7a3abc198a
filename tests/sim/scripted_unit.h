// A Unit driven by a script instead of real work, for the clock driver and activity
// accounting tests: it has work exactly at the scripted cycles, reports the scripted
// activity there, and remembers every cycle it was ticked.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sim/unit.h"

namespace gfx::sim::test {

class ScriptedUnit : public Unit {
 public:
  struct Work {
    Cycle at;
    Activity activity;
  };

  // `stuck`: after the script the unit still claims to hold work but never asks for a
  // wake-up again (a lost wake-up, which the driver must report instead of hanging).
  ScriptedUnit(std::string name, std::vector<Work> script, bool stuck = false)
      : Unit(std::move(name)), script_(std::move(script)), stuck_(stuck) {}

  Cycle next_wake(Cycle) const override {
    return next_ < script_.size() ? script_[next_].at : kNever;
  }
  bool has_work() const override { return next_ < script_.size() || stuck_; }
  bool finished() const { return next_ == script_.size(); }
  const std::vector<Cycle>& ticks() const { return ticks_; }

 protected:
  Activity tick(Cycle now) override {
    ticks_.push_back(now);
    if (next_ < script_.size() && script_[next_].at == now) return script_[next_++].activity;
    return has_work() ? Activity::Wait : Activity::Idle;
  }

 private:
  std::vector<Work> script_;
  size_t next_ = 0;
  bool stuck_;
  std::vector<Cycle> ticks_;
};

}  // namespace gfx::sim::test
