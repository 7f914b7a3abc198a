// Running a simulation and resolving configs from the gfxsim module. SystemC 2.3
// elaborates once per process, so run_once() refuses a second call; the Python package
// calls it only in a child process of its own (gfxsim/_child.py) and hides that.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

namespace gfx::python {

namespace py = pybind11;

// The folder of the bundled presets (the source tree's configs/), where preset names
// and includes are looked up.
std::string default_config_dir();

// The resolved configuration as YAML text (what a run writes as config.yaml).
std::string resolved_config_yaml(const std::string& config,
                                 const std::vector<std::string>& overrides,
                                 const std::vector<std::string>& config_dirs);

// Every leaf config key by dotted path: {"unit": ..., "description": ...} (what sweep
// plots label their axes with).
py::dict config_keys();

// One run, as `gfxsim run` does it: writes the results folder `out` and returns the
// summary {cycles, frames, draws, wall_seconds, peak_rss_kib}. Throws gfx::Error. `force`
// is --force: write into an existing folder that is not a results folder.
py::dict run_once(const std::string& trace, const std::string& config,
                  const std::vector<std::string>& overrides,
                  const std::vector<std::string>& config_dirs, const std::string& out,
                  const std::string& mode, bool force);

}  // namespace gfx::python
