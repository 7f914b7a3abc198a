// The DRAM's TLM-2.0 socket (memory/tlm_dram.h) against the example target
// (examples/tlm_dram): a request completes in the first core cycle at or after its issue
// plus the delay the target added, whatever the kernel's time; the payload is the base
// protocol's plain read or write; an error response or a shortened delay stops the run
// naming the request. Each test is its own process (SystemC elaborates once per process):
// it builds its modules, elaborates with sc_start(SC_ZERO_TIME), then issues requests.
#include <gtest/gtest.h>
#include <tlm_utils/simple_target_socket.h>

#include <string>
#include <systemc>
#include <tlm>

#include "common/error.h"
#include "fixed_dram_target.h"
#include "memory/tlm_dram.h"

namespace gfx::memory {
namespace {

fixed_dram::Options fixed(uint64_t latency_ps, uint64_t bytes_per_ns) {
  fixed_dram::Options o;
  o.latency_ps = latency_ps;
  o.bytes_per_ns = bytes_per_ns;
  return o;
}

// 800 MHz: 1250 ps a cycle. 100 ns of latency and 64 bytes at 16 bytes/ns (4 ns) make
// 104 ns = 83.2 cycles: the data is there in the 84th cycle after the issue.
TEST(TlmDram, UnloadedRequestCompletesAtIssuePlusTheTargetsDelay) {
  TlmDram port("port", 800.0);
  fixed_dram::FixedDramTarget target("target", fixed(100000, 16));
  port.socket.bind(target.socket);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  EXPECT_EQ(port.read(10, 0x1000, 64), 10u + 84u);
  // Issued in the same cycle, the second read crosses the bus after the first: 108 ns.
  EXPECT_EQ(port.read(10, 0x2000, 64), 10u + 87u);
  // Once the bus is free again a write costs the same 104 ns as the first read.
  EXPECT_EQ(port.write(200, 0x3000, 64), 200u + 84u);
  EXPECT_EQ(target.reads(), 2u);
  EXPECT_EQ(target.writes(), 1u);
  EXPECT_EQ(target.bytes_read(), 128u);
  EXPECT_EQ(target.bytes_written(), 64u);
}

TEST(TlmDram, TheKernelsTimeDoesNotMoveTheAnswer) {
  // The same requests with the kernel at cycle 6 (7500 ps): the annotated delay carries
  // the rest of the way to the issue, and the target's view of time is the same.
  TlmDram port("port", 800.0);
  fixed_dram::FixedDramTarget target("target", fixed(100000, 16));
  port.socket.bind(target.socket);
  sc_core::sc_start(sc_core::sc_time(7500, sc_core::SC_PS));
  ASSERT_EQ(sc_core::sc_time_stamp(), port.time_of(6));
  EXPECT_EQ(port.read(10, 0x1000, 64), 10u + 84u);
  EXPECT_EQ(port.read(10, 0x2000, 64), 10u + 87u);
  EXPECT_EQ(port.write(200, 0x3000, 64), 200u + 84u);
}

TEST(TlmDram, ExactCoreClockOnAnInexactGrid) {
  // 600 MHz: a cycle is 1666.67 ps; the kernel's grid holds 1667. 100 ns are exactly 60
  // cycles of the real clock (not 59.99 of the grid's), 100.001 ns already 61.
  TlmDram port("port", 600.0);
  EXPECT_EQ(port.time_of(3), sc_core::sc_time(5001, sc_core::SC_PS));
  EXPECT_EQ(port.cycles_covering(sc_core::sc_time(100000, sc_core::SC_PS)), 60u);
  EXPECT_EQ(port.cycles_covering(sc_core::sc_time(100001, sc_core::SC_PS)), 61u);
  EXPECT_EQ(port.cycles_covering(sc_core::SC_ZERO_TIME), 0u);
  fixed_dram::FixedDramTarget target("target", fixed(100000, 0));
  port.socket.bind(target.socket);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  EXPECT_EQ(port.read(1000, 0x40, 64), 1060u);
}

// A target that keeps what it was sent and answers as told.
struct Recorder : sc_core::sc_module {
  tlm_utils::simple_target_socket<Recorder, 32> socket;
  tlm::tlm_command command = tlm::TLM_IGNORE_COMMAND;
  uint64_t address = 0;
  unsigned length = 0, streaming_width = 0, byte_enable_length = 1;
  bool data = false, byte_enables = true, dmi = true;
  tlm::tlm_response_status answer = tlm::TLM_OK_RESPONSE;
  sc_core::sc_time add = sc_core::sc_time(10, sc_core::SC_NS);
  bool replace = false;  // set the delay to `add` instead of adding it (a faulty target)

  explicit Recorder(sc_core::sc_module_name n) : sc_core::sc_module(n), socket("socket") {
    socket.register_b_transport(this, &Recorder::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay) {
    command = p.get_command();
    address = p.get_address();
    length = p.get_data_length();
    streaming_width = p.get_streaming_width();
    data = p.get_data_ptr() != nullptr;
    byte_enables = p.get_byte_enable_ptr() != nullptr;
    byte_enable_length = p.get_byte_enable_length();
    dmi = p.is_dmi_allowed();
    p.set_response_status(answer);
    delay = replace ? add : delay + add;
  }
};

TEST(TlmDram, PayloadIsAPlainReadOrWriteOfContiguousBytes) {
  TlmDram port("port", 1000.0);
  Recorder target("target");
  port.socket.bind(target.socket);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  EXPECT_EQ(port.read(5, 0x123440, 64), 15u);  // 10 ns at 1 GHz
  EXPECT_EQ(target.command, tlm::TLM_READ_COMMAND);
  EXPECT_EQ(target.address, 0x123440u);
  EXPECT_EQ(target.length, 64u);
  EXPECT_EQ(target.streaming_width, 64u);
  EXPECT_TRUE(target.data);
  EXPECT_FALSE(target.byte_enables);
  EXPECT_EQ(target.byte_enable_length, 0u);
  EXPECT_FALSE(target.dmi);
  EXPECT_EQ(port.write(20, 0x8000, 256), 30u);
  EXPECT_EQ(target.command, tlm::TLM_WRITE_COMMAND);
  EXPECT_EQ(target.length, 256u);
  EXPECT_EQ(target.streaming_width, 256u);
}

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(TlmDram, ErrorResponseStopsTheRunNamingTheAddress) {
  TlmDram port("port", 1000.0);
  Recorder target("target");
  target.answer = tlm::TLM_ADDRESS_ERROR_RESPONSE;
  port.socket.bind(target.socket);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  const std::string m = message_of([&] { port.read(7, 0x123440, 64); });
  EXPECT_NE(m.find("TLM_ADDRESS_ERROR_RESPONSE to a read of 64 bytes at 0x123440 (core cycle 7)"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("port.socket"), std::string::npos) << m;
}

TEST(TlmDram, IncompleteResponseIsAnErrorToo) {
  TlmDram port("port", 1000.0);
  Recorder target("target");
  target.answer = tlm::TLM_INCOMPLETE_RESPONSE;
  port.socket.bind(target.socket);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  const std::string m = message_of([&] { port.write(0, 0x40, 64); });
  EXPECT_NE(m.find("TLM_INCOMPLETE_RESPONSE to a write of 64 bytes at 0x40"), std::string::npos)
      << m;
}

TEST(TlmDram, ShortenedDelayIsRefused) {
  // The kernel at 3 ns, the request at cycle 10 (10 ns): it goes out with 7 ns of delay.
  // A target that replaces the delay with its latency (2 ns) instead of adding to it
  // would complete the request before it was issued.
  TlmDram port("port", 1000.0);
  Recorder target("target");
  target.replace = true;
  target.add = sc_core::sc_time(2, sc_core::SC_NS);
  port.socket.bind(target.socket);
  sc_core::sc_start(sc_core::sc_time(3, sc_core::SC_NS));
  const std::string m = message_of([&] { port.read(10, 0x40, 64); });
  EXPECT_NE(m.find("returned a delay of 2 ns, less than the 7 ns it was given, for a read of 64 "
                   "bytes at 0x40 (core cycle 10)"),
            std::string::npos)
      << m;
}

}  // namespace
}  // namespace gfx::memory
