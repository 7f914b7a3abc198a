#!/usr/bin/env bash
# The sanitizer run (docs/testing.md, "Sanitizers"): the whole tree built with ASan and
# UBSan (gcc, -DGFX_SANITIZE=ON, -O1) and the whole ctest suite run under them.
#
#   scripts/sanitize.sh [BUILD_DIR]       configure, build, run; BUILD_DIR default build-san
#
# The build type is Release, as scripts/bootstrap.sh configures it (tests/e2e/
# test_bootstrap.py runs that script on this folder); GFX_SANITIZE makes it -O1 -g1.
# Exit status: 0 when every test passed and no test's output holds a sanitizer report (the
# logs are searched as a backstop: a report fails its test by itself), 1 otherwise, 2 usage.
# Environment: JOBS (compile and test jobs, default: number of cores), SANITIZE_CXX (the
# compiler of a new build folder, default g++).
set -euo pipefail

src=$(cd "$(dirname "$0")/.." && pwd)
case "${1:-}" in -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
[ $# -le 1 ] || { echo "usage: scripts/sanitize.sh [BUILD_DIR]" >&2; exit 2; }
build=${1:-build-san}
case "$build" in /*) ;; *) build=$PWD/$build ;; esac
jobs=${JOBS:-$(nproc)}
start=$(date +%s)

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
mkdir -p "$build"
if ! CXX=${SANITIZE_CXX:-g++} cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DGFX_SANITIZE=ON -DPython3_EXECUTABLE=/usr/bin/python3 "${launcher[@]}" >"$build/configure.log" 2>&1; then
  cat "$build/configure.log" >&2
  echo "sanitize.sh: configuring $build failed" >&2
  exit 1
fi
cmake --build "$build" -j "$jobs"
"$src/scripts/tess_traces.sh" "$build"
built=$(date +%s)

# Every entry must carry the sanitizer options, and every pytest entry the preload too
# (gfx_test_environment in tests/CMakeLists.txt): an entry registered some other way would
# run with ASan's defaults, or not start at all.
ctest --test-dir "$build" --show-only=json-v1 | /usr/bin/python3 -c '
import json, sys
bad = []
for t in json.load(sys.stdin)["tests"]:
    env = [v for p in t.get("properties", []) if p["name"] == "ENVIRONMENT" for v in p["value"]]
    names = {e.split("=", 1)[0] for e in env}
    python = "python" in t["command"][0]
    need = {"ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS"} | ({"LD_PRELOAD"} if python else set())
    if need - names:
        bad.append("%s (no %s)" % (t["name"], ", ".join(sorted(need - names))))
if bad:
    sys.exit("sanitize.sh: ctest entries without the sanitizer environment: " + "; ".join(bad))
'

status=0
if ! ctest --test-dir "$build" --output-on-failure -j "$jobs" | tee "$build/sanitize-ctest.log"; then
  status=1
fi
end=$(date +%s)

# LastTest.log holds the output of every test, passed or not.
log="$build/Testing/Temporary/LastTest.log"
reports=$(grep -c -E "ERROR: AddressSanitizer|runtime error:|ERROR: LeakSanitizer" "$log" || true)
if [ "$reports" -ne 0 ]; then
  echo "sanitize.sh: sanitizer reports in $log:" >&2
  grep -n -E "ERROR: AddressSanitizer|runtime error:|ERROR: LeakSanitizer" "$log" | head -n 20 >&2
  status=1
fi
summary=$(grep -E "tests passed, [0-9]+ tests? failed out of [0-9]+" "$build/sanitize-ctest.log" | tail -n 1 || true)
elapsed() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }
echo "sanitize.sh: ${summary:-no ctest summary}; $reports sanitizer reports;" \
     "wall $(elapsed $((end - start))) (build $(elapsed $((built - start))), tests $(elapsed $((end - built))))" \
     "in $build"
exit "$status"
