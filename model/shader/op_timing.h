// Per-opcode issue timing of a shader core, resolved once from ShaderConfig: for every
// func::Op, how many cycles it holds the core's issue port and how many cycles after the
// start of its issue its result is ready. Class defaults come first (ALU: one cycle per
// pass, alu_latency; transcendental: transcendental_rate cycles per pass,
// transcendental_latency; integer (SM4): integer_rate cycles per pass, integer_latency;
// flow: one cycle, ready the next cycle), then the per-opcode
// overrides of op_names / op_latencies / op_issue_cycles replace single entries.
//
// Texture instructions hold the port for one cycle; their latency is the texture unit's
// (the texels' arrival plus texture_latency), so the table's latency is not used for them.
// Left out: per-opcode pipelines that issue in parallel (one port serves every op).
#pragma once

#include <array>
#include <optional>
#include <string>

#include "func/shader/isa.h"
#include "shader/shader_config.h"

namespace gfx::shader {

struct OpTiming {
  uint32_t issue = 1;    // cycles the issue port is busy
  uint32_t latency = 1;  // result ready `issue + latency - 1` cycles after the issue starts
};

constexpr size_t kNumOps = size_t(func::Op::End) + 1;

class OpTimingTable {
 public:
  // Throws gfx::Error when the overrides are inconsistent (the config check normally
  // catches that first).
  explicit OpTimingTable(const ShaderConfig& cfg);
  const OpTiming& operator[](func::Op op) const { return table_[size_t(op)]; }

 private:
  std::array<OpTiming, kNumOps> table_{};
};

// The op whose asm name (func::op_name) is `name`, or nothing.
std::optional<func::Op> op_from_name(const std::string& name);

}  // namespace gfx::shader
