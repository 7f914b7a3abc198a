// Where a gfxsim binary finds its presets (configs/*.yaml), whether it runs from the build
// tree or from an install prefix (`cmake --install`), so that an installed gfxsim never
// needs the source tree.
//
// The rule, first match wins:
//   1. $GFXSIM_CONFIG_DIR, when set and not empty (used as given, even if it holds nothing:
//      a wrong setting then shows in the "no such preset" error, which names the folder);
//   2. the installed presets: the folder of the binary's real path joined with the relative
//      path from its install folder to <datadir>/gfxsim/configs (../share/gfxsim/configs
//      for bin/), when that folder holds baseline.yaml;
//   3. the source tree's configs/ this binary was built from.
// The relative paths come from GNUInstallDirs at configure time (model/config/CMakeLists.txt),
// so they hold for whatever prefix `cmake --install --prefix` is given.
#pragma once

#include <string>

namespace gfx::cfg {

// The environment variable that overrides every other rule.
constexpr const char* kConfigDirEnv = "GFXSIM_CONFIG_DIR";

// The rule above for a binary at `binary` (a file path; "" when unknown skips step 2),
// whose install folder reaches the presets by `installed_relative`, built from a tree whose
// presets are in `build_time_dir`. Reads the environment and the file system.
std::string preset_dir(const std::string& binary, const std::string& installed_relative,
                       const std::string& build_time_dir);

// The presets of the running executable (gfxsim, gfxsim-trace): the rule with the real path
// of /proc/self/exe and the bin/ -> presets relative path.
std::string executable_preset_dir();

// The presets of the Python module: the rule with the real path of the shared object that
// holds `address_in_module` (dladdr) and the <pythondir>/gfxsim -> presets relative path.
std::string module_preset_dir(const void* address_in_module);

}  // namespace gfx::cfg
