#!/usr/bin/env bash
# The README demo: installs what is missing, builds Billow's scene runner and runs the buoyant
# plume scene (examples/scenes/plume.json) headless, on lavapipe when there is no GPU. Pictures,
# fields, metrics and the animation land in out/plume/.
#
#   scripts/demo.sh                  # the plume; smaller on a CPU-only machine (the run: about 25 s on 2 cores)
#   scripts/demo.sh --scale 1        # full size anywhere; any scene_runner option passes through
#   SCENE=examples/scenes/cylinder.json scripts/demo.sh    # another bundled scene
#   SCENE=examples/scenes/lake_drain.json scripts/demo.sh  # shallow water: a lake drains through a dug channel
set -euo pipefail
cd "$(dirname "$0")/.."
scene="${SCENE:-examples/scenes/plume.json}"
name="$(basename "$scene" .json)"

scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target scene_runner
runner=build/examples/scene_runner/scene_runner

# Without a GPU (only a CPU Vulkan device such as lavapipe), run at 3/4 of the cells per axis so
# the demo finishes in a minute or two; the picture is the same scene, a little softer.
options=()
if [ $# -eq 0 ] && ! "$runner" --device list | grep -Eq '\((discrete|integrated|virtual),'; then
    echo "demo: no GPU found, running on the CPU (lavapipe) at 3/4 size"
    options=(--scale 0.75)
fi
"$runner" "$scene" --out "out/$name" "${options[@]}" "$@"

echo
echo "Open out/$name/$name.gif (the animation), out/$name/sheet/NNNN.png (every view of a frame on"
echo "one page), or one view's frames in out/$name/<view>/NNNN.png: dye and the diagnostic views"
echo "(each with its colour bar) for smoke scenes, water over shaded terrain, depth and speed for water."
