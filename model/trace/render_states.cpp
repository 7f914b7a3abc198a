// Render-state table of trace version 1 and the conversions of its values.
#include "trace/render_states.h"

#include <array>

#include "trace/text_format.h"

namespace gfx::trace {
namespace {

using api::RenderStateId;

constexpr std::array<RenderStateInfo, 11> kStates = {{
    {RenderStateId::ZEnable, "z_enable", RenderStateType::Bool},
    {RenderStateId::ZFunc, "z_func", RenderStateType::CmpFunc},
    {RenderStateId::ZWriteEnable, "z_write", RenderStateType::Bool},
    {RenderStateId::CullMode, "cull_mode", RenderStateType::Cull},
    {RenderStateId::ShadeMode, "shade_mode", RenderStateType::ShadeMode},
    {RenderStateId::ColorWriteEnable, "color_write_mask", RenderStateType::Mask4},
    {RenderStateId::AlphaBlendEnable, "blend_enable", RenderStateType::Bool},
    {RenderStateId::SrcBlend, "src_blend", RenderStateType::Blend},
    {RenderStateId::DestBlend, "dest_blend", RenderStateType::Blend},
    {RenderStateId::BlendOp, "blend_op", RenderStateType::BlendOp},
    {RenderStateId::ScissorTestEnable, "scissor_enable", RenderStateType::Bool},
}};

// Calls f with a value of the enum type the state holds (a tag; only its type matters).
template <typename F> auto with_enum_type(RenderStateType t, F&& f) {
  switch (t) {
    case RenderStateType::CmpFunc: return f(api::CmpFunc{});
    case RenderStateType::Cull: return f(api::Cull{});
    case RenderStateType::ShadeMode: return f(api::ShadeMode{});
    case RenderStateType::Blend: return f(api::Blend{});
    default: return f(api::BlendOp{});
  }
}

}  // namespace

const RenderStateInfo* find_render_state(uint16_t id) {
  for (const auto& s : kStates)
    if (static_cast<uint16_t>(s.id) == id) return &s;
  return nullptr;
}

const RenderStateInfo* find_render_state(std::string_view name) {
  for (const auto& s : kStates)
    if (name == s.name) return &s;
  return nullptr;
}

bool render_state_value_valid(const RenderStateInfo& rs, uint32_t value) {
  switch (rs.type) {
    case RenderStateType::Bool: return value <= 1;
    case RenderStateType::Mask4: return value <= 0xF;
    default:
      return with_enum_type(rs.type, [&](auto e) { return api::is_valid<decltype(e)>(value); });
  }
}

std::string render_state_value_text(const RenderStateInfo& rs, uint32_t value) {
  switch (rs.type) {
    case RenderStateType::Bool: return value ? "true" : "false";
    case RenderStateType::Mask4: return format_hex(value, 1);
    default:
      return with_enum_type(rs.type, [&](auto e) {
        return std::string(api::to_name(static_cast<decltype(e)>(value)));
      });
  }
}

std::optional<uint32_t> parse_render_state_value(const RenderStateInfo& rs,
                                                 std::string_view text) {
  switch (rs.type) {
    case RenderStateType::Bool:
      if (text == "true") return 1u;
      if (text == "false") return 0u;
      return std::nullopt;
    case RenderStateType::Mask4: {
      auto v = parse_uint(text, 0xF);
      return v;
    }
    default:
      return with_enum_type(rs.type, [&](auto e) -> std::optional<uint32_t> {
        auto v = api::from_name<decltype(e)>(text);
        if (!v) return std::nullopt;
        return static_cast<uint32_t>(*v);
      });
  }
}

std::string render_state_expectation(const RenderStateInfo& rs) {
  switch (rs.type) {
    case RenderStateType::Bool: return "true or false";
    case RenderStateType::Mask4: return "a colour write mask 0..15 (bit 0 red ... bit 3 alpha)";
    default:
      return with_enum_type(rs.type, [&](auto e) { return enum_expectation<decltype(e)>(); });
  }
}

void apply_render_state(api::RenderStates& s, const RenderStateValue& v) {
  switch (v.id) {
    case RenderStateId::ZEnable: s.z_enable = v.value != 0; break;
    case RenderStateId::ZFunc: s.z_func = static_cast<api::CmpFunc>(v.value); break;
    case RenderStateId::ZWriteEnable: s.z_write = v.value != 0; break;
    case RenderStateId::CullMode: s.cull_mode = static_cast<api::Cull>(v.value); break;
    case RenderStateId::ShadeMode: s.shade_mode = static_cast<api::ShadeMode>(v.value); break;
    case RenderStateId::ColorWriteEnable: s.color_write_mask = v.value & 0xF; break;
    case RenderStateId::AlphaBlendEnable: s.blend_enable = v.value != 0; break;
    case RenderStateId::SrcBlend: s.src_blend = static_cast<api::Blend>(v.value); break;
    case RenderStateId::DestBlend: s.dest_blend = static_cast<api::Blend>(v.value); break;
    case RenderStateId::BlendOp: s.blend_op = static_cast<api::BlendOp>(v.value); break;
    case RenderStateId::ScissorTestEnable: s.scissor_enable = v.value != 0; break;
  }
}

}  // namespace gfx::trace
