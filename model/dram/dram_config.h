// Configuration of the DRAM controller and devices: organisation (channels, bank groups,
// banks, rows), the address map, the page and scheduling policies, the controller's queues
// and every device timing, in DRAM command-clock cycles (tCK = 1000 / clock_mhz ns).
#pragma once

#include <cstdint>
#include <string>

#include "config/schema.h"
#include "dram/sched/scheduler.h"

namespace gfx::dram {

struct DramConfig {
  // Who serves the memory system's DRAM requests: "builtin", the controller of this
  // folder, or "tlm", a TLM-2.0 target bound to the memory system's initiator socket
  // (memory/tlm_dram.h), loaded from `tlm_plugin` or bound by the caller's own sc_main.
  // The other keys describe the built-in controller; the address allocator's alignment
  // also reads channels, row_bytes and interleave_bytes under either model.
  std::string model = "builtin";
  std::string tlm_plugin;          // shared library making the target ("": none)
  std::string tlm_plugin_options;  // text handed to the plugin's factory as it is
  double clock_mhz = 1000.0;  // command clock (CK) of the DRAM interface
  uint32_t channels = 8;
  uint32_t bank_groups = 1;          // per channel; 1: no bank groups (GDDR3)
  uint32_t banks = 8;                // per channel, over all bank groups
  uint32_t row_bytes = 2048;         // row (page) size per bank
  uint32_t bytes_per_cycle = 32;     // data bus width per channel per DRAM clock
  uint32_t burst_bytes = 32;         // bytes one column command moves (burst length x width)
  uint32_t interleave_bytes = 256;   // consecutive bytes mapped to one channel
  std::string address_map = "row_bank_column";  // order of the fields above the channel
  bool bank_xor = false;             // bank index XOR the row's low bits
  std::string page_policy = "open";  // open: rows stay open; close: auto-precharge
  std::string scheduler = "frfcfs";
  uint32_t write_queue = 32;  // write queue entries per channel (FR-FCFS)
  uint32_t write_high = 24;   // queued writes that start a drain
  uint32_t write_low = 8;     // a drain stops at this many
  uint32_t t_cas = 10;        // CL: read command to first data
  uint32_t t_wl = 5;          // CWL: write command to first data
  uint32_t t_rcd = 13;        // activate to column command
  uint32_t t_rp = 14;         // precharge to activate
  uint32_t t_ras = 25;        // activate to precharge
  uint32_t t_rc = 39;         // activate to activate, same bank
  uint32_t t_ccd_s = 1;       // column to column, other bank group (one burst)
  uint32_t t_ccd_l = 1;       // column to column, same bank group
  uint32_t t_rrd_s = 9;       // activate to activate, other bank group
  uint32_t t_rrd_l = 9;       // activate to activate, same bank group
  uint32_t t_faw = 0;         // window of four activates; 0: none
  uint32_t t_wr = 10;         // end of write data to precharge (write recovery)
  uint32_t t_wtr = 5;         // end of write data to read command
  uint32_t t_rtw = 2;         // read command to write command, beyond the data's own spacing
  uint32_t t_rtp = 2;         // read command to precharge
  uint32_t t_refi = 0;        // refresh interval; 0: no refresh
  uint32_t t_rfc = 0;         // all-bank refresh time
  uint32_t controller_latency = 20;  // queueing, interconnect and PHY, DRAM clocks, every read

  uint32_t burst_cycles() const { return burst_bytes / bytes_per_cycle; }
  double peak_bytes_per_second() const {
    return double(channels) * bytes_per_cycle * clock_mhz * 1e6;
  }

  static void describe(cfg::Schema<DramConfig>& s);
};

}  // namespace gfx::dram
