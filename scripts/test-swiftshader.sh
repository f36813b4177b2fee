#!/usr/bin/env bash
# The test programs on SwiftShader, Google's CPU Vulkan driver (Debian's chromium-common), with the
# validation layer on: the third Vulkan implementation beside lavapipe and the GPU. It takes the
# minimum workgroup profile (256 invocations a workgroup, below the wide profile's 1024).
# scripts/test.sh runs the programs labelled swiftshader (about 5 minutes of one core); this runs
# every GoogleTest program, each bounded at 30 minutes, and prints the counts the way
# scripts/test-gpu.sh does (it is that script's runner, pointed at SwiftShader). SwiftShader is 3
# to 10 times slower than lavapipe: the whole set takes hours on 2 cores, so name programs to run
# fewer.
#
#   scripts/test-swiftshader.sh [build dir]                    every program of the build tree
#   scripts/test-swiftshader.sh [build dir] test_kernels ...   the programs named
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
build=${1:-build}
shift || true
icd=/usr/lib/chromium/vk_swiftshader_icd.json
[ -f "$icd" ] || { echo "test-swiftshader: no $icd (install chromium-common)" >&2; exit 1; }
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build"
run_dir="$build"
if [ $# -gt 0 ]; then
    # A tree of links to the programs named, for the runner to run.
    run_dir="$(mktemp -d)"
    trap 'rm -rf "$run_dir"' EXIT
    mkdir -p "$run_dir/tests"
    ln -s "$(realpath "$build")/examples" "$run_dir/examples"
    for p in "$@"; do ln -s "$(realpath "$build")/tests/$p" "$run_dir/tests/$p"; done
fi
export VK_DRIVER_FILES=$icd VK_ICD_FILENAMES=$icd BILLOW_DEVICE=cpu
export BILLOW_GPU_TEST_JOBS="${BILLOW_GPU_TEST_JOBS:-$(nproc)}"
scripts/test-gpu.sh --run "$run_dir"
