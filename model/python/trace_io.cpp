#include "python/trace_io.h"

#include "common/error.h"
#include "python/command_dict.h"
#include "trace/check.h"
#include "trace/reader.h"
#include "trace/writer.h"

namespace gfx::python {

namespace {

trace::Header header_from(const py::dict& h, const std::string& path) {
  trace::Header out;
  try {
    if (h.contains("name")) out.name = h["name"].cast<std::string>();
    if (h.contains("width")) out.width = h["width"].cast<uint32_t>();
    if (h.contains("height")) out.height = h["height"].cast<uint32_t>();
    if (h.contains("depth_format")) {
      const auto name = h["depth_format"].cast<std::string>();
      const auto f = api::from_name<api::Format>(name);
      if (!f) throw Error(path + ": header: depth_format '" + name + "' is not a format name");
      out.depth_format = *f;  // check_header limits it to the depth formats
    }
    if (h.contains("sample_count")) out.sample_count = h["sample_count"].cast<uint32_t>();
  } catch (const py::cast_error&) {
    throw Error(path +
                ": header: name and depth_format must be str, width, height and sample_count "
                "unsigned integers");
  }
  return out;
}

}  // namespace

py::tuple read_trace(const std::string& path) {
  auto reader = trace::Reader::open(path);
  const trace::Header& h = reader->header();
  py::dict header;
  header["name"] = h.name;
  header["width"] = h.width;
  header["height"] = h.height;
  // Only when set, as the trace forms write it (an optional tail).
  if (h.depth_format != api::Format::D24S8)
    header["depth_format"] = std::string(api::to_name(h.depth_format));
  if (h.sample_count != 0) header["sample_count"] = h.sample_count;
  py::list commands;
  trace::Command cmd;
  while (reader->next(cmd))
    commands.append(py::make_tuple(trace::name_of(cmd), command_to_dict(cmd)));
  return py::make_tuple(header, commands);
}

void write_trace(const std::string& path, const py::dict& header, const py::list& commands) {
  const trace::Header h = header_from(header, path);
  // Convert everything first, so a bad command leaves no file behind at all.
  std::vector<trace::Command> converted;
  converted.reserve(commands.size());
  std::size_t index = 0;
  for (py::handle item : commands) {
    const std::string where = path + ": command " + std::to_string(index++);
    py::tuple pair;
    try {
      pair = item.cast<py::tuple>();
      if (pair.size() != 2) throw py::cast_error();
      converted.push_back(
          command_from_dict(pair[0].cast<std::string>(), pair[1].cast<py::dict>(), where));
    } catch (const py::cast_error&) {
      throw Error(where + ": expected a (name, dict) pair");
    }
  }
  auto writer = trace::Writer::create(path, h, trace::form_for_path(path));
  for (const trace::Command& c : converted) writer->write(c);
  writer->finish();
}

py::dict normalize_command(const std::string& name, const py::dict& fields,
                           const std::string& where) {
  return command_to_dict(command_from_dict(name, fields, where));
}

}  // namespace gfx::python
