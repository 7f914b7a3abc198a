#include "config/preset_dir.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

// Set by model/config/CMakeLists.txt; the defaults only keep a stray compile working.
#ifndef GFX_CONFIG_DIR
#define GFX_CONFIG_DIR "configs"
#endif
#ifndef GFX_CONFIG_DIR_FROM_BINDIR
#define GFX_CONFIG_DIR_FROM_BINDIR "../share/gfxsim/configs"
#endif
#ifndef GFX_CONFIG_DIR_FROM_PYTHON_PACKAGE
#define GFX_CONFIG_DIR_FROM_PYTHON_PACKAGE "../../../../share/gfxsim/configs"
#endif

namespace gfx::cfg {

namespace fs = std::filesystem;

namespace {

// The real path of `p` (symbolic links resolved), or "" when it cannot be had.
std::string real_path(const fs::path& p) {
  std::error_code ec;
  const fs::path r = fs::canonical(p, ec);
  return ec ? std::string() : r.string();
}

}  // namespace

std::string preset_dir(const std::string& binary, const std::string& installed_relative,
                       const std::string& build_time_dir) {
  if (const char* env = std::getenv(kConfigDirEnv); env && *env) return env;
  if (!binary.empty()) {
    const fs::path installed = fs::path(binary).parent_path() / installed_relative;
    std::error_code ec;
    // baseline.yaml, not just the folder: every other preset includes it, so a folder
    // without it is not a preset folder (a stray share/gfxsim/configs beside a build tree).
    if (fs::is_regular_file(installed / "baseline.yaml", ec))
      return installed.lexically_normal().string();
  }
  return build_time_dir;
}

std::string executable_preset_dir() {
  // /proc/self/exe is the kernel's link to the running file with links already resolved,
  // so a symlink to an installed gfxsim (/usr/local/bin/gfxsim -> /opt/...) still works.
  return preset_dir(real_path("/proc/self/exe"), GFX_CONFIG_DIR_FROM_BINDIR, GFX_CONFIG_DIR);
}

std::string module_preset_dir(const void* address_in_module) {
  Dl_info info{};
  std::string so;
  if (dladdr(address_in_module, &info) != 0 && info.dli_fname != nullptr)
    so = real_path(info.dli_fname);
  // The shared object sits in the installed package folder <pythondir>/gfxsim/.
  return preset_dir(so, GFX_CONFIG_DIR_FROM_PYTHON_PACKAGE, GFX_CONFIG_DIR);
}

}  // namespace gfx::cfg
