#include "shader/op_timing.h"

#include "common/error.h"

namespace gfx::shader {

std::optional<func::Op> op_from_name(const std::string& name) {
  for (size_t i = 0; i < kNumOps; ++i)
    if (name == func::op_name(func::Op(i))) return func::Op(i);
  return std::nullopt;
}

std::string op_override_problem(const ShaderConfig& c) {
  const size_t n = c.op_names.size();
  if (c.op_latencies.size() != n || c.op_issue_cycles.size() != n)
    return "op_names (" + std::to_string(n) + "), op_latencies (" +
           std::to_string(c.op_latencies.size()) + ") and op_issue_cycles (" +
           std::to_string(c.op_issue_cycles.size()) + ") must have equal lengths";
  std::array<bool, kNumOps> seen{};
  for (size_t i = 0; i < n; ++i) {
    const std::string where = "op_names[" + std::to_string(i) + "] '" + c.op_names[i] + "'";
    const std::optional<func::Op> op = op_from_name(c.op_names[i]);
    if (!op) return where + " is not an opcode";
    const func::OpClass cls = func::op_class(*op);
    // Texture timing belongs to the texture unit and flow to the sequencer: overriding
    // them per op would describe hardware the model does not have.
    if (cls != func::OpClass::Alu && cls != func::OpClass::Transcendental &&
        cls != func::OpClass::Integer)
      return where + " is not an ALU, transcendental or integer op";
    if (seen[size_t(*op)]) return where + " is named twice";
    seen[size_t(*op)] = true;
  }
  return "";
}

OpTimingTable::OpTimingTable(const ShaderConfig& cfg) {
  const std::string problem = op_override_problem(cfg);
  if (!problem.empty()) throw Error("shader config: " + problem);
  // Issue passes: a warp instruction advances `lanes` threads per cycle.
  const uint32_t passes = (cfg.warp_width + cfg.lanes - 1) / cfg.lanes;
  for (size_t i = 0; i < kNumOps; ++i) {
    OpTiming& t = table_[i];
    switch (func::op_class(func::Op(i))) {
      case func::OpClass::Alu: t = {passes, cfg.alu_latency}; break;
      case func::OpClass::Transcendental:
        t = {passes * cfg.transcendental_rate, cfg.transcendental_latency};
        break;
      case func::OpClass::Integer: t = {passes * cfg.integer_rate, cfg.integer_latency}; break;
      case func::OpClass::Texture: t = {1, cfg.texture_latency}; break;
      case func::OpClass::Flow: t = {1, 1}; break;
    }
  }
  for (size_t i = 0; i < cfg.op_names.size(); ++i)
    table_[size_t(*op_from_name(cfg.op_names[i]))] = {passes * cfg.op_issue_cycles[i],
                                                      cfg.op_latencies[i]};
}

}  // namespace gfx::shader
