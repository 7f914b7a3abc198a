// The gfxsim extension module (gfxsim._core): the C++ half of the Python package. It
// converts traces and commands, resolves configs and runs one simulation per process;
// everything a user sees (Trace, run, sweeps) is in the pure-Python package around it.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "common/error.h"
#include "common/version.h"
#include "python/command_dict.h"
#include "python/sim_run.h"
#include "python/trace_io.h"

namespace py = pybind11;

PYBIND11_MODULE(_core, m) {
  using namespace gfx::python;
  m.doc() = "gfxsim C++ core: trace conversion, config resolution, one simulation per process";
  // Bad input of every kind (traces, configs, overrides, commands) is a ValueError.
  py::register_exception<gfx::Error>(m, "Error", PyExc_ValueError);

  m.def("version", [] { return gfx::version(); });
  m.def("git_revision", [] { return gfx::git_revision(); });
  m.def("default_config_dir", &default_config_dir);
  m.def("command_names", &command_names, "Every command name of the trace format.");
  m.def("command_defaults", &command_defaults, py::arg("name"),
        "The default fields of a command (required ones included, with zero values).");
  m.def("normalize_command", &normalize_command, py::arg("name"), py::arg("fields"),
        py::arg("where"));
  m.def("read_trace", &read_trace, py::arg("path"));
  m.def("write_trace", &write_trace, py::arg("path"), py::arg("header"), py::arg("commands"));
  m.def("resolved_config_yaml", &resolved_config_yaml, py::arg("config"), py::arg("overrides"),
        py::arg("config_dirs"));
  m.def("config_keys", &config_keys,
        "Every leaf config key by dotted path, with its unit and description.");
  m.def("run_once", &run_once, py::arg("trace"), py::arg("config"), py::arg("overrides"),
        py::arg("config_dirs"), py::arg("out"), py::arg("mode"), py::arg("force") = false);
}
