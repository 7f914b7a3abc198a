#include "fixed_dram_target.h"

#include <fstream>
#include <set>
#include <sstream>

namespace fixed_dram {

namespace {
bool parse_number(const std::string& text, uint64_t& out) {
  if (text.empty() || text.size() > 18) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  out = std::stoull(text);
  return true;
}
}  // namespace

std::string parse_options(const std::string& text, Options& out) {
  std::istringstream words(text);
  std::string word;
  std::set<std::string> seen;
  while (words >> word) {
    const size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0)
      return "'" + word + "' is not key=value (keys: latency_ps, bytes_per_ns, report)";
    const std::string key = word.substr(0, eq), value = word.substr(eq + 1);
    if (!seen.insert(key).second) return "'" + key + "' is given twice";
    if (key == "latency_ps" || key == "bytes_per_ns") {
      uint64_t v = 0;
      if (!parse_number(value, v))
        return key + " must be a whole number below 10^18, not '" + value + "'";
      (key == "latency_ps" ? out.latency_ps : out.bytes_per_ns) = v;
    } else if (key == "report") {
      if (value.empty()) return "report needs a file path";
      out.report = value;
    } else {
      return "unknown option '" + key + "' (keys: latency_ps, bytes_per_ns, report)";
    }
  }
  return "";
}

FixedDramTarget::FixedDramTarget(sc_core::sc_module_name name, const Options& options)
    : sc_core::sc_module(name),
      socket("socket"),
      options_(options),
      latency_(double(options.latency_ps), sc_core::SC_PS) {
  socket.register_b_transport(this, &FixedDramTarget::b_transport);
}

FixedDramTarget::~FixedDramTarget() {
  if (options_.report.empty()) return;
  std::ofstream f(options_.report);
  f << "{\"reads\": " << reads_ << ", \"writes\": " << writes_
    << ", \"bytes_read\": " << bytes_read_ << ", \"bytes_written\": " << bytes_written_ << "}\n";
}

void FixedDramTarget::b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay) {
  // The base protocol's checks a memory makes: a plain read or write of contiguous bytes.
  if (p.get_byte_enable_ptr() || p.get_streaming_width() < p.get_data_length()) {
    p.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    return;
  }
  const uint64_t length = p.get_data_length();
  if (p.is_read()) {
    ++reads_;
    bytes_read_ += length;
  } else if (p.is_write()) {
    ++writes_;
    bytes_written_ += length;
  } else {
    p.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
    return;
  }
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  const sc_core::sc_time arrival = now + delay;
  sc_core::sc_time data_end = arrival;  // no bus: nothing to wait for
  if (options_.bytes_per_ns) {
    const sc_core::sc_time start = bus_free_ > arrival ? bus_free_ : arrival;
    const uint64_t transfer_ps =
        (length * 1000 + options_.bytes_per_ns - 1) / options_.bytes_per_ns;
    bus_free_ = data_end = start + sc_core::sc_time(double(transfer_ps), sc_core::SC_PS);
  }
  delay = data_end + latency_ - now;
  p.set_response_status(tlm::TLM_OK_RESPONSE);
}

}  // namespace fixed_dram
