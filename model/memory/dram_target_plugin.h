// A DRAM target loaded by path (memory.dram.tlm_plugin): a shared library built against
// the same SystemC (Debian's libsystemc-dev) that defines
//
//   extern "C" sc_core::sc_module* gfxsim_make_dram_target(const char* name,
//                                                         const char* options,
//                                                         char* error, size_t error_size);
//
// It makes, with the given sc_module name, a module with exactly one TLM-2.0 target
// socket of bus width 32 and the base protocol's interfaces (tlm::tlm_target_socket<32>
// or tlm_utils::simple_target_socket<T, 32>) and returns it; `options` is
// memory.dram.tlm_plugin_options as written. On bad options it returns null and writes
// the reason into `error` (at most error_size bytes, zero-terminated). gfxsim binds the
// socket to its DRAM initiator socket, owns the module (deleting it after the run) and
// never unloads the library. The example: tests/tlm/fixed_dram_target.*.
#pragma once

#include <cstddef>
#include <memory>
#include <systemc>

#include "memory/dram_config.h"
#include "memory/tlm_dram.h"

namespace gfx::memory {

constexpr const char* kMakeDramTargetSymbol = "gfxsim_make_dram_target";
using MakeDramTarget = sc_core::sc_module* (*)(const char* name, const char* options, char* error,
                                               size_t error_size);

// Loads cfg.tlm_plugin, makes its target (named "dram_target" in the current module) and
// binds it to `port`'s socket. Errors name the config key and the file.
std::unique_ptr<sc_core::sc_module> load_dram_target(const DramConfig& cfg, TlmDram& port);

// The one target socket among `m`'s children (the plugin's contract); throws naming
// `what` when there is none or more than one.
tlm::tlm_base_target_socket_b<32>& target_socket_of(sc_core::sc_module& m, const std::string& what);

}  // namespace gfx::memory
