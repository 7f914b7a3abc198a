#include "memory/dram_target_plugin.h"

#include <dlfcn.h>

#include <filesystem>
#include <string>
#include <vector>

#include "common/error.h"

namespace gfx::memory {

tlm::tlm_base_target_socket_b<32>& target_socket_of(sc_core::sc_module& m,
                                                    const std::string& what) {
  std::vector<tlm::tlm_base_target_socket_b<32>*> found;
  for (sc_core::sc_object* o : m.get_child_objects())
    if (auto* s = dynamic_cast<tlm::tlm_base_target_socket_b<32>*>(o)) found.push_back(s);
  if (found.size() != 1)
    throw Error(what + ": the module '" + m.name() + "' has " + std::to_string(found.size()) +
                " TLM-2.0 target sockets of bus width 32 with the base protocol's "
                "interfaces; gfxsim binds exactly one");
  return *found.front();
}

std::unique_ptr<sc_core::sc_module> load_dram_target(const DramConfig& cfg, TlmDram& port) {
  const std::string key = "memory.dram.tlm_plugin";
  const std::string& path = cfg.tlm_plugin;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw Error(key + ": no file '" + path + "'");
  // A name without a slash would be searched for on the library path: it is a path here.
  const std::string open = path.find('/') == std::string::npos ? "./" + path : path;
  // Never closed: the target's code runs until the process ends.
  void* lib = dlopen(open.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib) throw Error(key + ": cannot load '" + path + "': " + dlerror());
  auto make = reinterpret_cast<MakeDramTarget>(dlsym(lib, kMakeDramTargetSymbol));
  if (!make)
    throw Error(key + ": '" + path + "' has no function " + kMakeDramTargetSymbol +
                " (extern \"C\" sc_core::sc_module* " + kMakeDramTargetSymbol +
                "(const char* name, const char* options, char* error, size_t error_size))");
  char error[512] = "";
  std::unique_ptr<sc_core::sc_module> target(
      make("dram_target", cfg.tlm_plugin_options.c_str(), error, sizeof error));
  error[sizeof error - 1] = 0;
  if (!target)
    throw Error("memory.dram.tlm_plugin_options: " + std::string(kMakeDramTargetSymbol) + " of '" +
                path + "' made no target: " + (*error ? error : "(no reason given)"));
  port.socket.bind(target_socket_of(*target, key + " ('" + path + "')"));
  return target;
}

}  // namespace gfx::memory
