#include "memory/memory_system.h"

#include <algorithm>
#include <string>

#include "common/error.h"
#include "memory/dram_target_plugin.h"

namespace gfx::memory {

MemorySystem::MemorySystem(sc_core::sc_module_name name, const MemoryConfig& cfg,
                           double core_clock_mhz)
    : sc_core::sc_module(name),
      cfg_(cfg),
      core_mhz_(core_clock_mhz),
      tlm_(cfg.dram.model == "tlm" ? std::make_unique<TlmDram>("dram_tlm", core_clock_mhz)
                                   : nullptr),
      dram_(tlm_ ? std::make_unique<Dram>(cfg.dram, core_clock_mhz, *tlm_)
                 : std::make_unique<Dram>(cfg.dram, core_clock_mhz)),
      plugin_target_(cfg.dram.tlm_plugin.empty() || !tlm_ ? nullptr
                                                           : load_dram_target(cfg.dram, *tlm_)),
      dram_gate_(dram_.get()),
      l2_(std::make_unique<L2>(cfg, dram_gate_)),
      l2_traffic_(std::make_unique<ClientTraffic>(*l2_)) {}

Addr MemorySystem::address_of(const void* object, uint64_t bytes) {
  auto it = addresses_.find(object);
  // A released resource's object address can be reused by a new one: the new one may take
  // over the old GPU range if it fits, since the data that lived there is gone.
  if (it != addresses_.end() && bytes <= it->second.bytes) return it->second.addr;
  // Align every allocation so resources start on a fresh row and channel 0: a granule of
  // one row (or one interleave chunk, if larger) on every channel. Both are powers of two,
  // so the larger is a multiple of the smaller.
  const uint64_t align =
      uint64_t(std::max(cfg_.dram.row_bytes, cfg_.dram.interleave_bytes)) * cfg_.dram.channels;
  const Addr a = (next_addr_ + align - 1) / align * align;
  next_addr_ = a + (bytes + align - 1) / align * align + align;
  if (next_addr_ > kConstantHeapBase)  // a terabyte of resources: no trace's limits allow it
    throw Error("internal error: GPU resources reach the constant heap at " +
                std::to_string(kConstantHeapBase));
  addresses_[object] = {a, bytes};
  return a;
}

void MemorySystem::register_stats(stats::Group& g, const Cycle* run_cycles) {
  l2_->register_stats(g.child("l2", "L2: slices behind a crossbar"));
  dram_->register_stats(g.child("dram", "DRAM controller"), run_cycles);
  l2_traffic_->register_stats(g.child("l2_clients", "bytes each client asked of the L2"));
}

}  // namespace gfx::memory
