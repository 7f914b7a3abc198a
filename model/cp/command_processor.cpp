#include "cp/command_processor.h"

#include "common/error.h"
#include "rop/rop.h"

namespace gfx::cp {

namespace {

// Bytes a command occupies in the GPU's command buffer: a 16-byte packet header plus its
// inline payload. Resource contents are not in the command stream (uploads are not
// modelled), only their descriptors.
uint32_t packet_bytes(const trace::Command& c) {
  if (auto* k = std::get_if<trace::SetShaderConstants>(&c)) return 16 + 4 * uint32_t(k->values.size());
  if (auto* r = std::get_if<trace::SetRenderStates>(&c)) return 16 + 8 * uint32_t(r->states.size());
  if (std::holds_alternative<trace::SetTransform>(c)) return 16 + 64;
  if (auto* d = std::get_if<trace::CreateVertexDeclaration>(&c))
    return 16 + 8 * uint32_t(d->declaration->elements.size());
  return 16 + 16;
}

constexpr uint32_t kFetchLine = 64;

}  // namespace

CommandProcessor::CommandProcessor(sc_core::sc_module_name name, const CpConfig& cfg,
                                   trace::Reader& reader, driver::Device& device,
                                   sim::Queue<pipe::DrawRef>& to_ia, rop::Rop& rop,
                                   memory::MemorySystem& memory, Hooks hooks)
    : sc_core::sc_module(name),
      sim::Unit("cp"),
      cfg_(cfg),
      reader_(reader),
      device_(device),
      to_ia_(to_ia),
      rop_(rop),
      memory_(memory),
      hooks_(std::move(hooks)) {
  stream_addr_ = memory_.address_of(this, 1ull << 32);
  fetched_line_end_ = stream_addr_;
}

void CommandProcessor::retire_drained_draws() {
  while (!active_.empty() && active_.front()->drained()) {
    pipe::DrawState& d = *active_.front();
    d.completed = std::max(d.last_activity, d.issued);
    const uint64_t cycles = d.completed - d.issued;
    draw_cycles_ += cycles;
    draw_cycles_max_ = std::max(draw_cycles_max_, cycles);
    uint64_t bits = 0;
    for (uint64_t c = cycles; c; c >>= 1) ++bits;
    draw_cycles_log2_.add(bits);
    if (hooks_.draw_done) hooks_.draw_done(d);
    active_.pop_front();
  }
}

bool CommandProcessor::fetch(Cycle now) {
  if (!pending_) {
    if (trace_done_) return false;
    trace::Command c;
    if (!reader_.next(c)) {
      trace_done_ = true;
      return false;
    }
    pending_ = std::move(c);
    pending_where_ = reader_.where();
    // Request the packet's bytes; the command executes when the last line arrives.
    const uint32_t bytes = packet_bytes(*pending_);
    command_bytes_ += bytes;
    const Addr end = stream_addr_ + bytes;
    while (fetched_line_end_ < end) {
      data_ready_ = std::max(data_ready_, memory_.port().read(now, fetched_line_end_, kFetchLine,
                                                              sim::Client::Command));
      fetched_line_end_ += kFetchLine;
    }
    stream_addr_ = end;
  }
  return data_ready_ <= now;
}

sim::Activity CommandProcessor::tick(Cycle now) {
  retire_drained_draws();
  switch (waiting_) {
    case Wait::None: break;
    case Wait::DrainForClear:
      if (!active_.empty()) return sim::Activity::Wait;
      rop_.begin_clear(device_.last_clear(), now);
      waiting_ = Wait::Clearing;
      return sim::Activity::Busy;
    case Wait::Clearing:
      if (rop_.clearing()) return sim::Activity::Wait;
      waiting_ = Wait::None;
      break;
    case Wait::Drain:  // a render-target texture must be final before later draws
      if (!active_.empty()) return sim::Activity::Wait;
      waiting_ = Wait::None;
      break;
    case Wait::DrainForPresent:
      if (!active_.empty()) return sim::Activity::Wait;
      flush_done_ = std::max(rop_.flush(now), now);
      flush_done_ = std::max(flush_done_, memory_.flush(flush_done_));
      waiting_ = Wait::Flushing;
      return sim::Activity::Busy;
    case Wait::Flushing:
      if (now < flush_done_) return sim::Activity::StallMemory;
      ++frames_;
      // The frame's last cycle is this one: it ends (exclusively) at now + 1.
      if (hooks_.frame_done) hooks_.frame_done(device_.frame() - 1, now + 1);
      waiting_ = Wait::None;
      break;
  }
  if (now < busy_until_) return sim::Activity::Busy;

  bool worked = false;
  for (uint32_t n = 0; n < cfg_.commands_per_cycle && waiting_ == Wait::None; ++n) {
    if (!fetch(now)) {
      if (pending_) return sim::Activity::StallMemory;
      break;
    }
    if (trace::is_draw(*pending_) && !to_ia_.can_push(now))
      return worked ? sim::Activity::Busy : sim::Activity::StallOutput;
    execute(now);
    worked = true;
    if (now < busy_until_) break;
  }
  return worked ? sim::Activity::Busy : (active_.empty() ? sim::Activity::Idle : sim::Activity::Wait);
}

void CommandProcessor::execute(Cycle now) {
  trace::Command cmd = std::move(*pending_);
  pending_.reset();
  ++commands_;
  switch (device_.apply(cmd, pending_where_)) {
    case driver::Device::Action::None: break;
    case driver::Device::Action::Draw: {
      auto d = std::make_shared<pipe::DrawState>();
      d->ctx = device_.last_draw();
      d->issued = now;
      d->last_activity = now;
      to_ia_.push(now, d);
      active_.push_back(std::move(d));
      busy_until_ = now + cfg_.draw_setup_cycles;
      ++draws_;
      break;
    }
    case driver::Device::Action::Clear:
      ++clears_;
      waiting_ = Wait::DrainForClear;
      break;
    case driver::Device::Action::Present:
      waiting_ = Wait::DrainForPresent;
      break;
    case driver::Device::Action::Drain:
      waiting_ = Wait::Drain;
      break;
  }
}

Cycle CommandProcessor::next_wake(Cycle now) const {
  if (finished()) return kNever;
  switch (waiting_) {
    case Wait::DrainForClear:
    case Wait::Drain:
    case Wait::DrainForPresent:
      // Other units wake the driver while the draws drain; once they have, go on.
      return (!active_.empty() && !active_.front()->drained()) ? kNever : now + 1;
    case Wait::Clearing: return rop_.clearing() ? kNever : now + 1;
    case Wait::Flushing: return std::max(flush_done_, now + 1);
    case Wait::None: break;
  }
  if (!active_.empty() && active_.front()->drained()) return now + 1;
  if (now + 1 < busy_until_) return busy_until_;
  if (pending_ && data_ready_ > now + 1) return data_ready_;
  if (pending_ && trace::is_draw(*pending_) && !to_ia_.can_push(now + 1)) return kNever;
  if (trace_done_ && !pending_) return kNever;  // only retiring draws is left
  return now + 1;
}

void CommandProcessor::register_stats(stats::Group& g) {
  register_activity_stats(g);
  g.counter("commands", &commands_, "commands", "trace commands executed");
  g.counter("draws", &draws_, "draws", "draw calls issued");
  g.counter("clears", &clears_, "clears", "Clear commands executed");
  g.counter("frames", &frames_, "frames", "frames presented");
  g.counter("command_bytes", &command_bytes_, "bytes", "command packet bytes fetched");
  g.counter("draw_cycles", &draw_cycles_, "cycles",
            "sum over draws of issue-to-retire cycles (draws overlap; per draw in draws.csv)");
  g.counter("draw_cycles_max", &draw_cycles_max_, "cycles", "longest issue-to-retire time of a draw");
  g.formula("draw_cycles_mean", [this] { return draws_ ? double(draw_cycles_) / double(draws_) : 0.0; },
            "cycles", "mean issue-to-retire time of a draw");
  g.histogram("draw_cycles_log2", &draw_cycles_log2_, "draws",
              "draws by issue-to-retire time: bin b counts draws of 2^(b-1) to 2^b - 1 cycles");
}

}  // namespace gfx::cp
