// The memory system module: every unit cache misses through the crossbar into the L2
// slice owning the line (memory/l2.h), which misses into the DRAM controller. Owns them, reports bytes per client, achieved bandwidth and the
// share of the configured peak. Also hands out GPU addresses for resources and surfaces,
// and places the constant heap, where the driver puts the versions of D3D10 constant
// buffers.
#pragma once

#include <memory>
#include <systemc>
#include <unordered_map>

#include "memory/client_traffic.h"
#include "memory/dram.h"
#include "memory/l2.h"
#include "memory/memory_config.h"
#include "memory/tlm_dram.h"

namespace gfx::memory {

class MemorySystem : public sc_core::sc_module {
 public:
  MemorySystem(sc_core::sc_module_name name, const MemoryConfig& cfg, double core_clock_mhz);

  // The port unit caches use as their next level: the L2, through the per-client count.
  // Its try_read may refuse a fill (back pressure); read and write never refuse.
  sim::MemoryPort& port() { return *l2_traffic_; }
  Dram& dram() { return *dram_; }
  // The TLM-2.0 attachment point at the DRAM boundary (memory.dram.model: tlm; null with
  // the built-in controller). Its `socket` takes any target before the run; with
  // memory.dram.tlm_plugin set, the plugin's target is already bound to it.
  TlmDram* tlm_dram() { return tlm_.get(); }
  L2& l2() { return *l2_; }
  // Puts `filter` between the L2 and the DRAM (null: none), e.g. the ROP's compression
  // unit, which sees the L2's fills and write-backs and passes them on to dram().
  void set_dram_filter(sim::MemoryPort* filter) { dram_gate_.to = filter ? filter : dram_.get(); }
  const ClientTraffic& l2_traffic() const { return *l2_traffic_; }

  // GPU address of a resource (keyed by its object), allocated on first use. Addresses are
  // never reused, so a released and re-created resource never aliases stale cache lines.
  Addr address_of(const void* object, uint64_t bytes);
  Cycle flush(Cycle now) { return l2_->flush(now); }

  // The constant heap: the driver places every version of a D3D10 constant buffer at a
  // fresh offset in it (func::ConstantBufferRange::offset, never reused in a run), so the
  // version a draw reads has its own lines. It starts at a fixed address far above every
  // resource address_of hands out (which refuses to reach it), and the heap only grows.
  static constexpr Addr kConstantHeapBase = Addr(1) << 40;
  static Addr constant_heap_address(uint64_t offset) { return kConstantHeapBase + offset; }

  void register_stats(stats::Group& g, const Cycle* run_cycles);

 private:
  MemoryConfig cfg_;
  double core_mhz_;
  std::unique_ptr<TlmDram> tlm_;  // memory.dram.model: tlm
  std::unique_ptr<Dram> dram_;
  std::unique_ptr<sc_core::sc_module> plugin_target_;  // memory.dram.tlm_plugin's target
  // The L2's next level: the DRAM, or the filter in front of it.
  struct Gate : sim::MemoryPort {
    explicit Gate(sim::MemoryPort* next) : to(next) {}
    sim::MemoryPort* to;
    Cycle read(Cycle now, Addr a, uint32_t b, sim::Client c) override {
      return to->read(now, a, b, c);
    }
    Cycle write(Cycle now, Addr a, uint32_t b, sim::Client c) override {
      return to->write(now, a, b, c);
    }
  } dram_gate_;
  std::unique_ptr<L2> l2_;
  std::unique_ptr<ClientTraffic> l2_traffic_;
  struct Range {
    Addr addr;
    uint64_t bytes;
  };
  std::unordered_map<const void*, Range> addresses_;
  Addr next_addr_ = 0x100000;
};

}  // namespace gfx::memory
