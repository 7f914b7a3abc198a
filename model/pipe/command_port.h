// CommandPort: how the command processor executes a trace command, bound by the wiring to
// the driver layer (driver::Device). The command processor sees only what the command
// became: nothing for the pipeline, a draw, a Clear, a Present or a Drain.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "func/draw_context.h"
#include "func/rop/clear_op.h"
#include "trace/commands.h"

namespace gfx::pipe {

struct Executed {
  enum class Kind : uint8_t { None, Draw, Clear, Present, Drain };
  Kind kind = Kind::None;
  std::shared_ptr<const func::DrawContext> draw;  // Draw
  std::shared_ptr<const func::ClearOp> clear;     // Clear
  uint32_t frame = 0;                             // Present: the frame it ends
};

// Executes one command; `where` names its place in the trace for messages.
using CommandPort =
    std::function<Executed(const trace::Command& command, const std::string& where)>;

}  // namespace gfx::pipe
