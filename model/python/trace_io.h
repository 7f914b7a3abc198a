// Reading and writing whole traces for the gfxsim module: a trace travels to Python as a
// header dict and a list of (command name, fields dict) pairs. Binary or YAML is chosen
// by the file name, as everywhere in gfxsim (.yaml/.yml -> YAML, else binary).
#pragma once

#include <pybind11/pybind11.h>

#include <string>

namespace gfx::python {

namespace py = pybind11;

// -> (header dict {name, width, height}, [(name, fields), ...]). Throws gfx::Error.
py::tuple read_trace(const std::string& path);

// Writes atomically (the file appears complete or not at all). Throws gfx::Error naming
// the command index, name and field of a bad command.
void write_trace(const std::string& path, const py::dict& header, const py::list& commands);

// A command's fields after the round trip dict -> command -> dict: every field present,
// enums as names, blobs as bytes. Throws gfx::Error naming `where`.
py::dict normalize_command(const std::string& name, const py::dict& fields,
                           const std::string& where);

}  // namespace gfx::python
