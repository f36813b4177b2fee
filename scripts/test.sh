#!/usr/bin/env bash
# Installs what is missing, builds Billow with its tests and runs them all (on lavapipe, with the
# Vulkan validation layer on, when the machine has no GPU), then cross-builds the library for Windows
# (scripts/cross-windows.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build
# The Windows cross build (label cross-windows) takes 2.5 to 3.5 minutes on 2 cores: it runs after the
# suite, alone, instead of beside the GPU tests.
ctest --test-dir build --output-on-failure -j "$(nproc)" -LE cross-windows
scripts/cross-windows.sh build-windows
