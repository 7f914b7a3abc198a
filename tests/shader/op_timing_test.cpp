// The per-opcode timing table: class defaults, overrides, and the validation of the three
// parallel override lists.
#include "shader/op_timing.h"

#include <gtest/gtest.h>

#include "common/error.h"

namespace gfx::shader {
namespace {

using func::Op;

ShaderConfig base() {
  ShaderConfig c;
  c.warp_width = 16;
  c.lanes = 8;  // two passes
  c.alu_latency = 3;
  c.transcendental_latency = 6;
  c.transcendental_rate = 4;
  c.texture_latency = 9;
  c.integer_latency = 5;
  c.integer_rate = 3;
  return c;
}

void expect_timing(const OpTiming& t, uint32_t issue, uint32_t latency) {
  EXPECT_EQ(t.issue, issue);
  EXPECT_EQ(t.latency, latency);
}

TEST(OpTiming, ClassDefaults) {
  const OpTimingTable t(base());
  expect_timing(t[Op::Mad], 2, 3);
  expect_timing(t[Op::Rsq], 8, 6);
  expect_timing(t[Op::Tex], 1, 9);
  expect_timing(t[Op::End], 1, 1);
  expect_timing(t[Op::IAdd], 6, 5);  // SM4 integer ops: integer_rate cycles per pass
  expect_timing(t[Op::UDiv], 6, 5);
  expect_timing(t[Op::Cmpm], 2, 3);  // float compares stay ALU ops
  expect_timing(t[Op::Icmp], 6, 5);
  expect_timing(t[Op::Do], 1, 1);
}

TEST(OpTiming, IntegerOpsCanBeOverridden) {
  ShaderConfig c = base();
  c.op_names = {"udiv", "urem"};
  c.op_latencies = {20, 20};
  c.op_issue_cycles = {8, 8};
  const OpTimingTable t(c);
  expect_timing(t[Op::UDiv], 16, 20);
  expect_timing(t[Op::URem], 16, 20);
  expect_timing(t[Op::IAdd], 6, 5);
}

TEST(OpTiming, OverridesReplaceSingleEntries) {
  ShaderConfig c = base();
  c.op_names = {"rcp", "dp4"};
  c.op_latencies = {12, 5};
  c.op_issue_cycles = {1, 2};
  const OpTimingTable t(c);
  expect_timing(t[Op::Rcp], 2, 12);
  expect_timing(t[Op::Dp4], 4, 5);
  expect_timing(t[Op::Rsq], 8, 6);
  expect_timing(t[Op::Dp3], 2, 3);
}

TEST(OpTiming, OpNamesRoundTrip) {
  EXPECT_EQ(op_from_name("mad"), Op::Mad);
  EXPECT_EQ(op_from_name(func::op_name(Op::SinCos)), Op::SinCos);
  EXPECT_FALSE(op_from_name("madd").has_value());
}

std::string problem(std::vector<std::string> names, std::vector<uint32_t> lat,
                    std::vector<uint32_t> issue) {
  ShaderConfig c = base();
  c.op_names = std::move(names);
  c.op_latencies = std::move(lat);
  c.op_issue_cycles = std::move(issue);
  return op_override_problem(c);
}

TEST(OpTiming, BadOverridesAreNamed) {
  EXPECT_EQ(problem({}, {}, {}), "");
  EXPECT_EQ(problem({"mad"}, {4}, {1}), "");
  EXPECT_EQ(problem({"mad", "rcp"}, {4}, {1, 2}),
            "op_names (2), op_latencies (1) and op_issue_cycles (2) must have equal lengths");
  EXPECT_EQ(problem({"madd"}, {4}, {1}), "op_names[0] 'madd' is not an opcode");
  const std::string tex = func::op_name(Op::Tex);
  EXPECT_EQ(problem({"mad", tex}, {4, 4}, {1, 1}),
            "op_names[1] '" + tex + "' is not an ALU, transcendental or integer op");
  EXPECT_EQ(problem({"mad", "mad"}, {4, 4}, {1, 1}), "op_names[1] 'mad' is named twice");
  ShaderConfig c = base();
  c.op_names = {"end"};
  c.op_latencies = {1};
  c.op_issue_cycles = {1};
  EXPECT_THROW(OpTimingTable{c}, Error);
}

}  // namespace
}  // namespace gfx::shader
