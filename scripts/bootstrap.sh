#!/usr/bin/env bash
# gfxsim bootstrap: install what is missing (Debian 12, apt), build, then either run the
# main job (default config on the bundled 640x480 scene) or the whole test suite.
#
#   scripts/bootstrap.sh          install, build gfxsim only, run  -> results/scene640/
#   scripts/bootstrap.sh --test   install, build everything, write the tessellation traces,
#                                 run every test (ctest: C++ and pytest), then again
#                                 under ASan and UBSan (scripts/sanitize.sh)
#   scripts/bootstrap.sh --help   this text
#
# Environment: BUILD_DIR (default build), JOBS (default: number of cores),
#              OUT_DIR (main job's results folder, default results/scene640),
#              SANITIZE_BUILD_DIR (--test: the sanitizer build, default BUILD_DIR-san),
#              SANITIZE=0 (--test: skip the sanitizer stage).
set -euo pipefail

cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
JOBS=${JOBS:-$(nproc)}
OUT_DIR=${OUT_DIR:-results/scene640}
mode=run
case "${1:-}" in
  "") ;;
  --test) mode=test ;;
  -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
  *) echo "bootstrap.sh: unknown argument '$1' (use --test or nothing)" >&2; exit 2 ;;
esac

# Debian packages the build, the tests and the Python tools need.
packages=(build-essential cmake ninja-build pkg-config git
          libsystemc-dev libyaml-cpp-dev libboost-dev libboost-program-options-dev
          libgtest-dev libgmock-dev zlib1g-dev libpng-dev nlohmann-json3-dev
          python3 python3-dev pybind11-dev python3-pybind11 python3-pytest python3-numpy
          python3-yaml python3-matplotlib python3-distributed python3-jinja2)
# The tests also build the libFuzzer harnesses (tests/fuzz), which need clang's runtime.
if [ "$mode" = test ]; then packages+=(clang libclang-rt-14-dev); fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "bootstrap: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPython3_EXECUTABLE=/usr/bin/python3 >/dev/null

if [ "$mode" = test ]; then
  cmake --build "$BUILD_DIR" -j "$JOBS"
  # Tessellator traces (teapot, bunny) into $BUILD_DIR/traces: npm assets fetched, never
  # committed; they need the Python module, and only the tests read them.
  scripts/tess_traces.sh "$BUILD_DIR"
  # The clang fuzz build the fuzz_* tests run (scripts/fuzz.sh; 77: no clang, they skip).
  fuzz_status=0
  FUZZ_BUILD_DIR="$BUILD_DIR/fuzz" FUZZ_BUILD_JOBS="$JOBS" scripts/fuzz.sh --build || fuzz_status=$?
  [ "$fuzz_status" -eq 0 ] || [ "$fuzz_status" -eq 77 ] || exit "$fuzz_status"
  ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$JOBS"
  # Second stage: the whole tree rebuilt with ASan and UBSan in its own folder and the
  # whole suite again (docs/testing.md, "Sanitizers": about 16 minutes on 2 cores).
  if [ "${SANITIZE:-1}" != 0 ]; then
    JOBS="$JOBS" scripts/sanitize.sh "${SANITIZE_BUILD_DIR:-$BUILD_DIR-san}"
  fi
else
  # Only the simulator: the first result does not wait for the tools, the Python module
  # and the test binaries (about half the build), which --test builds.
  cmake --build "$BUILD_DIR" -j "$JOBS" --target gfxsim
  "$BUILD_DIR"/gfxsim traces/scene640.gfxt --config baseline --out "$OUT_DIR"
  echo "bootstrap: results in $OUT_DIR (frames/, stats.json, frames.csv, draws.csv, config.yaml)"
fi
