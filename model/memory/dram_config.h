// Configuration of the DRAM controller and devices.
#pragma once

#include <cstdint>
#include <string>

#include "config/schema.h"

namespace gfx::memory {

struct DramConfig {
  double clock_mhz = 1000.0;  // command clock of the DRAM interface
  uint32_t channels = 8;
  uint32_t banks = 8;                // per channel
  uint32_t row_bytes = 2048;         // row (page) size per bank
  uint32_t bytes_per_cycle = 32;     // data bus width per channel per DRAM clock
  uint32_t interleave_bytes = 256;   // consecutive bytes mapped to one channel
  uint32_t t_cas = 10;               // read column access (CL), DRAM clocks
  uint32_t t_wl = 5;                 // write latency, DRAM clocks
  uint32_t t_rcd = 13;               // activate to column command
  uint32_t t_rp = 14;                // precharge
  uint32_t controller_latency = 20;  // queueing, interconnect and PHY, DRAM clocks, every read

  double peak_bytes_per_second() const {
    return double(channels) * bytes_per_cycle * clock_mhz * 1e6;
  }

  static void describe(cfg::Schema<DramConfig>& s) {
    s.field("clock_mhz", &DramConfig::clock_mhz, "MHz", "DRAM interface clock")
        .range(1.0, 100000.0);
    s.field("channels", &DramConfig::channels, "", "Independent channels").range(1, 256);
    s.field("banks", &DramConfig::banks, "", "Banks per channel").range(1, 256);
    s.field("row_bytes", &DramConfig::row_bytes, "bytes", "Row (page) size of a bank")
        .range(64, 1 << 20);
    s.field("bytes_per_cycle", &DramConfig::bytes_per_cycle, "bytes/cycle",
            "Data bus bytes per channel per DRAM clock")
        .range(1, 4096);
    s.field("interleave_bytes", &DramConfig::interleave_bytes, "bytes",
            "Consecutive bytes mapped to one channel")
        .range(32, 1 << 20);
    s.field("t_cas", &DramConfig::t_cas, "DRAM cycles", "Read column latency (CL)").range(0, 1000);
    s.field("t_wl", &DramConfig::t_wl, "DRAM cycles", "Write latency (WL)").range(0, 1000);
    s.field("t_rcd", &DramConfig::t_rcd, "DRAM cycles", "Activate to column command (tRCD)")
        .range(0, 1000);
    s.field("t_rp", &DramConfig::t_rp, "DRAM cycles", "Precharge (tRP)").range(0, 1000);
    s.field("controller_latency", &DramConfig::controller_latency, "DRAM cycles",
            "Fixed latency of the controller, interconnect and PHY on every read")
        .range(0, 100000);
    s.check([](const DramConfig& c) -> std::string {
      auto pow2 = [](uint32_t v) { return v && !(v & (v - 1)); };
      if (!pow2(c.interleave_bytes)) return "interleave_bytes must be a power of two";
      if (!pow2(c.row_bytes)) return "row_bytes must be a power of two";
      return "";
    });
  }
};

}  // namespace gfx::memory
