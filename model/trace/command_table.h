// The command table of trace format version 1: opcode, YAML name and kind of every
// Command alternative, indexed by its position in the std::variant. The readers use it
// to turn an opcode or a name back into an empty command of the right type. Internal
// to gfx_trace and its tools; consumers use opcode_of/name_of/is_draw from commands.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "trace/commands.h"

namespace gfx::trace {

// The binary record opcodes that are not commands.
constexpr uint16_t kHeaderOpcode = 0;
constexpr uint16_t kEndOpcode = 0xFFFF;

// The four groups of commands.h; their opcode ranges are fixed by the format.
enum class CommandKind : uint8_t { Resource, State, Draw, Frame };

struct CommandInfo {
  uint16_t opcode;
  const char* name;
  CommandKind kind;
};

constexpr std::size_t kCommandCount = std::variant_size_v<Command>;

const CommandInfo& command_info(std::size_t variant_index);
inline const CommandInfo& command_info(const Command& c) { return command_info(c.index()); }

std::optional<std::size_t> command_index_for_opcode(uint16_t opcode);
std::optional<std::size_t> command_index_for_name(std::string_view name);

// A default-constructed command of the given variant index (< kCommandCount).
Command make_command(std::size_t variant_index);

}  // namespace gfx::trace
