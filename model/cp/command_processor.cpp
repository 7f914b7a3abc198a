#include "cp/command_processor.h"

#include "common/error.h"

namespace gfx::cp {

namespace {

// Bytes a command occupies in the GPU's command buffer: a 16-byte packet header plus its
// inline payload. Resource contents are not in the command stream (uploads are not
// modelled), only their descriptors.
uint32_t packet_bytes(const trace::Command& c) {
  if (auto* k = std::get_if<trace::SetShaderConstants>(&c))
    return 16 + 4 * uint32_t(k->values.size());
  if (auto* r = std::get_if<trace::SetRenderStates>(&c)) return 16 + 8 * uint32_t(r->states.size());
  if (std::holds_alternative<trace::SetTransform>(c)) return 16 + 64;
  // A vertex declaration or a D3D10 input layout: the input assembler's element
  // descriptors, 8 bytes each whichever API described them (both become one fetch plan).
  if (auto* d = std::get_if<trace::CreateVertexDeclaration>(&c))
    return 16 + 8 * uint32_t(d->declaration->elements.size());
  if (auto* l = std::get_if<trace::CreateInputLayout>(&c))
    return 16 + 8 * uint32_t(l->layout->elements.size());
  return 16 + 16;
}

constexpr uint32_t kFetchLine = 64;

}  // namespace

CommandProcessor::CommandProcessor(sc_core::sc_module_name name, const CpConfig& cfg,
                                   trace::Reader& reader, pipe::CommandPort commands,
                                   pipe::Queue<pipe::DrawRef>& out, pipe::RetirePort& retired,
                                   memory::MemorySystem& memory, Hooks hooks)
    : sc_core::sc_module(name),
      sim::Unit(basename()),
      cfg_(cfg),
      reader_(reader),
      commands_port_(std::move(commands)),
      out_(out),
      retired_(retired),
      memory_(memory),
      hooks_(std::move(hooks)) {
  stream_addr_ = memory_.address_of(this, 1ull << 32);
  fetched_line_end_ = stream_addr_;
}

void CommandProcessor::take_reports() {
  while (!retired_.empty()) {
    const pipe::Retired r = retired_.pop();
    switch (r.kind) {
      case pipe::Marker::Kind::EndOfDraw: {
        // Draws end in API order: the report is for the oldest draw in flight.
        if (active_.empty() || active_.front() != r.draw)
          throw Error(
              "internal error: the ROP retired a draw the command processor does not "
              "have as its oldest in flight");
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
        break;
      }
      case pipe::Marker::Kind::Present:
        flush_done_ = r.done;
        waiting_ = Wait::Flushing;
        break;
      case pipe::Marker::Kind::Clear: waiting_ = Wait::None; break;
    }
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
  take_reports();
  switch (waiting_) {
    case Wait::None: break;
    case Wait::Report:  // the ROP has not yet done the Clear or Present
      return sim::Activity::Wait;
    case Wait::Retired:  // a render-target texture must be final before later draws
      if (!active_.empty()) return sim::Activity::Wait;
      waiting_ = Wait::None;
      break;
    case Wait::Flushing:
      if (now < flush_done_) return sim::Activity::StallMemory;
      ++frames_;
      // The frame's last cycle is this one: it ends (exclusively) at now + 1.
      if (hooks_.frame_done) hooks_.frame_done(present_frame_, now + 1);
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
    if (trace::is_draw(*pending_) && !out_.can_push(now))
      return worked ? sim::Activity::Busy : sim::Activity::StallOutput;
    execute(now);
    worked = true;
    if (now < busy_until_) break;
  }
  return worked ? sim::Activity::Busy
                : (active_.empty() ? sim::Activity::Idle : sim::Activity::Wait);
}

void CommandProcessor::execute(Cycle now) {
  trace::Command cmd = std::move(*pending_);
  pending_.reset();
  ++commands_;
  pipe::Executed x = commands_port_(cmd, pending_where_);
  pipe::Marker m;
  switch (x.kind) {
    case pipe::Executed::Kind::None: return;
    case pipe::Executed::Kind::Draw: {
      auto d = std::make_shared<pipe::DrawState>();
      d->ctx = std::move(x.draw);
      d->issued = now;
      d->last_activity = now;
      if (hooks_.draw_issued) hooks_.draw_issued(*d);
      out_.push(now, d);
      m.kind = pipe::Marker::Kind::EndOfDraw;
      m.draw = d;
      out_.push_marker(std::move(m));
      active_.push_back(std::move(d));
      busy_until_ = now + cfg_.draw_setup_cycles;
      ++draws_;
      return;
    }
    case pipe::Executed::Kind::Clear:
      ++clears_;
      m.kind = pipe::Marker::Kind::Clear;
      m.clear = std::move(x.clear);
      break;
    case pipe::Executed::Kind::Present:
      m.kind = pipe::Marker::Kind::Present;
      present_frame_ = x.frame;
      break;
    case pipe::Executed::Kind::Drain:
      // Nothing to perform at the end of the pipeline: wait for the earlier draws' retirement.
      waiting_ = Wait::Retired;
      return;
  }
  // Later commands wait until the ROP has performed the marker.
  out_.push_marker(std::move(m));
  waiting_ = Wait::Report;
}

Cycle CommandProcessor::next_wake(Cycle now) const {
  if (finished()) return kNever;
  if (!retired_.empty()) return now + 1;
  switch (waiting_) {
    case Wait::Report: return kNever;  // the ROP's report wakes the driver (its tick makes it)
    case Wait::Retired: return active_.empty() ? now + 1 : kNever;
    case Wait::Flushing: return std::max(flush_done_, now + 1);
    case Wait::None: break;
  }
  if (now + 1 < busy_until_) return busy_until_;
  if (pending_ && data_ready_ > now + 1) return data_ready_;
  if (pending_ && trace::is_draw(*pending_) && !out_.can_push(now + 1)) return kNever;
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
  g.counter("draw_cycles_max", &draw_cycles_max_, "cycles",
            "longest issue-to-retire time of a draw");
  g.formula(
      "draw_cycles_mean", [this] { return draws_ ? double(draw_cycles_) / double(draws_) : 0.0; },
      "cycles", "mean issue-to-retire time of a draw");
  g.histogram("draw_cycles_log2", &draw_cycles_log2_, "draws",
              "draws by issue-to-retire time: bin b counts draws of 2^(b-1) to 2^b - 1 cycles");
}

}  // namespace gfx::cp
