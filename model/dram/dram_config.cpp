#include "dram/dram_config.h"

namespace gfx::dram {

namespace {

bool pow2(uint32_t v) { return v && !(v & (v - 1)); }

std::string check(const DramConfig& c) {
  if (!pow2(c.interleave_bytes)) return "interleave_bytes must be a power of two";
  if (!pow2(c.row_bytes)) return "row_bytes must be a power of two";
  if (!pow2(c.burst_bytes)) return "burst_bytes must be a power of two";
  if (c.banks % c.bank_groups)
    return "banks (" + std::to_string(c.banks) + ") must be a multiple of bank_groups (" +
           std::to_string(c.bank_groups) + ")";
  if (c.burst_bytes % c.bytes_per_cycle)
    return "burst_bytes must be a multiple of bytes_per_cycle";
  if (c.burst_bytes > c.interleave_bytes) return "burst_bytes must not exceed interleave_bytes";
  if (c.burst_bytes > c.row_bytes) return "burst_bytes must not exceed row_bytes";
  if (c.address_map != "row_bank_column" && c.row_bytes < c.interleave_bytes)
    return "address_map " + c.address_map + " needs row_bytes >= interleave_bytes";
  if (c.bank_xor && !pow2(c.banks)) return "bank_xor needs a power-of-two number of banks";
  if (c.write_low >= c.write_high) return "write_low must be below write_high";
  if (c.write_high > c.write_queue) return "write_high must not exceed write_queue";
  if (c.t_refi && c.t_rfc >= c.t_refi) return "t_rfc must be shorter than t_refi";
  if (!c.tlm_plugin.empty() && c.model != "tlm")
    return "tlm_plugin makes a TLM-2.0 target, which only model: tlm uses (model is " + c.model +
           ")";
  if (!c.tlm_plugin_options.empty() && c.tlm_plugin.empty())
    return "tlm_plugin_options are for the plugin, but tlm_plugin is not set";
  return "";
}

}  // namespace

void DramConfig::describe(cfg::Schema<DramConfig>& s) {
  using C = DramConfig;
  s.field("model", &C::model, "",
          "Who serves DRAM requests: builtin (the controller these keys describe) or tlm (a "
          "TLM-2.0 target behind the memory system's initiator socket, loosely timed: "
          "b_transport with an annotated delay; from tlm_plugin, or bound by your own sc_main)")
      .choices({"builtin", "tlm"});
  s.field("tlm_plugin", &C::tlm_plugin, "",
          "Path of a shared library whose extern \"C\" gfxsim_make_dram_target makes the TLM-2.0 "
          "target (model: tlm; empty: the caller binds the socket)");
  s.field("tlm_plugin_options", &C::tlm_plugin_options, "",
          "Text handed as it is to the plugin's factory (its own settings)");
  s.field("clock_mhz", &C::clock_mhz, "MHz", "DRAM command clock CK (tCK = 1000 / clock_mhz ns)")
      .range(1.0, 100000.0);
  s.field("channels", &C::channels, "", "Independent channels").range(1, 256);
  s.field("bank_groups", &C::bank_groups, "", "Bank groups per channel (1: none)").range(1, 64);
  s.field("banks", &C::banks, "", "Banks per channel, over all its bank groups").range(1, 256);
  s.field("row_bytes", &C::row_bytes, "bytes", "Row (page) size of a bank").range(64, 1 << 20);
  s.field("bytes_per_cycle", &C::bytes_per_cycle, "bytes/cycle",
          "Data bus bytes per channel per DRAM clock (pins x bits per pin per CK / 8)")
      .range(1, 4096);
  s.field("burst_bytes", &C::burst_bytes, "bytes",
          "Bytes one column command moves: burst length x channel width / 8")
      .range(1, 4096);
  s.field("interleave_bytes", &C::interleave_bytes, "bytes",
          "Consecutive bytes mapped to one channel")
      .range(32, 1 << 20);
  s.field("address_map", &C::address_map, "",
          "Fields above channel, high to low: row_bank_column (a chunk's neighbours on a "
          "channel share its row), row_column_bank (they go to the next bank) or "
          "row_bank_column_group (they alternate bank groups; one bank per group streams "
          "its row, then the next)")
      .choices({"row_bank_column", "row_column_bank", "row_bank_column_group"});
  s.field("bank_xor", &C::bank_xor, "", "XOR the bank index with the row's low bits");
  s.field("page_policy", &C::page_policy, "",
          "open: a row stays open until another row of its bank is needed; close: every "
          "access precharges its bank (auto-precharge)")
      .choices({"open", "close"});
  s.field("scheduler", &C::scheduler, "", "Request scheduling policy")
      .choices(scheduler_names());
  s.field("write_queue", &C::write_queue, "entries", "Write queue entries per channel")
      .range(1, 4096);
  s.field("write_high", &C::write_high, "entries", "Queued writes that start a write drain")
      .range(1, 4096);
  s.field("write_low", &C::write_low, "entries",
          "Queued writes at which a drain stops (0: it empties the queue)")
      .range(0, 4096);
  const char* cyc = "DRAM cycles";
  s.field("t_cas", &C::t_cas, cyc, "CL: read command to first data").range(0, 1000);
  s.field("t_wl", &C::t_wl, cyc, "CWL (WL): write command to first data").range(0, 1000);
  s.field("t_rcd", &C::t_rcd, cyc, "tRCD: activate to column command").range(0, 1000);
  s.field("t_rp", &C::t_rp, cyc, "tRP: precharge to activate").range(0, 1000);
  s.field("t_ras", &C::t_ras, cyc, "tRAS: activate to precharge").range(0, 1000);
  s.field("t_rc", &C::t_rc, cyc, "tRC: activate to activate, same bank").range(0, 2000);
  s.field("t_ccd_s", &C::t_ccd_s, cyc, "tCCD_S: column to column, other bank group")
      .range(1, 100);
  s.field("t_ccd_l", &C::t_ccd_l, cyc, "tCCD_L: column to column, same bank group")
      .range(1, 100);
  s.field("t_rrd_s", &C::t_rrd_s, cyc, "tRRD_S: activate to activate, other bank group")
      .range(0, 1000);
  s.field("t_rrd_l", &C::t_rrd_l, cyc, "tRRD_L: activate to activate, same bank group")
      .range(0, 1000);
  s.field("t_faw", &C::t_faw, cyc, "tFAW: window holding at most four activates (0: none)")
      .range(0, 1000);
  s.field("t_wr", &C::t_wr, cyc, "tWR: end of write data to precharge").range(0, 1000);
  s.field("t_wtr", &C::t_wtr, cyc, "tWTR: end of write data to read command").range(0, 1000);
  s.field("t_rtw", &C::t_rtw, cyc,
          "tRTW: read to write turnaround, added to CL + burst - CWL between the commands")
      .range(0, 1000);
  s.field("t_rtp", &C::t_rtp, cyc, "tRTP: read command to precharge").range(0, 1000);
  s.field("t_refi", &C::t_refi, cyc, "tREFI: all-bank refresh interval (0: no refresh)")
      .range(0, 1000000);
  s.field("t_rfc", &C::t_rfc, cyc, "tRFC: all-bank refresh time").range(0, 100000);
  s.field("controller_latency", &C::controller_latency, cyc,
          "Fixed latency of the controller, interconnect and PHY on every read")
      .range(0, 100000);
  s.check(check);
}

}  // namespace gfx::dram
