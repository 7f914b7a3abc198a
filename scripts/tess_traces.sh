#!/usr/bin/env bash
# The tessellation traces that are not bundled: BUILD_DIR/traces/teapot.gfxt and
# bunny.gfxt, written with the build's own Python trace builder from the npm packages
# `three` and `bunny` (fetched into BUILD_DIR/assets, never committed). Run by
# scripts/bootstrap.sh and scripts/sanitize.sh after the build.
#
#   scripts/tess_traces.sh BUILD_DIR
#
# In a GFX_SANITIZE build, Python loads an instrumented module: the environment it needs
# (the ASan preload, tests/sanitizers/sanitize.cmake) is read from
# BUILD_DIR/sanitizers/python.env, which only such a build has.
set -euo pipefail

cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: scripts/tess_traces.sh BUILD_DIR" >&2; exit 2; }
build=$1
[ -d "$build/python/gfxsim" ] || { echo "tess_traces.sh: no Python package in $build/python (build first)" >&2; exit 1; }

if ! command -v npm >/dev/null; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends npm
fi
assets="$build/assets/node_modules"
if [ ! -f "$assets/three/examples/jsm/geometries/TeapotGeometry.js" ] || [ ! -f "$assets/bunny/index.js" ]; then
  # Pinned so the generated traces (and the figures quoted from them) stay the same.
  npm install --prefix "$build/assets" --no-audit --no-fund three@0.187.0 bunny@1.0.1 >/dev/null
fi

python=(env "PYTHONPATH=$build/python")
if [ -f "$build/sanitizers/python.env" ]; then
  mapfile -t sanitizer_env <"$build/sanitizers/python.env"
  python+=("${sanitizer_env[@]}")
fi
python+=(/usr/bin/python3)
mkdir -p "$build/traces"
"${python[@]}" scripts/make_teapot_trace.py --three "$assets/three" -o "$build/traces/teapot.gfxt"
"${python[@]}" scripts/make_bunny_trace.py --bunny "$assets/bunny" -o "$build/traces/bunny.gfxt"
