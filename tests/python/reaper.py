"""Test helper (not a test): runs a command as a child subreaper, SIGKILLs it part way and
reports what became of the processes it left behind.

    python3 reaper.py POINTS_DIR POINT[,POINT...] TIMEOUT_S -- COMMAND...

Waits until each named point folder under POINTS_DIR holds a hidden entry (the partial
results folder of its running simulation), SIGKILLs COMMAND, snapshots the point folders,
then waits (at most TIMEOUT_S) for every orphaned descendant: with PR_SET_CHILD_SUBREAPER
the kernel reparents them to this process, so their exit status can be read, which tells a
simulation killed with its parent ("signal 9") from one that ran on to the end ("exit 0").
Prints one JSON report on stdout: the command's children when it was killed, each orphan's
end, the survivors at the deadline (then SIGKILLed) and both snapshots.
"""
import ctypes
import json
import os
import signal
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36  # <sys/prctl.h>


def children_of(pid):
    """{child pid: command line} from /proc."""
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                with open("/proc/%s/cmdline" % name, "rb") as f:
                    found[int(name)] = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except (OSError, IndexError, ValueError):  # gone meanwhile
            pass
    return found


def hidden_entries(points):
    """POINT/ENTRY for every hidden entry of a point folder."""
    if not os.path.isdir(points):
        return []
    return sorted(p + "/" + e for p in os.listdir(points) if os.path.isdir(os.path.join(points, p))
                  for e in os.listdir(os.path.join(points, p)) if e.startswith("."))


def running(points, names):
    busy = {e.split("/")[0] for e in hidden_entries(points)}
    return all(n in busy for n in names)


def snapshot(points):
    """Every path under the point folders with its kind, size and modification time."""
    tree = {}
    for folder, dirs, files in os.walk(points):
        for name in dirs + files:
            path = os.path.join(folder, name)
            try:
                st = os.lstat(path)
            except FileNotFoundError:
                continue
            tree[os.path.relpath(path, points)] = [name in dirs, st.st_size, st.st_mtime_ns]
    return tree


def describe(status):
    if os.WIFSIGNALED(status):
        return "signal %d" % os.WTERMSIG(status)
    return "exit %d" % os.WEXITSTATUS(status)


def main(argv):
    points, names, timeout = argv[1], argv[2].split(","), float(argv[3])
    command = argv[argv.index("--") + 1:]
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.exit("reaper.py: prctl(PR_SET_CHILD_SUBREAPER): %s" % os.strerror(ctypes.get_errno()))
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    while not running(points, names):
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            sys.exit("reaper.py: %s ended or timed out before points %s were running"
                     % (" ".join(command), ", ".join(names)))
        time.sleep(0.01)
    report = {"children": children_of(proc.pid), "partials": hidden_entries(points)}
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    report["before"] = snapshot(points)
    orphans, deadline = {}, time.monotonic() + timeout
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:  # none left
            break
        if pid:
            orphans[pid] = describe(status)
        elif time.monotonic() > deadline:
            break
        else:
            time.sleep(0.01)
    survivors = children_of(os.getpid())
    for pid in survivors:
        os.kill(pid, signal.SIGKILL)
    report.update(orphans=orphans, survivors=survivors, after=snapshot(points))
    json.dump(report, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
