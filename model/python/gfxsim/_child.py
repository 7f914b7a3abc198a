"""The child process of gfxsim.run(): one simulation, then exit.

    python3 -m gfxsim._child REQUEST.json RESULT.json [PARENT_PID]

REQUEST holds run_once()'s arguments; RESULT gets {"ok": true, "summary": {...}} or
{"ok": false, "error": "..."}. A file rather than stdout, since the simulator may print.
With PARENT_PID (runner.run passes its own pid), the child dies with its parent.
"""
import ctypes
import json
import os
import signal
import sys

PR_SET_PDEATHSIG = 1  # <sys/prctl.h>


def die_with_parent(parent):
    """Makes the kernel SIGKILL this process when its parent goes, so that a sweep killed
    outright (SIGKILL, OOM killer) leaves no simulation running on and writing into its
    point folders.

    Why this is sound although runner.run starts the child from a worker thread: the
    parent-death signal is sent when the *thread* that forked the child exits, not the
    process. runner.run forks and then blocks in that same thread waiting for the child, so
    that thread outlives the child in every case but one: the death of the whole parent
    process, which is the case wanted. (A pool thread that ends after its child has ended
    sends nothing.)

    The parent may die before this runs (between fork and here); the signal is not sent
    then, but this process has been reparented (to init or a subreaper), so its parent pid
    is no longer the one passed in and it exits at once instead. After prctl() the signal
    covers every later death, so the check closes the race."""
    if sys.platform.startswith("linux"):  # elsewhere only the orphan check below is done
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) != 0:
            err = ctypes.get_errno()
            sys.stderr.write("gfxsim._child: prctl(PR_SET_PDEATHSIG): %s\n" % os.strerror(err))
            os._exit(1)
    if os.getppid() != parent:
        os._exit(1)  # orphaned already; nobody waits for a result


def main(argv):
    if len(argv) > 3:
        die_with_parent(int(argv[3]))
    os.environ.setdefault("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1")
    from gfxsim import _core
    request_path, result_path = argv[1], argv[2]
    with open(request_path) as f:
        r = json.load(f)
    try:
        summary = _core.run_once(r["trace"], r["config"], r["overrides"], r["config_dirs"],
                                 r["out"], r["mode"], r.get("force", False))
        result = {"ok": True, "summary": summary}
    except (_core.Error, ValueError) as e:
        result = {"ok": False, "error": str(e)}
    except Exception as e:  # an internal failure: still reported, as the CLI does
        result = {"ok": False, "error": "internal error: %s" % e}
    tmp = result_path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(result, f)
    os.replace(tmp, result_path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
