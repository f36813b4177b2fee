#!/usr/bin/env bash
# The README demo: installs what is missing, builds Billow's scene runner and runs, headless, the
# 3D campfire (examples/scenes/campfire.json: fuel, flames and smoke, ray-marched on the GPU) and
# the 2D buoyant plume (examples/scenes/plume.json). Pictures, fields, metrics and the animations
# land in out/campfire/ and out/plume/.
#
#   scripts/demo.sh                  # both; smaller on a CPU-only machine (about 2 min on 2 cores)
#   scripts/demo.sh --scale 1        # both at full size anywhere; any scene_runner option passes through
#   SCENE=examples/scenes/cylinder.json scripts/demo.sh    # one other bundled scene instead
#   SCENE=examples/scenes/lake_drain.json scripts/demo.sh  # shallow water: a lake drains through a dug channel
#   SCENE=examples/scenes/rain_on_mountain.json scripts/demo.sh  # erosion: rain cuts valleys; the GIF is the terrain
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target scene_runner
runner=build/examples/scene_runner/scene_runner

# Without a GPU (only a CPU Vulkan device such as lavapipe) the scenes run smaller, so the demo
# finishes in about two minutes on two cores: the campfire at half the cells per axis (24 x 36 x 24,
# 3 s of flames, a 320-pixel render every 4th step), the plume at 3/4 of the cells per axis.
# Options on the command line replace these.
on_cpu=0
if ! "$runner" --device list | grep -Eq '\((discrete|integrated|virtual),'; then on_cpu=1; fi
if [ $on_cpu -eq 1 ] && [ $# -eq 0 ]; then
    echo "demo: no GPU found, running on the CPU (lavapipe) at a smaller size"
fi

# run SCENE [options used on the CPU when none are given]
written=()
run() {
    local scene=$1 name
    shift
    name="$(basename "$scene" .json)"
    local options=()
    if [ $on_cpu -eq 1 ] && [ $# -gt 0 ] && [ ${#passed[@]} -eq 0 ]; then options=("$@"); fi
    "$runner" "$scene" --out "out/$name" "${options[@]}" "${passed[@]}"
    written+=("$name")
    echo
}

passed=("$@")
if [ -n "${SCENE:-}" ]; then
    if grep -Eq '"solver" *: *"smoke3d"' "$SCENE"; then
        run "$SCENE" --scale 0.5 --render-width 320 --pictures-every 4
    else
        run "$SCENE" --scale 0.75
    fi
else
    run examples/scenes/campfire.json --scale 0.5 --seconds 3 --render-width 320 --pictures-every 4
    run examples/scenes/plume.json --scale 0.75
fi

for name in "${written[@]}"; do
    echo "Open out/$name/$name.gif (the animation), out/$name/sheet/NNNN.png (every view of a frame on one"
    echo "page), or one view's frames in out/$name/<view>/NNNN.png."
done
echo "Views: for 3D scenes the ray-marched render and slices (each with its colour bar); for smoke"
echo "scenes the dye and the diagnostic views; for water, water over shaded terrain, depth and speed."
