// Opcodes and names of the trace commands. The table below is the single place where a
// command's opcode and YAML name are written; its order must follow the Command variant.
#include <array>
#include <utility>

#include "trace/command_table.h"

namespace gfx::trace {
namespace {

constexpr std::array<CommandInfo, kCommandCount> kTable = {{
    {1, "create_vertex_buffer", CommandKind::Resource},
    {2, "create_index_buffer", CommandKind::Resource},
    {3, "create_texture", CommandKind::Resource},
    {4, "create_shader", CommandKind::Resource},
    {5, "create_vertex_declaration", CommandKind::Resource},
    {6, "release_resource", CommandKind::Resource},
    {16, "set_vertex_declaration", CommandKind::State},
    {17, "set_stream_source", CommandKind::State},
    {18, "set_indices", CommandKind::State},
    {19, "set_texture", CommandKind::State},
    {20, "set_sampler_state", CommandKind::State},
    {21, "set_vertex_shader", CommandKind::State},
    {22, "set_pixel_shader", CommandKind::State},
    {23, "set_shader_constants", CommandKind::State},
    {24, "set_transform", CommandKind::State},
    {25, "set_viewport", CommandKind::State},
    {26, "set_scissor_rect", CommandKind::State},
    {27, "set_render_states", CommandKind::State},
    {48, "draw_primitive", CommandKind::Draw},
    {49, "draw_indexed_primitive", CommandKind::Draw},
    {50, "draw", CommandKind::Draw},
    {51, "draw_indexed", CommandKind::Draw},
    {52, "draw_instanced", CommandKind::Draw},
    {53, "draw_indexed_instanced", CommandKind::Draw},
    {80, "clear", CommandKind::Frame},
    {81, "present", CommandKind::Frame},
    {28, "set_light", CommandKind::State},
    {29, "light_enable", CommandKind::State},
    {30, "set_material", CommandKind::State},
    {31, "set_shader_constants_int", CommandKind::State},
    {32, "set_shader_constants_bool", CommandKind::State},
    {33, "set_texture_stage_state", CommandKind::State},
    {34, "set_stream_source_freq", CommandKind::State},
    {35, "set_npatch_mode", CommandKind::State},
    {7, "delete_patch", CommandKind::Resource},
    {54, "draw_rect_patch", CommandKind::Draw},
    {55, "draw_tri_patch", CommandKind::Draw},
    {36, "set_render_target", CommandKind::State},
    {40, "set_clip_plane", CommandKind::State},
    {41, "set_lod", CommandKind::State},
    {8, "create_rasterizer_state", CommandKind::Resource},
    {42, "set_rasterizer_state", CommandKind::State},
    {9, "create_depth_stencil_state", CommandKind::Resource},
    {43, "set_depth_stencil_state", CommandKind::State},
    {10, "create_blend_state", CommandKind::Resource},
    {44, "set_blend_state", CommandKind::State},
    {11, "create_constant_buffer", CommandKind::Resource},
    {37, "update_constant_buffer", CommandKind::State},
    {38, "set_constant_buffers", CommandKind::State},
    {12, "create_sampler_state", CommandKind::Resource},
    {39, "set_samplers", CommandKind::State},
    {45, "set_shader_resources", CommandKind::State},
    {13, "create_input_layout", CommandKind::Resource},
    {46, "set_input_layout", CommandKind::State},
    {14, "create_view", CommandKind::Resource},
    {47, "set_render_targets", CommandKind::State},
    {82, "clear_render_target_view", CommandKind::Frame},
    {83, "clear_depth_stencil_view", CommandKind::Frame},
    {84, "resolve", CommandKind::Frame},
    {85, "copy_rect", CommandKind::Frame},
}};

// The opcode ranges of the format: a table entry outside its group's range is a bug here.
constexpr bool opcodes_in_ranges() {
  for (const auto& e : kTable) {
    const auto [lo, hi] = e.kind == CommandKind::Resource ? std::pair{1, 15}
                          : e.kind == CommandKind::State  ? std::pair{16, 47}
                          : e.kind == CommandKind::Draw   ? std::pair{48, 79}
                                                          : std::pair{80, 95};
    if (e.opcode < lo || e.opcode > hi) return false;
  }
  return true;
}
static_assert(opcodes_in_ranges(), "command opcode outside its group's range");
static_assert(std::is_same_v<std::variant_alternative_t<0, Command>, CreateVertexBuffer> &&
                  std::is_same_v<std::variant_alternative_t<25, Command>, Present>,
              "kTable must follow the order of the Command variant");

template <std::size_t... I> Command make_by_index(std::size_t i, std::index_sequence<I...>) {
  using Maker = Command (*)();
  static constexpr Maker makers[] = {
      []() -> Command { return Command(std::in_place_index<I>); }...};
  return makers[i]();
}

}  // namespace

const CommandInfo& command_info(std::size_t variant_index) { return kTable[variant_index]; }

std::optional<std::size_t> command_index_for_opcode(uint16_t opcode) {
  for (std::size_t i = 0; i < kTable.size(); ++i)
    if (kTable[i].opcode == opcode) return i;
  return std::nullopt;
}

std::optional<std::size_t> command_index_for_name(std::string_view name) {
  for (std::size_t i = 0; i < kTable.size(); ++i)
    if (name == kTable[i].name) return i;
  return std::nullopt;
}

Command make_command(std::size_t variant_index) {
  return make_by_index(variant_index, std::make_index_sequence<kCommandCount>{});
}

uint16_t opcode_of(const Command& c) { return kTable[c.index()].opcode; }
const char* name_of(const Command& c) { return kTable[c.index()].name; }
bool is_draw(const Command& c) { return kTable[c.index()].kind == CommandKind::Draw; }

}  // namespace gfx::trace
