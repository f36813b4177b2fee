#!/usr/bin/env bash
# Installs what is missing, builds Billow with its tests and runs them all (on lavapipe, with the
# Vulkan validation layer on, when the machine has no GPU).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build
ctest --test-dir build --output-on-failure -j "$(nproc)"
