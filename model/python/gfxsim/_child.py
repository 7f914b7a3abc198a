"""The child process of gfxsim.run(): one simulation, then exit.

    python3 -m gfxsim._child REQUEST.json RESULT.json

REQUEST holds run_once()'s arguments; RESULT gets {"ok": true, "summary": {...}} or
{"ok": false, "error": "..."}. A file rather than stdout, since the simulator may print.
"""
import json
import os
import sys


def main(argv):
    os.environ.setdefault("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1")
    from gfxsim import _core
    request_path, result_path = argv[1], argv[2]
    with open(request_path) as f:
        r = json.load(f)
    try:
        summary = _core.run_once(r["trace"], r["config"], r["overrides"], r["config_dirs"],
                                 r["out"], r["mode"])
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
