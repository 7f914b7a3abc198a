"""The Python trace builder: a Trace holds a header and a list of (command name, fields).

Commands and their fields come from the C++ trace schema (gfxsim._core), so every command
of the trace format is available, including ones added after this file was written:
t.add("draw_primitive", topology="triangle_list", primitive_count=1) or the same as
t.draw_primitive(...). Each command is checked and completed with its defaults when it is
added, so t.commands always holds every field, exactly as read_trace() returns them.
"""
import os

from . import _core

_COMMANDS = frozenset(_core.command_names())


class Trace:
    """A trace being built or read: header (name, width, height, depth_format: the depth
    surface, "d24s8", "d24x8" or "d16", sample_count: the back buffer's MSAA samples, 0 or 1
    for none, 2, 4, 8 or 16) and commands."""

    def __init__(self, name="", width=640, height=480, commands=(), depth_format="d24s8",
                 sample_count=0):
        self.name = name
        self.width = int(width)
        self.height = int(height)
        self.depth_format = depth_format
        self.sample_count = int(sample_count)
        self.commands = []
        for cmd_name, fields in commands:
            self.add(cmd_name, fields)

    def add(self, name, fields=None, **kwargs):
        """Appends one command; fields as a dict and/or keyword arguments.

        Returns the command's complete fields (a dict). Raises gfxsim.Error naming the
        command index, name and field for an unknown command or field or a bad value."""
        merged = dict(fields or {})
        merged.update(kwargs)
        where = "trace '%s': command %d" % (self.name, len(self.commands))
        full = _core.normalize_command(name, merged, where)
        self.commands.append((name, full))
        return full

    def __getattr__(self, name):
        # Attribute sugar: t.draw_primitive(...) is t.add("draw_primitive", ...).
        if name in _COMMANDS:
            return lambda fields=None, **kwargs: self.add(name, fields, **kwargs)
        raise AttributeError("%s has no attribute or trace command '%s'" % (type(self).__name__, name))

    def next_id(self):
        """A resource id not used by any create_* command so far."""
        used = [f["id"] for n, f in self.commands if n.startswith("create_")]
        return max(used, default=0) + 1

    @property
    def header(self):
        h = {"name": self.name, "width": self.width, "height": self.height}
        if self.depth_format != "d24s8":  # an optional tail of the trace header
            h["depth_format"] = self.depth_format
        if self.sample_count != 0:  # the second optional tail
            h["sample_count"] = self.sample_count
        return h

    def save(self, path):
        """Writes the trace: YAML for .yaml/.yml, the binary form otherwise (.gfxt)."""
        path = os.fspath(path)
        _core.write_trace(path, self.header, [(n, f) for n, f in self.commands])
        return path

    def __eq__(self, other):
        return (isinstance(other, Trace) and self.header == other.header
                and self.commands == other.commands)

    def __repr__(self):
        return "Trace(%r, %d, %d, %d commands)" % (self.name, self.width, self.height, len(self.commands))


def read_trace(path):
    """Reads a trace in either form into a Trace (commands as (name, fields) pairs)."""
    header, commands = _core.read_trace(os.fspath(path))
    t = Trace(header["name"], header["width"], header["height"],
              depth_format=header.get("depth_format", "d24s8"),
              sample_count=header.get("sample_count", 0))
    t.commands = [(n, f) for n, f in commands]
    return t
