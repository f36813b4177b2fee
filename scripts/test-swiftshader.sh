#!/usr/bin/env bash
# The whole test suite on SwiftShader, Google's CPU Vulkan driver (Debian's chromium-common), with
# the validation layer on: the third Vulkan implementation beside lavapipe and the GPU. It takes
# its minimum workgroup profile (256 invocations a workgroup, below the wide profile's 1024).
# scripts/test.sh runs the subset labelled swiftshader; this runs every program, and takes about
# twice lavapipe's time. Usage: scripts/test-swiftshader.sh [build dir] [ctest arguments ...]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
build=${1:-build}
shift || true
icd=/usr/lib/chromium/vk_swiftshader_icd.json
[ -f "$icd" ] || { echo "test-swiftshader: no $icd (install chromium-common)" >&2; exit 1; }
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$build"
# The programs themselves (the swiftshader label is that subset again); the cross build has no GPU part.
VK_DRIVER_FILES=$icd VK_ICD_FILENAMES=$icd BILLOW_DEVICE='' \
    ctest --test-dir "$build" --output-on-failure -j "$(nproc)" -LE 'cross-windows|swiftshader' "$@"
