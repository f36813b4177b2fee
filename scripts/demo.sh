#!/usr/bin/env bash
# Installs what is missing, builds Eddy and runs the buoyant-plume demo headless (on lavapipe
# when there is no GPU). Pictures and the animation land in out/plume/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build --target plume_demo
./build/examples/plume_demo/plume_demo --out out/plume "$@"
echo "Open out/plume/plume.gif (animation) or out/plume/dye_*.png / vorticity_*.png (frames)."
