// The command processor alone. A scripted trace::Reader hands it commands; the CommandPort
// (the driver layer in the product) turns SetViewport into nothing for the pipeline, a
// Draw into a draw, Clear and Present into theirs and SetRenderTarget into a Drain, and
// records the cycle each command executes. The test plays the pipeline: it pops
// draw_queue every cycle, recording draws and markers, and pushes the ROP's reports into
// the RetirePort when a test says so.
//
// The rule (model/cp/command_processor.h, docs/units/command-processor.md): every command
// here is a 32-byte packet (16-byte header and 16 bytes), fetched in 64-byte lines when
// the command is read from the trace, so two commands share a line; a command executes in
// the cycle its line has arrived, commands_per_cycle a cycle; a draw is pushed the cycle it
// executes and the next command waits draw_setup_cycles; after a Clear or Present marker
// nothing executes until the ROP's report, which the command processor takes at the start
// of its next tick (it ticks first in a cycle); a Drain waits until every draw issued has
// been reported retired.
//
// The arrival of a line is what the memory system answers: the test asks a twin memory
// system (same config, same allocation, same requests in the same order) for it, so the
// expected cycles do not depend on the memory model's numbers.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cp/command_processor.h"
#include "memory/memory_system.h"
#include "pipe/command_port.h"
#include "pipe/marker.h"
#include "pipe/retire_port.h"
#include "stats/registry.h"
#include "trace/reader.h"

namespace gfx::cp {
namespace {

class ScriptReader : public trace::Reader {
 public:
  explicit ScriptReader(std::vector<trace::Command> cmds) : cmds_(std::move(cmds)) {}
  const trace::Header& header() const override { return header_; }
  bool next(trace::Command& out) override {
    if (at_ >= cmds_.size()) return false;
    out = cmds_[at_++];
    return true;
  }
  std::string where() const override { return "script: command " + std::to_string(at_ - 1); }
  trace::Form form() const override { return trace::Form::Yaml; }
  std::size_t buffered_bytes() const override { return 0; }

 private:
  trace::Header header_;
  std::vector<trace::Command> cmds_;
  size_t at_ = 0;
};

// What left draw_queue, in order: a draw (kind None here) or a marker.
struct Out {
  Cycle cycle;
  bool marker;
  pipe::Marker::Kind kind;
  pipe::DrawRef draw;
};

CpConfig config(uint32_t per_cycle, uint32_t setup) {
  CpConfig c;
  c.commands_per_cycle = per_cycle;
  c.draw_setup_cycles = setup;
  c.draw_queue = {4, 1, 2};
  return c;
}

class Rig {
 public:
  Rig(const std::string& name, const CpConfig& cfg, std::vector<trace::Command> cmds)
      : reader_(std::move(cmds)),
        mem_((name + "_mem").c_str(), memory::MemoryConfig{}, 1000.0),
        twin_((name + "_twin").c_str(), memory::MemoryConfig{}, 1000.0),
        draws_("draws", cfg.draw_queue),
        cp_(
            name.c_str(), cfg, reader_,
            [this](const trace::Command& c, const std::string&) { return exec(c); }, draws_, port_,
            mem_, hooks()),
        root_("") {
    base_ = twin_.address_of(this, 1ull << 32);  // the CP's stream: the first allocation
    cp_.register_stats(root_.child("cp"));
  }

  // The cycle the twin memory delivers command-stream line `line` requested at `at`.
  Cycle line(uint32_t line, Cycle at) {
    return twin_.port().read(at, base_ + 64ull * line, 64, sim::Client::Command);
  }

  void run(Cycle from, Cycle to) {
    for (Cycle c = from; c <= to; ++c) {
      now_ = c;
      cp_.step(c);
      for (;;) {
        if (draws_.marker_ready()) {
          pipe::Marker m = draws_.pop_marker();
          out.push_back({c, true, m.kind, m.draw});
        } else if (draws_.can_pop(c)) {
          out.push_back({c, false, pipe::Marker::Kind::EndOfDraw, draws_.pop(c)});
        } else {
          break;
        }
      }
    }
  }
  // The ROP's report, pushed after this cycle's tick.
  void report(pipe::Marker::Kind kind, pipe::DrawRef d = nullptr, Cycle done = 0) {
    port_.push({kind, std::move(d), done});
  }

  double stat(const std::string& name) const {
    std::map<std::string, double> m;
    root_.flatten(m);
    auto it = m.find("cp." + name);
    return it == m.end() ? -1.0 : it->second;
  }

  CommandProcessor& unit() { return cp_; }
  std::vector<Out> out;
  std::vector<Cycle> executed;  // the cycle of every command executed, in order
  std::vector<uint64_t> done_draws;
  std::vector<std::pair<uint32_t, Cycle>> frames;  // (frame, end)

 private:
  pipe::Executed exec(const trace::Command& c) {
    executed.push_back(now_);
    pipe::Executed x;
    if (std::holds_alternative<trace::Draw>(c)) {
      auto ctx = std::make_shared<func::DrawContext>();
      ctx->id = next_draw_++;
      x.kind = pipe::Executed::Kind::Draw;
      x.draw = ctx;
    } else if (std::holds_alternative<trace::Clear>(c)) {
      x.kind = pipe::Executed::Kind::Clear;
      x.clear = std::make_shared<func::ClearOp>();
    } else if (std::holds_alternative<trace::Present>(c)) {
      x.kind = pipe::Executed::Kind::Present;
      x.frame = frame_++;
    } else if (std::holds_alternative<trace::SetRenderTarget>(c)) {
      x.kind = pipe::Executed::Kind::Drain;
    }
    return x;
  }
  CommandProcessor::Hooks hooks() {
    CommandProcessor::Hooks h;
    h.draw_done = [this](const pipe::DrawState& d) { done_draws.push_back(d.ctx->id); };
    h.frame_done = [this](uint32_t f, Cycle end) { frames.push_back({f, end}); };
    return h;
  }

  ScriptReader reader_;
  memory::MemorySystem mem_, twin_;
  pipe::Queue<pipe::DrawRef> draws_;
  pipe::RetirePort port_;
  CommandProcessor cp_;
  stats::Group root_;
  Addr base_ = 0;
  Cycle now_ = 0;
  uint64_t next_draw_ = 0;
  uint32_t frame_ = 0;
};

const trace::Command kState = trace::SetViewport{};  // a 32-byte packet, nothing for the pipe

TEST(CpTiming, TwoCommandsACycleExecuteTwoPerLine) {
  Rig r("cp_rate2", config(2, 20), std::vector<trace::Command>(6, kState));
  // Commands 0 and 1 share line 0, requested at 0: both execute when it arrives (L0).
  // Command 2 is read at L0 + 1 and requests line 1; 2 and 3 execute at its arrival L1;
  // 4 and 5 at L2, line 2 requested at L1 + 1.
  const Cycle l0 = r.line(0, 0), l1 = r.line(1, l0 + 1), l2 = r.line(2, l1 + 1);
  r.run(0, l2 + 5);
  EXPECT_EQ(r.executed, (std::vector<Cycle>{l0, l0, l1, l1, l2, l2}));
  EXPECT_EQ(r.stat("commands"), 6.0);
  EXPECT_EQ(r.stat("command_bytes"), 6.0 * 32);
  EXPECT_TRUE(r.unit().finished());
  EXPECT_GT(l0, 0u);  // a real memory latency: the stall is seen
  EXPECT_EQ(r.unit().cycles(sim::Activity::StallMemory), (l0 - 0) + (l1 - l0 - 1) + (l2 - l1 - 1));
}

TEST(CpTiming, OneCommandACycleTakesTheSecondOfALineOneCycleLater) {
  Rig r("cp_rate1", config(1, 20), std::vector<trace::Command>(4, kState));
  // Command 0 at L0, command 1 (same line) at L0 + 1; command 2 requests line 1 at L0 + 2
  // and executes at L1, command 3 at L1 + 1.
  const Cycle l0 = r.line(0, 0), l1 = r.line(1, l0 + 2);
  r.run(0, l1 + 5);
  EXPECT_EQ(r.executed, (std::vector<Cycle>{l0, l0 + 1, l1, l1 + 1}));
}

TEST(CpTiming, EachDrawIsPushedWhenItExecutesAndTheNextWaitsItsSetupCycles) {
  Rig r("cp_draws", config(1, 20), {trace::Draw{}, trace::Draw{}, kState});
  // Draw 0 executes at L0 and is pushed then (popped at L0 + 2 behind the queue's latency,
  // its end-of-draw marker right behind it); draw 1, on the same line, waits for the setup
  // of draw 0: executes and is pushed at L0 + 20. The state command (line 1, requested at
  // L0 + 40 after draw 1's setup) executes at L1.
  const Cycle l0 = r.line(0, 0);
  r.run(0, l0 + 39);
  const Cycle l1 = r.line(1, l0 + 40);
  r.run(l0 + 40, l1 + 5);
  ASSERT_EQ(r.out.size(), 4u);
  EXPECT_EQ(r.out[0].cycle, l0 + 2);
  EXPECT_FALSE(r.out[0].marker);
  EXPECT_EQ(r.out[0].draw->issued, l0);
  EXPECT_EQ(r.out[1].cycle, l0 + 2);
  EXPECT_TRUE(r.out[1].marker);
  EXPECT_EQ(r.out[1].kind, pipe::Marker::Kind::EndOfDraw);
  EXPECT_EQ(r.out[1].draw, r.out[0].draw);
  EXPECT_EQ(r.out[2].cycle, l0 + 22);
  EXPECT_EQ(r.out[2].draw->issued, l0 + 20);
  EXPECT_TRUE(r.out[3].marker);
  EXPECT_EQ(r.out[3].draw, r.out[2].draw);
  EXPECT_EQ(r.executed, (std::vector<Cycle>{l0, l0 + 20, l1}));
  EXPECT_EQ(r.stat("draws"), 2.0);
  // Not finished: both draws are in flight until the ROP reports them.
  EXPECT_FALSE(r.unit().finished());
  EXPECT_EQ(r.unit().in_flight().size(), 2u);
}

TEST(CpTiming, RetirementReportsEndTheDrawsInOrder) {
  Rig r("cp_retire", config(1, 0), {trace::Draw{}, trace::Draw{}});
  // No setup cycles: draw 0 at L0, draw 1 at L0 + 1 (one command a cycle).
  const Cycle l0 = r.line(0, 0);
  r.run(0, l0 + 10);
  ASSERT_EQ(r.out.size(), 4u);
  pipe::DrawRef d0 = r.out[0].draw, d1 = r.out[2].draw;
  EXPECT_EQ(d1->issued, l0 + 1);
  d0->last_activity = l0 + 100;  // the pipeline's last work of each draw
  d1->last_activity = l0 + 130;
  r.report(pipe::Marker::Kind::EndOfDraw, d0);
  r.report(pipe::Marker::Kind::EndOfDraw, d1);
  r.run(l0 + 11, l0 + 11);
  EXPECT_EQ(r.done_draws, (std::vector<uint64_t>{0, 1}));
  // A draw ends at the later of issue and last activity: 100 and 129 cycles.
  EXPECT_EQ(d0->completed, l0 + 100);
  EXPECT_EQ(d1->completed, l0 + 130);
  EXPECT_EQ(r.stat("draw_cycles"), 229.0);
  EXPECT_EQ(r.stat("draw_cycles_max"), 129.0);
  EXPECT_TRUE(r.unit().finished());
}

TEST(CpTiming, ReportOutOfOrderIsAnInternalError) {
  Rig r("cp_wrong", config(1, 0), {trace::Draw{}, trace::Draw{}});
  const Cycle l0 = r.line(0, 0);
  r.run(0, l0 + 10);
  ASSERT_EQ(r.out.size(), 4u);
  r.report(pipe::Marker::Kind::EndOfDraw, r.out[2].draw);  // draw 1 before draw 0
  EXPECT_THROW(r.run(l0 + 11, l0 + 11), Error);
}

TEST(CpTiming, ClearAndPresentGoAsMarkersInApiOrderAndWaitForTheirReports) {
  Rig r("cp_markers", config(1, 20),
        {trace::Draw{}, trace::Clear{}, trace::Draw{}, trace::Present{}, kState});
  // Line 0: draw 0 at L0, the Clear at L0 + 20 (after draw 0's setup). The Clear's marker
  // is behind draw 0's end-of-draw marker. Nothing more until the Clear's report.
  const Cycle l0 = r.line(0, 0);
  r.run(0, l0 + 60);
  ASSERT_EQ(r.out.size(), 3u);
  EXPECT_EQ(r.out[2].cycle, l0 + 20);  // a marker has no latency: seen the cycle it is sent
  EXPECT_TRUE(r.out[2].marker);
  EXPECT_EQ(r.out[2].kind, pipe::Marker::Kind::Clear);
  EXPECT_EQ(r.executed.size(), 2u);
  EXPECT_EQ(r.unit().cycles(sim::Activity::Wait), 60u - 20u);  // l0 + 21 .. l0 + 60
  // Report at l0 + 60: taken at l0 + 61, which reads draw 1 and requests line 1.
  r.report(pipe::Marker::Kind::Clear);
  const Cycle l1 = r.line(1, l0 + 61);
  // Draw 1 at L1, the Present (same line) at L1 + 20; it waits for its report.
  r.run(l0 + 61, l1 + 40);
  ASSERT_EQ(r.out.size(), 6u);
  EXPECT_FALSE(r.out[3].marker);
  EXPECT_EQ(r.out[3].cycle, l1 + 2);
  EXPECT_EQ(r.out[4].kind, pipe::Marker::Kind::EndOfDraw);
  EXPECT_EQ(r.out[5].cycle, l1 + 20);
  EXPECT_EQ(r.out[5].kind, pipe::Marker::Kind::Present);
  // The ROP reports the Present at l1 + 40 with its write-back ending at l1 + 50: the
  // frame ends after the cycle l1 + 50 (exclusive end l1 + 51); the next command (line 2,
  // requested at l1 + 50) executes at L2.
  r.report(pipe::Marker::Kind::Present, nullptr, l1 + 50);
  r.run(l1 + 41, l1 + 49);
  EXPECT_TRUE(r.frames.empty());
  const Cycle l2 = r.line(2, l1 + 50);
  r.run(l1 + 50, l2 + 5);
  EXPECT_EQ(r.frames, (std::vector<std::pair<uint32_t, Cycle>>{{0, l1 + 51}}));
  EXPECT_EQ(r.executed, (std::vector<Cycle>{l0, l0 + 20, l1, l1 + 20, l2}));
  EXPECT_EQ(r.stat("clears"), 1.0);
  EXPECT_EQ(r.stat("frames"), 1.0);
  EXPECT_EQ(r.stat("draws"), 2.0);
}

TEST(CpTiming, DrainWaitsUntilEveryDrawIssuedHasRetired) {
  Rig r("cp_drain", config(1, 0), {trace::Draw{}, trace::SetRenderTarget{}, trace::Draw{}});
  // Draw 0 at L0, the Drain at L0 + 1 (no marker goes out). Draw 1 waits for draw 0's
  // report: given at l0 + 30, taken at l0 + 31, which reads draw 1 (line 1): it executes
  // when that line arrives.
  const Cycle l0 = r.line(0, 0);
  r.run(0, l0 + 30);
  ASSERT_EQ(r.out.size(), 2u);  // draw 0 and its end-of-draw marker only
  EXPECT_EQ(r.executed, (std::vector<Cycle>{l0, l0 + 1}));
  r.report(pipe::Marker::Kind::EndOfDraw, r.out[0].draw);
  const Cycle l1 = r.line(1, l0 + 31);
  r.run(l0 + 31, l1 + 5);
  EXPECT_EQ(r.executed, (std::vector<Cycle>{l0, l0 + 1, l1}));
  ASSERT_EQ(r.out.size(), 4u);
  EXPECT_EQ(r.out[2].draw->issued, l1);
  EXPECT_EQ(r.done_draws, (std::vector<uint64_t>{0}));
}

}  // namespace
}  // namespace gfx::cp
