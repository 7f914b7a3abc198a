// Conversion between trace commands and Python dicts for the gfxsim module. Both
// directions walk the one field description of every command (trace/schema.h), so a
// command or field added to the trace format reaches Python with no change here or in
// the Python package. Not modelled: whole-stream checks (resource ids that refer to live
// resources), which stay with `gfxsim-trace validate` and the simulator.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "trace/commands.h"

namespace gfx::python {

namespace py = pybind11;

// Every command name of the trace format, in table order.
py::list command_names();

// A default-constructed command's fields; throws gfx::Error for an unknown name.
py::dict command_defaults(const std::string& name);

// The fields of `cmd` as a dict: enums as names, blobs as bytes, render states as
// {state_name: value}, nested records as lists of dicts. Every field is present.
py::dict command_to_dict(const trace::Command& cmd);

// A command from its name and a dict of fields (missing fields take their defaults;
// required ones must be there). Accepts bytes-like objects and numpy arrays for blobs,
// str for asm text, sequences or arrays for float lists. Throws gfx::Error naming
// `where`, the field and the problem, for unknown names, unknown fields and bad values.
trace::Command command_from_dict(const std::string& name, const py::dict& fields,
                                 const std::string& where);

}  // namespace gfx::python
