"""gfxsim: run the gfxsim GPU simulator from Python, build and read traces, resolve configs.

    import gfxsim
    t = gfxsim.Trace("tri", 64, 64)
    t.create_vertex_buffer(id=1, bytes=numpy_array)
    ...
    t.save("tri.gfxt")
    stats = gfxsim.run("tri.gfxt", config="small", overrides={"rop.quads_per_cycle": 2})
    stats["run"]["cycles"]

Each simulation runs in a child process of its own (SystemC elaborates once per process);
run() waits for it and returns the stats.json it wrote. See docs/python.md.
"""
from . import _core
from ._core import Error, command_names, command_defaults, config_keys
from .trace import Trace, read_trace
from .runner import run, load_config, read_stats, read_draws, config_path

__version__ = _core.version()

__all__ = ["Error", "Trace", "read_trace", "run", "load_config", "read_stats", "read_draws",
           "config_path", "command_names", "command_defaults", "config_keys", "__version__"]
