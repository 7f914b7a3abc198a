// An example DRAM for gfxsim's TLM-2.0 attachment point (memory.dram.model: tlm): a
// loosely-timed target with one data bus of fixed bandwidth and a fixed latency. A request
// arrives at sc_time_stamp() plus the delay it carries, waits for the bus until the
// requests sent before it have crossed (the bus is taken in the order of the calls),
// holds it for length / bytes_per_ns, and completes `latency_ps` after its last byte:
//
//   start = max(arrival, bus free);  bus free = start + ceil(length x 1000 / bytes_per_ns) ps
//   done  = bus free + latency_ps;   delay returned = done - sc_time_stamp()
//
// With bytes_per_ns 0 there is no bus: every request is done latency_ps after it arrives.
//
// It never calls wait(), as the loosely-timed base protocol with temporal decoupling asks.
// It counts the requests and bytes it saw and, with a report path, writes them as JSON when
// it is destroyed (gfxsim deletes a plugin's target after the run). It depends on SystemC
// only: built as a plugin it is loaded by path, nothing of gfxsim compiled in.
#pragma once

#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <string>
#include <systemc>
#include <tlm>

namespace fixed_dram {

struct Options {
  uint64_t latency_ps = 100000;  // after the last byte crossed the bus
  uint64_t bytes_per_ns = 0;     // the bus's bandwidth; 0: unlimited (no bus time)
  std::string report;            // JSON file written at destruction; "": none
};

// "latency_ps=100000 bytes_per_ns=64 report=/tmp/r.json" (space-separated, any order,
// each at most once). Returns "" or what is wrong.
std::string parse_options(const std::string& text, Options& out);

class FixedDramTarget : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<FixedDramTarget, 32> socket;

  FixedDramTarget(sc_core::sc_module_name name, const Options& options);
  ~FixedDramTarget() override;

  uint64_t reads() const { return reads_; }
  uint64_t writes() const { return writes_; }
  uint64_t bytes_read() const { return bytes_read_; }
  uint64_t bytes_written() const { return bytes_written_; }

 private:
  void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay);

  Options options_;
  sc_core::sc_time latency_;
  sc_core::sc_time bus_free_ = sc_core::SC_ZERO_TIME;
  uint64_t reads_ = 0, writes_ = 0, bytes_read_ = 0, bytes_written_ = 0;
};

}  // namespace fixed_dram
