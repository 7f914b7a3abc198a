// Shared set-up of the DRAM tests: a small, round-numbered DRAM and an address builder
// that follows the documented map (low to high: chunk offset | channel | column | bank |
// row), so a test names the channel, bank and row it means.
#pragma once

#include "memory/dram.h"

namespace gfx::memory::test {

// 2 channels x 4 banks, 1 KiB rows, 256-byte interleave, 32 bytes per DRAM cycle.
// A 64-byte read from an empty bank: 20 + 13 + 10 + 2 = 45 DRAM cycles.
inline DramConfig small_dram() {
  DramConfig c;
  c.clock_mhz = 1000.0;
  c.channels = 2;
  c.banks = 4;
  c.row_bytes = 1024;
  c.bytes_per_cycle = 32;
  c.interleave_bytes = 256;
  c.t_cas = 10;
  c.t_wl = 5;
  c.t_rcd = 13;
  c.t_rp = 14;
  c.controller_latency = 20;
  // The timings these tier-2 tests of the port do not study are off: no bank groups, no
  // activate windows, turnarounds, recovery or refresh; FCFS, so a write is served (and
  // answered) when it arrives. The controller's own rules are tested in tests/dram.
  c.bank_groups = 1;
  c.burst_bytes = 64;
  c.t_ras = 0;
  c.t_rc = 0;
  c.t_ccd_s = 1;
  c.t_ccd_l = 1;
  c.t_rrd_s = 0;
  c.t_rrd_l = 0;
  c.t_faw = 0;
  c.t_wr = 0;
  c.t_wtr = 0;
  c.t_rtw = 0;
  c.t_rtp = 0;
  c.t_refi = 0;
  c.t_rfc = 0;
  c.scheduler = "fcfs";
  return c;
}
constexpr Cycle kEmptyRowRead = 45;  // controller 20 + tRCD 13 + CL 10 + burst 2

inline Addr address(const DramConfig& c, uint64_t channel, uint64_t bank, uint64_t row,
                    uint64_t column = 0) {
  const uint64_t local = (row * c.banks + bank) * c.row_bytes + column;  // inside the channel
  const uint64_t chunk = local / c.interleave_bytes;
  return (chunk * c.channels + channel) * c.interleave_bytes + local % c.interleave_bytes;
}

}  // namespace gfx::memory::test
