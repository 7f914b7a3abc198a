#!/usr/bin/env bash
# Fuzzing the parsers with libFuzzer (tests/fuzz; docs/testing.md, "Fuzzing").
#
#   scripts/fuzz.sh NAME SECONDS [libFuzzer options]   fuzz one harness for SECONDS
#   scripts/fuzz.sh --build                            configure and build the fuzz build only
#   scripts/fuzz.sh --list                             the harness names
#   scripts/fuzz.sh --check NAME RUNS                  a short run with a fixed seed (ctest)
#
# The fuzz build is a separate clang build of the same tree (-DGFX_FUZZ=ON) that holds only
# the parser libraries, the harnesses and the generated seed corpus; it is configured and
# brought up to date before every run.
# Environment: FUZZ_BUILD_DIR (default build-fuzz), FUZZ_OUT (default FUZZ_BUILD_DIR/runs:
# NAME/corpus keeps what a run found, NAME/artifacts its crash, timeout and oom inputs),
# FUZZ_JOBS (parallel fuzzing processes, default 1), FUZZ_CXX (default clang++),
# FUZZ_BUILD_JOBS (compile jobs, default 2).
# Exit status: 0 nothing found, 1 a finding (its input is in artifacts), 2 usage error,
# 77 clang or libFuzzer missing (ctest reads it as "skipped").
set -euo pipefail

src=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD_DIR:-$src/build-fuzz}
case "$build" in /*) ;; *) build=$PWD/$build ;; esac
out=${FUZZ_OUT:-$build/runs}
case "$out" in /*) ;; *) out=$PWD/$out ;; esac
cxx=${FUZZ_CXX:-clang++}
# The harnesses write every input to a scratch file: keep those writes in memory if we can.
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then export TMPDIR=/dev/shm; fi
harnesses=$(sed -n 's/^set(GFX_FUZZ_HARNESSES \(.*\))$/\1/p' "$src/tests/fuzz/CMakeLists.txt")

usage() { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }
die() { echo "fuzz.sh: $*" >&2; exit 2; }

# clang++ and its libFuzzer runtime (Debian: clang, libclang-rt-14-dev), or exit 77.
need_clang() {
  if ! command -v "$cxx" >/dev/null; then
    echo "fuzz.sh: $cxx not found: fuzz harnesses not built (install clang and libclang-rt-14-dev)"
    exit 77
  fi
  local rt
  rt=$("$cxx" -print-runtime-dir 2>/dev/null || true)
  if [ ! -f "$rt/libclang_rt.fuzzer-x86_64.a" ] && [ ! -f "$rt/libclang_rt.fuzzer.a" ]; then
    echo "fuzz.sh: no libFuzzer runtime in '$rt': fuzz harnesses not built (install libclang-rt-14-dev)"
    exit 77
  fi
}

build_fuzz() {
  need_clang
  local launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  mkdir -p "$build"
  # Configure once; ninja reconfigures by itself when a CMake file changes.
  if [ ! -f "$build/build.ninja" ]; then
    if ! cmake -S "$src" -B "$build" -G Ninja -DGFX_FUZZ=ON -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CXX_COMPILER="$cxx" "${launcher[@]}" >"$build/configure.log" 2>&1; then
      cat "$build/configure.log" >&2
      echo "fuzz.sh: configuring $build failed" >&2
      exit 1
    fi
  fi
  if ! cmake --build "$build" -j "${FUZZ_BUILD_JOBS:-2}" >"$build/build.log" 2>&1; then
    tail -n 60 "$build/build.log" >&2
    echo "fuzz.sh: building $build failed (whole log: $build/build.log)" >&2
    exit 1
  fi
}

check_name() {
  case " $harnesses " in *" $1 "*) ;; *) die "unknown harness '$1' (one of: $harnesses)" ;; esac
}

# Options every run gets: the dictionary, and the bounds that turn a hang or a runaway
# allocation into a finding instead of a stuck machine.
common_options() {
  local name=$1
  local opts=(-rss_limit_mb=2048 -malloc_limit_mb=2048 -print_final_stats=1)
  [ -f "$build/corpus/$name.dict" ] && opts+=(-dict="$build/corpus/$name.dict")
  echo "${opts[@]}"
}

# "crash 0, timeout 0, oom 0" for the artifacts folder $1 (leaks count as crashes).
count_findings() {
  local dir=$1 kind n list=()
  for kind in crash timeout oom; do
    n=$(find "$dir" -maxdepth 1 -type f -name "$kind-*" | wc -l)
    [ "$kind" = crash ] && n=$((n + $(find "$dir" -maxdepth 1 -type f -name 'leak-*' | wc -l)))
    list+=("$n")
  done
  echo "${list[@]}"
}

# Sum of a final-stats figure over the logs given.
stat_sum() {
  local key=$1; shift
  cat "$@" 2>/dev/null | sed -n "s/^stat::$key: *\([0-9]*\)$/\1/p" | awk '{s += $1} END {print s + 0}'
}

report() {
  local name=$1 seconds=$2 dir=$3; shift 3
  local execs crashes timeouts ooms
  execs=$(stat_sum number_of_executed_units "$@")
  read -r crashes timeouts ooms < <(count_findings "$dir/artifacts")
  echo "fuzz $name: $execs executions in ${seconds}s; $crashes crashes, $timeouts timeouts," \
       "$ooms out-of-memory"
  echo "  corpus (new inputs): $dir/corpus ($(find "$dir/corpus" -type f | wc -l) files)"
  echo "  artifacts: $dir/artifacts; log: $*"
  [ $((crashes + timeouts + ooms)) -eq 0 ]
}

run() {
  local name=$1 seconds=$2; shift 2
  [[ "$seconds" =~ ^[0-9]+$ ]] && [ "$seconds" -gt 0 ] || die "SECONDS must be a whole number > 0"
  check_name "$name"
  local exe=$build/tests/fuzz/fuzz_$name jobs=${FUZZ_JOBS:-1}
  [[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die "FUZZ_JOBS must be a whole number > 0"
  build_fuzz
  local dir=$out/$name
  mkdir -p "$dir/corpus" "$dir/artifacts" "$dir/logs"
  rm -f "$dir"/logs/fuzz-*.log
  # New inputs go into the first folder (kept across runs); the seeds are only read.
  local args=("$dir/corpus" "$build/corpus/$name" $(common_options "$name")
              -max_total_time="$seconds" -timeout=10 -artifact_prefix="$dir/artifacts/")
  echo "fuzz.sh: $name for ${seconds}s, $jobs job(s); log in $dir/logs"
  local status=0
  if [ "$jobs" -gt 1 ]; then
    # -jobs writes one fuzz-N.log per job into the current folder.
    (cd "$dir/logs" && "$exe" "${args[@]}" -jobs="$jobs" -workers="$jobs" "$@" \
       >"$dir/logs/main.log" 2>&1) || status=$?
    report "$name" "$seconds" "$dir" "$dir"/logs/fuzz-*.log || status=1
  else
    "$exe" "${args[@]}" "$@" >"$dir/logs/fuzz-0.log" 2>&1 || status=$?
    report "$name" "$seconds" "$dir" "$dir/logs/fuzz-0.log" || status=1
  fi
  if [ "$status" -ne 0 ]; then
    grep -h -m 3 -E "^==[0-9]+==ERROR|gfxsim fuzz finding|^SUMMARY|deadly signal|Test unit written" \
      "$dir"/logs/*.log >&2 || true
    return 1
  fi
}

# A short, reproducible run: -seed fixed, a fixed number of executions over the seeds and
# their mutations, in a folder emptied first so each run starts from the seeds alone, and
# a fixed scratch folder (the harness's file names reach the messages it compares).
check() {
  local name=$1 runs=$2
  [[ "$runs" =~ ^[0-9]+$ ]] || die "RUNS must be a whole number"
  check_name "$name"
  local exe=$build/tests/fuzz/fuzz_$name
  need_clang
  [ -x "$exe" ] || { echo "fuzz.sh: $exe is missing: run scripts/fuzz.sh --build"; exit 1; }
  local dir=$build/check/$name
  rm -rf "$dir"
  mkdir -p "$dir/corpus" "$dir/artifacts"
  local status=0
  # Without address-space randomization too: addresses change the order of hashed and
  # pointer-keyed containers between runs, and with it the coverage that steers mutations.
  local fixed=()
  setarch "$(uname -m)" -R true 2>/dev/null && fixed=(setarch "$(uname -m)" -R)
  GFX_FUZZ_SCRATCH=$dir/scratch "${fixed[@]}" \
  "$exe" "$dir/corpus" "$build/corpus/$name" $(common_options "$name") -runs="$runs" -seed=1 \
    -timeout=30 -artifact_prefix="$dir/artifacts/" >"$dir/fuzz.log" 2>&1 || status=$?
  if ! report "$name" "-" "$dir" "$dir/fuzz.log" >"$dir/report.txt" || [ "$status" -ne 0 ]; then
    cat "$dir/report.txt"
    grep -v -E "^#[0-9]+ +(NEW|REDUCE|pulse)|^\s+NEW_FUNC" "$dir/fuzz.log" | tail -n 60
    echo "fuzz.sh: $name: a finding (exit status $status); its input is in $dir/artifacts"
    exit 1
  fi
  head -n 1 "$dir/report.txt" | sed "s/ in -s;/ (-runs=$runs -seed=1);/"
}

case "${1:-}" in
  --build) [ $# -eq 1 ] || usage; build_fuzz; echo "fuzz.sh: harnesses and seed corpus in $build" ;;
  --list) [ $# -eq 1 ] || usage; echo "$harnesses" | tr ' ' '\n' ;;
  --check) [ $# -eq 3 ] || usage; check "$2" "$3" ;;
  -h|--help) usage 0 ;;
  "") usage ;;
  -*) die "unknown option '$1'" ;;
  *) [ $# -ge 2 ] || usage; run "$@" ;;
esac
