// The plugin entry gfxsim looks up when memory.dram.tlm_plugin names this library
// (memory/dram_target_plugin.h): makes a FixedDramTarget from
// memory.dram.tlm_plugin_options.
#include <cstdio>

#include "fixed_dram_target.h"

extern "C" sc_core::sc_module* gfxsim_make_dram_target(const char* name, const char* options,
                                                       char* error, size_t error_size) {
  fixed_dram::Options o;
  const std::string why = fixed_dram::parse_options(options ? options : "", o);
  if (!why.empty()) {
    std::snprintf(error, error_size, "%s", why.c_str());
    return nullptr;
  }
  return new fixed_dram::FixedDramTarget(name, o);
}
