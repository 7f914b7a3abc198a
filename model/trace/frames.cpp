// Frame-range selection.
#include "trace/frames.h"

#include "trace/command_table.h"

namespace gfx::trace {

namespace {

// A patch draw that stores a patch under a handle for later draws.
bool captures_patch(const Command& c) {
  if (const auto* r = std::get_if<DrawRectPatch>(&c)) return r->handle != 0 && r->has_info;
  if (const auto* t = std::get_if<DrawTriPatch>(&c)) return t->handle != 0 && t->has_info;
  return false;
}

SetRenderStates scissor_test(bool on) {
  return SetRenderStates{{{api::RenderStateId::ScissorTestEnable, on ? 1u : 0u}}};
}

}  // namespace

FrameSelector::FrameSelector(uint32_t first, uint32_t last, uint32_t width, uint32_t height)
    : first_(first), last_(last), scissor_{0, 0, int32_t(width), int32_t(height)} {}

void FrameSelector::track(const Command& c) {
  if (const auto* s = std::get_if<SetScissorRect>(&c)) scissor_ = s->rect;
  if (const auto* r = std::get_if<SetRenderStates>(&c))
    for (const RenderStateValue& v : r->states)
      if (v.id == api::RenderStateId::ScissorTestEnable) scissor_enable_ = v.value != 0;
}

FrameSelector::Action FrameSelector::next(const Command& c) {
  if (frame_ > last_) return Action::Stop;
  const bool present = std::holds_alternative<Present>(c);
  Action a;
  if (frame_ >= first_) {
    a = Action::Keep;
    if (present) ++kept_;
  } else {
    CommandKind kind = command_info(c).kind;
    a = kind == CommandKind::Resource || kind == CommandKind::State ? Action::Keep
        : captures_patch(c)                                         ? Action::Hide
                                                                    : Action::Drop;
    track(c);
  }
  if (present) ++frame_;
  return a;
}

std::vector<Command> FrameSelector::hide_before() const {
  return {scissor_test(true), SetScissorRect{api::ScissorRect{0, 0, 0, 0}}};
}

std::vector<Command> FrameSelector::hide_after() const {
  return {SetScissorRect{scissor_}, scissor_test(scissor_enable_)};
}

}  // namespace gfx::trace
