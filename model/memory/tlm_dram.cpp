#include "memory/tlm_dram.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "common/error.h"

namespace gfx::memory {

namespace {
std::string hex(Addr a) {
  std::ostringstream s;
  s << "0x" << std::hex << a;
  return s.str();
}
}  // namespace

TlmDram::TlmDram(sc_core::sc_module_name name, double core_clock_mhz)
    : sc_core::sc_module(name),
      socket("socket"),
      // The same expression as the clock driver's period, so cycle n lands on the time at
      // which the driver runs it.
      period_(1.0e6 / core_clock_mhz, sc_core::SC_PS),
      core_khz_(uint64_t(std::llround(core_clock_mhz * 1000.0))),
      fs_per_unit_(uint64_t(std::llround(sc_core::sc_get_time_resolution().to_seconds() * 1e15))) {
  socket.bind(*this);  // the backward path: only needed to satisfy the binding rules
}

sc_core::sc_time TlmDram::time_of(Cycle c) const {
  return sc_core::sc_time::from_value(c * period_.value());
}

Cycle TlmDram::cycles_covering(const sc_core::sc_time& t) const {
  // fs x kHz / 10^12 = cycles; 128 bits keep a second of delay at 100 GHz exact.
  const unsigned __int128 num = (unsigned __int128)(t.value() * fs_per_unit_) * core_khz_;
  const unsigned __int128 den = 1000000000000ull;
  return Cycle((num + den - 1) / den);
}

Cycle TlmDram::read(Cycle now, Addr addr, uint32_t bytes) {
  return transport(tlm::TLM_READ_COMMAND, now, addr, bytes);
}

Cycle TlmDram::write(Cycle now, Addr addr, uint32_t bytes) {
  return transport(tlm::TLM_WRITE_COMMAND, now, addr, bytes);
}

Cycle TlmDram::transport(tlm::tlm_command cmd, Cycle now, Addr addr, uint32_t bytes) {
  if (data_.size() < bytes) data_.resize(bytes);
  std::fill(data_.begin(), data_.begin() + bytes, 0);  // no data is modelled: send zeros
  payload_.set_command(cmd);
  payload_.set_address(addr);
  payload_.set_data_ptr(data_.data());
  payload_.set_data_length(bytes);
  payload_.set_streaming_width(bytes);
  payload_.set_byte_enable_ptr(nullptr);
  payload_.set_byte_enable_length(0);
  payload_.set_dmi_allowed(false);
  payload_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  // Temporal decoupling: the request happens `offset` after the kernel's current time.
  // Outside a run (nothing simulated yet) the kernel may be ahead of a small `now`; the
  // request then starts at the kernel's time.
  const sc_core::sc_time issue = time_of(now), stamp = sc_core::sc_time_stamp();
  const sc_core::sc_time offset = issue > stamp ? issue - stamp : sc_core::SC_ZERO_TIME;
  sc_core::sc_time delay = offset;
  socket->b_transport(payload_, delay);
  // Built only for a failure: this is every DRAM request's path.
  auto request = [&] {
    return std::string("a ") + (cmd == tlm::TLM_READ_COMMAND ? "read" : "write") + " of " +
           std::to_string(bytes) + " bytes at " + hex(addr) + " (core cycle " +
           std::to_string(now) + ")";
  };
  if (payload_.is_response_error())
    throw Error("memory.dram.model tlm: the target bound to " + std::string(socket.name()) +
                " answered " + payload_.get_response_string() + " to " + request());
  if (delay < offset)
    throw Error("memory.dram.model tlm: the target bound to " + std::string(socket.name()) +
                " returned a delay of " + delay.to_string() + ", less than the " +
                offset.to_string() + " it was given, for " + request() +
                " (a loosely-timed target adds its latency to the delay)");
  const sc_core::sc_time added = delay - offset;
  ++transactions_;
  target_time_fs_ += added.value() * fs_per_unit_;
  return now + cycles_covering(added);
}

tlm::tlm_sync_enum TlmDram::nb_transport_bw(tlm::tlm_generic_payload& p, tlm::tlm_phase&,
                                            sc_core::sc_time&) {
  throw Error("memory.dram.model tlm: the target bound to " + std::string(socket.name()) +
              " called nb_transport_bw for the request at " + hex(p.get_address()) +
              "; gfxsim's DRAM socket is loosely timed (b_transport only): an "
              "approximately-timed target needs a bridge (docs/units/memory.md)");
}

void TlmDram::register_stats(stats::Group& g, std::function<double()>) {
  g.counter("tlm_transactions", &transactions_, "transactions",
            "b_transport calls made through the DRAM socket");
  g.formula(
      "tlm_avg_target_ns",
      [this] {
        return transactions_ ? double(target_time_fs_) / 1e6 / double(transactions_) : 0.0;
      },
      "ns", "delay the target added per transaction, averaged");
}

}  // namespace gfx::memory
