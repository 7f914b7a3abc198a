// Single-core timing tests: exact issue and retirement cycles of hand-built warps, the
// issue policies (round_robin, greedy_then_oldest, oldest_first), per-opcode overrides,
// register-file residency and the cycle accounting.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "core_driver.h"

namespace gfx::shader::test {
namespace {

using func::Op;

TEST(ShaderCore, AluChainFinishesAtExactCycle) {
  // passes P = 16 / 4 = 4, latency L = 3: each dependent op issues P + L - 1 = 6 cycles
  // after the one before; the final end issues after the fifth add and is ready a cycle later.
  ShaderConfig cfg = small_config(16, 4, 3);
  FixedPort mem(10);
  ShaderCore core(0, cfg, mem);
  place(core, std::vector<Op>(5, Op::Add), 16, 0);
  std::vector<Cycle> retired;
  Cycle end = 0;
  const auto issues = run(core, false, &retired, &end);
  const std::vector<Issue> want = {{0, 0}, {6, 0}, {12, 0}, {18, 0}, {24, 0}, {30, 0}};
  EXPECT_EQ(issues, want);
  EXPECT_EQ(retired[0], 31u);  // not 30: the end's result is not ready in its issue cycle
  EXPECT_EQ(end, 31u);
  EXPECT_EQ(core.cycles(CoreState::Issue), 5u * 4 + 1);
  EXPECT_EQ(core.cycles(CoreState::Dependency), 5u * 2);
  EXPECT_EQ(core.cycles(CoreState::Texture), 0u);
  EXPECT_EQ(core.cycles(CoreState::Idle), 0u);
  EXPECT_EQ(core.issued(func::OpClass::Alu), 5u);
  EXPECT_EQ(core.issued(func::OpClass::Flow), 1u);
}

TEST(ShaderCore, TranscendentalUsesItsRateAndLatency) {
  ShaderConfig cfg = small_config(16, 8, 3);  // P = 2
  cfg.transcendental_rate = 3;                // issue 6 cycles
  cfg.transcendental_latency = 5;
  FixedPort mem(10);
  ShaderCore core(0, cfg, mem);
  place(core, {Op::Rcp, Op::Add}, 16, 0);
  Cycle end = 0;
  const auto issues = run(core, false, nullptr, &end);
  // rcp at 0, ready 0 + 6 + 5 - 1 = 10; add at 10, ready 10 + 2 + 3 - 1 = 14; end at 14.
  const std::vector<Issue> want = {{0, 0}, {10, 0}, {14, 0}};
  EXPECT_EQ(issues, want);
  EXPECT_EQ(end, 15u);
}

TEST(ShaderCore, IntegerOpsUseTheirRateAndLatency) {
  ShaderConfig cfg = small_config(16, 8, 3);  // P = 2
  cfg.integer_rate = 2;                       // issue 4 cycles
  cfg.integer_latency = 6;
  FixedPort mem(10);
  ShaderCore core(0, cfg, mem);
  place(core, {Op::UDiv, Op::Add, Op::IAdd}, 16, 0);
  Cycle end = 0;
  const auto issues = run(core, false, nullptr, &end);
  // udiv at 0, ready 0 + 4 + 6 - 1 = 9; add at 9, ready 9 + 2 + 3 - 1 = 13; iadd at 13,
  // ready 13 + 4 + 6 - 1 = 22; end at 22.
  const std::vector<Issue> want = {{0, 0}, {9, 0}, {13, 0}, {22, 0}};
  EXPECT_EQ(issues, want);
  EXPECT_EQ(end, 23u);
  EXPECT_EQ(core.issued(func::OpClass::Integer), 2u);
  EXPECT_EQ(core.issued(func::OpClass::Alu), 1u);
}

std::vector<Issue> two_warps(const std::string& policy) {
  ShaderConfig cfg = small_config(16, 16, 1);  // one pass, result ready the next cycle
  cfg.issue_policy = policy;
  FixedPort mem(10);
  ShaderCore core(0, cfg, mem);
  place(core, {Op::Add, Op::Add, Op::Add}, 16, 0);  // warp A, slot 0, older
  place(core, {Op::Add, Op::Add, Op::Add}, 16, 0);  // warp B, slot 1
  Cycle end = 0;
  auto issues = run(core, false, nullptr, &end);
  EXPECT_EQ(end, 8u);  // the last end issues at 7, its result is ready at 8
  return issues;
}

TEST(ShaderCore, RoundRobinAlternatesWarps) {
  // The round-robin pointer starts after slot 0, so slot 1 issues first.
  const std::vector<Issue> want = {{0, 1}, {1, 0}, {2, 1}, {3, 0}, {4, 1}, {5, 0}, {6, 1}, {7, 0}};
  EXPECT_EQ(two_warps("round_robin"), want);
}

TEST(ShaderCore, GreedyThenOldestRunsOneWarpToTheEnd) {
  const std::vector<Issue> want = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 1}, {5, 1}, {6, 1}, {7, 1}};
  EXPECT_EQ(two_warps("greedy_then_oldest"), want);
}

TEST(ShaderCore, GreedyFallsBackToOldestReadyWarp) {
  // Latency 2: the current warp is not ready the next cycle, so the other one fills it.
  ShaderConfig cfg = small_config(16, 16, 2);
  cfg.issue_policy = "greedy_then_oldest";
  FixedPort mem(10);
  ShaderCore core(0, cfg, mem);
  place(core, {Op::Add, Op::Add}, 16, 0);
  place(core, {Op::Add, Op::Add}, 16, 0);
  Cycle end = 0;
  const std::vector<Issue> want = {{0, 0}, {1, 1}, {2, 0}, {3, 1}, {4, 0}, {5, 1}};
  EXPECT_EQ(run(core, false, nullptr, &end), want);
}

// Warp A (slot 0, dispatched first) cannot issue before cycle 2; warp B (slot 1) can at
// once. Each runs add, add, add, end with one-cycle results. From cycle 2 both are ready.
std::vector<Issue> late_older_warp(const std::string& policy) {
  ShaderConfig cfg = small_config(16, 16, 1);
  cfg.issue_policy = policy;
  FixedPort mem(10);
  ShaderCore core(0, cfg, mem);
  place(core, {Op::Add, Op::Add, Op::Add}, 16, 0).ready_at = 2;
  place(core, {Op::Add, Op::Add, Op::Add}, 16, 0);
  Cycle end = 0;
  auto issues = run(core, false, nullptr, &end);
  EXPECT_EQ(end, 8u);
  return issues;
}

TEST(ShaderCore, OldestFirstTakesThePortBackForTheOlderWarp) {
  // B fills cycles 0 and 1; from 2 the older A wins every cycle until it is done.
  const std::vector<Issue> want = {{0, 1}, {1, 1}, {2, 0}, {3, 0}, {4, 0}, {5, 0}, {6, 1}, {7, 1}};
  EXPECT_EQ(late_older_warp("oldest_first"), want);
}

TEST(ShaderCore, GreedyThenOldestStaysOnTheYoungerWarp) {
  // The same warps: B, once chosen, keeps the port while it is ready.
  const std::vector<Issue> want = {{0, 1}, {1, 1}, {2, 1}, {3, 1}, {4, 0}, {5, 0}, {6, 0}, {7, 0}};
  EXPECT_EQ(late_older_warp("greedy_then_oldest"), want);
}

// Warp B (slot 1) issues an add at 0 whose result is ready at 4 (latency 4); the older
// warp A (slot 0) is ready at 4 too. Nothing can issue in cycles 1 to 3, which ends B's
// greedy run, so at 4 the oldest ready warp, A, takes the port, whether the core is ticked
// in those cycles or sleeps through them (a core ticked only at its wake-ups once kept B).
std::vector<Issue> greedy_across_a_stall(bool skip) {
  ShaderConfig cfg = small_config(16, 16, 4);
  cfg.issue_policy = "greedy_then_oldest";
  FixedPort mem(10);
  ShaderCore core(0, cfg, mem);
  place(core, {Op::Add}, 16, 0).ready_at = 4;
  place(core, {Op::Add}, 16, 0);
  Cycle end = 0;
  auto issues = run(core, skip, nullptr, &end);
  EXPECT_EQ(end, 9u) << (skip ? "skipped" : "every cycle");  // A's end issues at 8
  return issues;
}

TEST(ShaderCore, GreedyRunEndsAtAStallEvenWhenTheCoreSleepsThroughIt) {
  // B: add 0, end 5 (A's add holds 4 and A is then the greedy warp, but not ready at 5).
  // A: add 4 (ready 8), end 8.
  const std::vector<Issue> want = {{0, 1}, {4, 0}, {5, 1}, {8, 0}};
  EXPECT_EQ(greedy_across_a_stall(false), want);
  EXPECT_EQ(greedy_across_a_stall(true), want);
}

TEST(ShaderCore, OldestFirstIsOldestByDispatchNotBySlot) {
  // A warp dispatched later into a lower slot is younger: after slot 0's warp retires, a
  // new warp placed there loses to the warp already in slot 1.
  ShaderConfig cfg = small_config(16, 16, 1);
  cfg.issue_policy = "oldest_first";
  cfg.warp_slots = 2;
  FixedPort mem(10);
  ShaderCore core(0, cfg, mem);
  WarpSlot& first = place(core, {}, 16, 0);             // slot 0: just the end
  place(core, {Op::Add, Op::Add}, 16, 0).ready_at = 1;  // slot 1
  ASSERT_TRUE(core.tick(0));                            // slot 0 issues its end
  ASSERT_TRUE(first.finished());
  core.finishing().clear();
  core.release(first, 1);
  WarpSlot& young = place(core, {Op::Add}, 16, 1);  // slot 0 again, dispatched last
  ASSERT_EQ(&young, &core.slots()[0]);
  EXPECT_LT(core.slots()[1].age, young.age);
  ASSERT_TRUE(core.tick(1));
  EXPECT_EQ(core.slots()[1].pc, 1u);  // the older warp in slot 1 issued
  EXPECT_EQ(young.pc, 0u);
}

std::vector<Issue> override_run(Op middle, bool with_override) {
  ShaderConfig cfg = small_config(16, 16, 3);
  if (with_override) {
    cfg.op_names = {"mad"};
    cfg.op_latencies = {7};
    cfg.op_issue_cycles = {2};
  }
  FixedPort mem(10);
  ShaderCore core(0, cfg, mem);
  place(core, {Op::Add, middle, Op::Add}, 16, 0);
  Cycle end = 0;
  return run(core, false, nullptr, &end);
}

TEST(ShaderCore, PerOpcodeOverrideChangesOnlyThatOp) {
  // add at 0 (ready 3); mad issues 2 cycles and is ready 3 + 2 + 7 - 1 = 11; add ready 14.
  const std::vector<Issue> overridden = {{0, 0}, {3, 0}, {11, 0}, {14, 0}};
  EXPECT_EQ(override_run(Op::Mad, true), overridden);
  const std::vector<Issue> plain = {{0, 0}, {3, 0}, {6, 0}, {9, 0}};
  EXPECT_EQ(override_run(Op::Mad, false), plain);
  EXPECT_EQ(override_run(Op::Mul, true), plain);  // mul keeps the ALU class timing
}

TEST(ShaderCore, RegisterFileLimitsResidentWarps) {
  ShaderConfig cfg = small_config(16, 16, 1);
  cfg.register_file = 64;
  FixedPort mem(10);
  ShaderCore core(0, cfg, mem);
  WarpSlot& a = place(core, {Op::Add}, 32, 0);
  place(core, {Op::Add}, 32, 0);
  EXPECT_EQ(core.free_slot(32), nullptr);  // 64 registers held, slots still free
  EXPECT_EQ(core.free_slot(1), nullptr);
  EXPECT_EQ(core.resident(), 2u);
  core.release(a, 0);
  EXPECT_NE(core.free_slot(32), nullptr);
  EXPECT_EQ(core.free_slot(33), nullptr);

  ShaderConfig few = small_config(16, 16, 1);
  few.warp_slots = 2;
  ShaderCore small(0, few, mem);
  place(small, {Op::Add}, 16, 0);
  place(small, {Op::Add}, 16, 0);
  EXPECT_EQ(small.free_slot(16), nullptr);  // registers left, no slot
}

void expect_adds_up(const ShaderCore& core, Cycle end) {
  EXPECT_EQ(core.cycles(CoreState::Issue) + core.cycles(CoreState::Dependency) +
                core.cycles(CoreState::Texture) + core.cycles(CoreState::Constant) +
                core.cycles(CoreState::Idle),
            end);
}

TEST(ShaderCore, IdleCyclesCountedWithoutTicks) {
  ShaderConfig cfg = small_config(16, 16, 1);
  FixedPort mem(10);
  ShaderCore core(0, cfg, mem);
  core.tick(0);
  core.tick(3);
  core.settle(10);
  EXPECT_EQ(core.cycles(CoreState::Idle), 10u);
  expect_adds_up(core, 10);
}

struct Counts {
  std::vector<Issue> issues;
  Cycle end;
  uint64_t state[kNumCoreStates];
};

Counts texture_mix(bool skip) {
  ShaderConfig cfg = small_config(16, 4, 3);  // P = 4: multi-cycle issues
  FixedPort mem(40);
  ShaderCore core(0, cfg, mem);
  WarpSlot& t = place(core, {Op::Tex, Op::Add}, 16, 0);
  t.tex_lines = {{0, 0x1000}, {0, 0x1040}};
  place(core, {Op::Add, Op::Mad, Op::Rsq}, 16, 0);
  Counts c;
  c.issues = run(core, skip, nullptr, &c.end);
  for (int i = 0; i < kNumCoreStates; ++i) c.state[i] = core.cycles(CoreState(i));
  expect_adds_up(core, c.end);
  return c;
}

TEST(ShaderCore, StallCountersAddUpWhenCyclesAreSkipped) {
  const Counts every = texture_mix(false), skipped = texture_mix(true);
  EXPECT_EQ(every.issues, skipped.issues);
  EXPECT_EQ(every.end, skipped.end);
  for (int i = 0; i < kNumCoreStates; ++i) EXPECT_EQ(every.state[i], skipped.state[i]) << i;
  EXPECT_GT(every.state[int(CoreState::Texture)], 0u);
  EXPECT_GT(every.state[int(CoreState::Dependency)], 0u);
  // Issue cycles: add, mad 4 each, rsq 4 * 4, tex 1, add 4, two ends 1 each.
  EXPECT_EQ(every.state[int(CoreState::Issue)], 4u + 4 + 16 + 1 + 4 + 2);
}

// Constant-buffer operands (D3D10). One pass per instruction and one-cycle ALU results, so
// every stall below is the constant cache's; the L2 answers in 40 cycles, a hit in 2.
ShaderConfig constant_config() {
  ShaderConfig cfg = small_config(16, 16, 1);
  cfg.constant_cache.hit_latency = 2;
  return cfg;
}

Counts constant_run(ShaderConfig cfg, std::vector<func::Op> ops,
                    std::vector<std::pair<uint32_t, Addr>> lines, bool skip) {
  FixedPort mem(40);
  ShaderCore core(0, cfg, mem);
  place(core, std::move(ops), 16, 0, std::move(lines));
  Counts c;
  c.issues = run(core, skip, nullptr, &c.end);
  for (int i = 0; i < kNumCoreStates; ++i) c.state[i] = core.cycles(CoreState(i));
  expect_adds_up(core, c.end);
  return c;
}

TEST(ShaderCore, ConstantMissStallsTheInstructionAndAHitFollowsTheLine) {
  // Instruction 0 misses line 0x1000 (looked up at 0, filled at 40): it issues at 40, not
  // 39. Instruction 2 reads the same line: looked up when instruction 1 issues (41), a hit
  // ready at 41 + 2 = 43, one cycle after the ALU result (42): it issues at 43, not 42.
  for (bool skip : {false, true}) {
    const Counts c = constant_run(constant_config(), {Op::Add, Op::Add, Op::Add},
                                  {{0, 0x1000}, {2, 0x1010}}, skip);
    const std::vector<Issue> want = {{40, 0}, {41, 0}, {43, 0}, {44, 0}};
    EXPECT_EQ(c.issues, want) << "skip " << skip;
    EXPECT_EQ(c.end, 45u);
    EXPECT_EQ(c.state[int(CoreState::Constant)], 40u + 1);  // cycles 0..39 and 42
    EXPECT_EQ(c.state[int(CoreState::Issue)], 4u);
    EXPECT_EQ(c.state[int(CoreState::Dependency)], 0u);
  }
}

TEST(ShaderCore, WithoutAConstantCacheEveryLineComesFromTheL2) {
  // size_kib 0: instruction 2's line is read from the L2 again when instruction 1 issues
  // at 41, and arrives at 81.
  ShaderConfig cfg = constant_config();
  cfg.constant_cache.size_kib = 0;
  const Counts c = constant_run(cfg, {Op::Add, Op::Add, Op::Add}, {{0, 0x1000}, {2, 0x1010}}, true);
  const std::vector<Issue> want = {{40, 0}, {41, 0}, {81, 0}, {82, 0}};
  EXPECT_EQ(c.issues, want);
  EXPECT_EQ(c.state[int(CoreState::Constant)], 40u + 39);
}

TEST(ShaderCore, ConstantHitNoLongerThanTheAluLatencyIsHidden) {
  // ALU latency 3: the add at 0 is ready at 3; the hit the next add needs, looked up at 0
  // when the first add issues, is ready at 2. Warm the line with a miss first.
  ShaderConfig cfg = constant_config();
  cfg.alu_latency = 3;
  const Counts c = constant_run(cfg, {Op::Add, Op::Add, Op::Add},
                                {{0, 0x2000}, {1, 0x2000}, {2, 0x2020}}, false);
  // add 0 at 40 (the miss); add 1 at 43, add 2 at 46, end at 49: ALU latency alone.
  const std::vector<Issue> want = {{40, 0}, {43, 0}, {46, 0}, {49, 0}};
  EXPECT_EQ(c.issues, want);
  EXPECT_EQ(c.state[int(CoreState::Constant)], 40u);
  EXPECT_EQ(c.state[int(CoreState::Dependency)], 3u * 2);
}

TEST(ShaderCore, DivergentConstantLinesTakeOneLookupPerPort) {
  // Three lanes index three lines: one port looks them up at 0, 1 and 2, and the last one
  // arrives at 42. With two ports: at 0, 0 and 1, the last at 41.
  for (uint32_t ports : {1u, 2u}) {
    ShaderConfig cfg = constant_config();
    cfg.constant_cache.ports = ports;
    const Counts c = constant_run(cfg, {Op::Add}, {{0, 0x3000}, {0, 0x3040}, {0, 0x3080}}, true);
    const Cycle first = ports == 1 ? 42 : 41;
    const std::vector<Issue> want = {{first, 0}, {first + 1, 0}};
    EXPECT_EQ(c.issues, want) << ports << " ports";
    EXPECT_EQ(c.state[int(CoreState::Constant)], first);
  }
}

TEST(ShaderCore, ConstantLinesOfOneWarpDoNotHoldBackAnother) {
  // Warp A waits 40 cycles for its line; warp B, with no constants, issues meanwhile.
  ShaderConfig cfg = constant_config();
  FixedPort mem(40);
  ShaderCore core(0, cfg, mem);
  place(core, {Op::Add}, 16, 0, {{0, 0x4000}});
  place(core, {Op::Add, Op::Add}, 16, 0);
  Cycle end = 0;
  const std::vector<Issue> want = {{0, 1}, {1, 1}, {2, 1}, {40, 0}, {41, 0}};
  EXPECT_EQ(run(core, true, nullptr, &end), want);
  EXPECT_EQ(core.cycles(CoreState::Constant), 40u - 3);
  expect_adds_up(core, end);
}

TEST(ShaderCore, ResidentWarpCyclesCountUpToTheRelease) {
  // Two warps resident from cycle 0, one leaving at 10 and one at 25: 10 + 25 warp-cycles,
  // however often the core is settled in between (frames, --interval and timelines settle
  // it mid-run).
  for (const std::vector<Cycle>& settles : {std::vector<Cycle>{}, std::vector<Cycle>{5, 12, 20}}) {
    ShaderConfig cfg = small_config(16, 16, 1);
    FixedPort mem(10);
    ShaderCore core(0, cfg, mem);
    stats::Group root("");  // no root name in the paths
    core.register_stats(root);
    WarpSlot& a = place(core, {Op::Add}, 16, 0);
    WarpSlot& b = place(core, {Op::Add}, 16, 0);
    for (Cycle c : settles)
      if (c < 10) core.settle(c);
    core.release(a, 10);
    for (Cycle c : settles)
      if (c >= 10) core.settle(c);
    core.release(b, 25);
    core.settle(40);
    std::map<std::string, double> flat;
    root.flatten(flat);
    EXPECT_EQ(flat.at("core0.resident_warp_cycles"), 35.0) << settles.size() << " settles";
  }
}

}  // namespace
}  // namespace gfx::shader::test
