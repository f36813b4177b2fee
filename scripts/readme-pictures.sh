#!/usr/bin/env bash
# Remakes the README's 3D pictures from the bundled campfire with the scene runner:
# docs/images/campfire.png (render frame 20, t = 3.2 s, 448 x 640) and docs/images/campfire.gif
# (all 26 render frames, 8 per second, scaled to 308 x 440 with a 128-colour palette, about
# 0.8 MB). The run is the full 48 x 72 x 48 grid: seconds on a GPU, about 6 minutes of CPU time on
# lavapipe (run it with nice on a shared machine). Needs a built scene runner (scripts/demo.sh
# builds it) and ffmpeg.
set -euo pipefail
cd "$(dirname "$0")/.."
runner=build/examples/scene_runner/scene_runner
out=out/readme_campfire

"$runner" examples/scenes/campfire.json --out "$out" --pictures-every 4 --animation none "$@"
cp "$out/render/0020.png" docs/images/campfire.png
ffmpeg -loglevel error -y -framerate 8 -i "$out/render/%04d.png" \
    -vf "scale=308:440:flags=lanczos,split[a][b];[a]palettegen=max_colors=128[p];[b][p]paletteuse=dither=bayer:bayer_scale=3" \
    -loop 0 docs/images/campfire.gif
ls -l docs/images/campfire.png docs/images/campfire.gif
