// The TLM-2.0 DRAM backend (memory.dram.model: tlm): an attachment point at the DRAM
// boundary. Each request of the DRAM port becomes a generic payload (command, address,
// length, a data pointer to a scratch buffer, streaming width = length, no byte enables)
// sent through `socket` with b_transport, loosely timed with temporal decoupling: the
// annotated delay goes in as the request's issue time less sc_time_stamp(), and the target
// adds its latency to it and must not call wait() (gfxsim's units run in one SC_METHOD per
// clock, sim/clock_driver.h, and every request is answered when it is issued,
// sim/memory_port.h). The request completes in the first core cycle at or after its issue
// time plus what the target added, converted with the exact core clock in kHz.
//
// Issue times are on the clock driver's SystemC grid: core cycle n is n times the period
// as sc_time holds it (rounded to the time resolution, 1 ps by default: 1667 ps at
// 600 MHz), which is sc_time_stamp() when the clock driver runs cycle n.
//
// Leaves out: the data. The timing model carries no pixel or texel bytes (the functional
// surfaces are the ROP's), so writes send zeros and what a target writes into a read's
// buffer is dropped; frames never depend on the target. No DMI, no debug transport, no
// approximately-timed (nb_transport) path: an AT target needs a bridge (docs/units/memory.md).
#pragma once

#include <systemc>
#include <tlm>
#include <vector>

#include "memory/dram_backend.h"

namespace gfx::memory {

class TlmDram : public sc_core::sc_module, public DramBackend, private tlm::tlm_bw_transport_if<> {
 public:
  // Bind any TLM-2.0 target socket (bus width 32, the base protocol) to it before the run.
  tlm::tlm_initiator_socket<32> socket;

  TlmDram(sc_core::sc_module_name name, double core_clock_mhz);

  Cycle read(Cycle now, Addr addr, uint32_t bytes) override;
  Cycle write(Cycle now, Addr addr, uint32_t bytes) override;
  // A loosely-timed target has finished each request when b_transport returned.
  Cycle finish() override { return 0; }
  void register_stats(stats::Group& g, std::function<double()> run_seconds) override;

  // The SystemC time of core cycle `c` on the clock driver's grid (see above).
  sc_core::sc_time time_of(Cycle c) const;
  // Core cycles covering `t`, rounded up, at the exact core clock.
  Cycle cycles_covering(const sc_core::sc_time& t) const;

 private:
  Cycle transport(tlm::tlm_command cmd, Cycle now, Addr addr, uint32_t bytes);

  // An LT initiator takes no backward calls: a target that answers through them speaks
  // the AT protocol and needs a bridge.
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase,
                                     sc_core::sc_time& t) override;
  void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}  // no DMI taken

  sc_core::sc_time period_;   // one core cycle as the clock driver holds it
  uint64_t core_khz_ = 1;     // the exact core clock
  uint64_t fs_per_unit_ = 1;  // femtoseconds per sc_time unit (the time resolution)
  tlm::tlm_generic_payload payload_;
  std::vector<unsigned char> data_;  // scratch buffer behind the payload's data pointer
  uint64_t transactions_ = 0;
  uint64_t target_time_fs_ = 0;  // delay the target added, summed, in femtoseconds
};

}  // namespace gfx::memory
